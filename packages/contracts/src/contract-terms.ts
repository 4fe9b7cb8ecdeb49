import type { Localized } from './i18n';
import { defineMachine } from './state-machine';

/**
 * Electronic contracts (电子合同): permission codes, states and their labels, placeholders, limits.
 * The calls are in contracts.ts.
 * Every deal (a confirmed listing order, an auction result, a
 * tender award) gets a contract made from its market's template for its origin; each party's
 * authorised user signs it with a fresh SMS code or declines it; the platform seals the signed
 * file with a certificate of completion. Anyone may check a contract PDF against the platform.
 */

/** Company users see, sign and decline their company's contracts with this permission code. */
export const CONTRACT_PERMISSION = 'trade:contract';
/** Operators keep the templates and the per-market settings and watch every contract. */
export const CONTRACT_ADMIN_PERMISSION = 'trade:contract-admin';

const l = (zhCN: string, enUS: string, zhTW: string): Localized => ({ 'zh-CN': zhCN, 'en-US': enUS, 'zh-TW': zhTW });

/** Where a deal came from; a template serves one origin. */
export const CONTRACT_ORIGINS = ['listing', 'auction', 'tender'] as const;
export type ContractOrigin = (typeof CONTRACT_ORIGINS)[number];
export const CONTRACT_ORIGIN_LABELS: Record<ContractOrigin, Localized> = {
  listing: l('挂牌交易', 'Listing', '掛牌交易'),
  auction: l('竞价交易', 'Auction', '競價交易'),
  tender: l('招标采购', 'Tender', '招標採購'),
};

/** A contract's states: awaiting signatures, completed (both signed and sealed), declined, expired. */
export const CONTRACT_STATES = {
  1: l('待签署', 'Awaiting signatures', '待簽署'),
  2: l('已完成', 'Completed', '已完成'),
  3: l('已拒签', 'Declined', '已拒簽'),
  4: l('已过期', 'Expired', '已過期'),
} as const;
export const CONTRACT_STATE_VALUES = [1, 2, 3, 4] as const;
export type ContractState = (typeof CONTRACT_STATE_VALUES)[number];

/** A party's part: waiting to sign, signed, declined. */
export const CONTRACT_PARTY_STATES = {
  0: l('待签署', 'To sign', '待簽署'),
  1: l('已签署', 'Signed', '已簽署'),
  2: l('已拒签', 'Declined', '已拒簽'),
} as const;
export const CONTRACT_PARTY_STATE_VALUES = [0, 1, 2] as const;
export type ContractPartyState = (typeof CONTRACT_PARTY_STATE_VALUES)[number];

export const CONTRACT_SIDES = ['buyer', 'seller'] as const;
export type ContractSide = (typeof CONTRACT_SIDES)[number];
export const CONTRACT_SIDE_LABELS: Record<ContractSide, Localized> = {
  buyer: l('买方', 'Buyer', '買方'),
  seller: l('卖方', 'Seller', '賣方'),
};

/** What the audit trail records; each with actor, time, address and user agent. */
export const CONTRACT_EVENT_KINDS = ['generated', 'viewed', 'codeSent', 'signed', 'declined', 'sealed', 'expired'] as const;
export type ContractEventKind = (typeof CONTRACT_EVENT_KINDS)[number];
export const CONTRACT_EVENT_LABELS: Record<ContractEventKind, Localized> = {
  generated: l('合同生成', 'Generated', '合約生成'),
  viewed: l('查看合同', 'Viewed', '查看合約'),
  codeSent: l('发送签署验证码', 'Signing code sent', '發送簽署驗證碼'),
  signed: l('签署', 'Signed', '簽署'),
  declined: l('拒签', 'Declined', '拒簽'),
  sealed: l('平台签章', 'Sealed by the platform', '平台簽章'),
  expired: l('签署期限已过', 'Signing deadline passed', '簽署期限已過'),
};

/** The list filters of "my contracts". */
export const CONTRACT_FILTERS = ['toSign', 'signedByMe', 'completed', 'declined', 'expired'] as const;
export type ContractFilter = (typeof CONTRACT_FILTERS)[number];
export const CONTRACT_FILTER_LABELS: Record<ContractFilter, Localized> = {
  toSign: l('待我签署', 'To sign', '待我簽署'),
  signedByMe: l('我已签署', 'Signed by me', '我已簽署'),
  completed: l('已完成', 'Completed', '已完成'),
  declined: l('已拒签', 'Declined', '已拒簽'),
  expired: l('已过期', 'Expired', '已過期'),
};

/** What the caller may do to a contract now. */
export const CONTRACT_ACTIONS = ['sendCode', 'sign', 'decline'] as const;
export type ContractAction = (typeof CONTRACT_ACTIONS)[number];

/**
 * The placeholders a template's text may hold, written `{{name}}`; the generator fills each in
 * from the deal. Unknown names are refused when a template is saved.
 */
export const CONTRACT_PLACEHOLDERS = {
  contractNo: l('合同编号', 'Contract number', '合約編號'),
  orderNo: l('订单号', 'Order number', '訂單號'),
  signDate: l('合同生成日期', 'Date made', '合約生成日期'),
  originName: l('来源（挂牌/竞价/招标名称）', 'Origin (listing, auction or tender name)', '來源（掛牌/競價/招標名稱）'),
  'buyer.name': l('买方名称', 'Buyer name', '買方名稱'),
  'buyer.creditCode': l('买方统一社会信用代码', 'Buyer registration number', '買方統一社會信用代碼'),
  'buyer.address': l('买方地址', 'Buyer address', '買方地址'),
  'buyer.contact': l('买方联系人', 'Buyer contact', '買方聯絡人'),
  'buyer.phone': l('买方联系电话', 'Buyer phone', '買方聯絡電話'),
  'seller.name': l('卖方名称', 'Seller name', '賣方名稱'),
  'seller.creditCode': l('卖方统一社会信用代码', 'Seller registration number', '賣方統一社會信用代碼'),
  'seller.address': l('卖方地址', 'Seller address', '賣方地址'),
  'seller.contact': l('卖方联系人', 'Seller contact', '賣方聯絡人'),
  'seller.phone': l('卖方联系电话', 'Seller phone', '賣方聯絡電話'),
  'goods.variety': l('品种', 'Variety', '品種'),
  'goods.spec': l('规格', 'Specification', '規格'),
  'goods.quantity': l('数量', 'Quantity', '數量'),
  'goods.unit': l('单位', 'Unit', '單位'),
  'goods.unitPrice': l('单价', 'Unit price', '單價'),
  'goods.amount': l('金额（小写）', 'Amount in figures', '金額（小寫）'),
  'goods.amountInWords': l('金额（大写）', 'Amount in Chinese capitals', '金額（大寫）'),
  'goods.currency': l('币种', 'Currency', '幣種'),
  'delivery.place': l('交货地点', 'Delivery place', '交貨地點'),
  'delivery.period': l('交货期限', 'Delivery period', '交貨期限'),
  'delivery.transport': l('运输方式', 'Transport', '運輸方式'),
  'delivery.address': l('收货地址', 'Delivery address', '收貨地址'),
  'payment.type': l('付款方式', 'Payment type', '付款方式'),
  'payment.deadline': l('付款期限', 'Payment deadline', '付款期限'),
  'payment.deposit': l('保证金', 'Deposit', '保證金'),
  clauses: l('平台标准条款', "The platform's standard clauses", '平台標準條款'),
} as const;
export type ContractPlaceholder = keyof typeof CONTRACT_PLACEHOLDERS;
export const CONTRACT_PLACEHOLDER_NAMES = Object.keys(CONTRACT_PLACEHOLDERS) as ContractPlaceholder[];

export const CONTRACT_LIMITS = {
  templateNameMax: 100,
  /** A template's text: sanitised rich text (HTML). */
  templateBodyMax: 100_000,
  clausesMax: 50_000,
  versionNoteMax: 200,
  declineReasonMax: 500,
  keywordMax: 40,
  /** Signing deadline after the contract is made, in hours. */
  signingHoursMin: 1,
  signingHoursMax: 720,
  signingHoursDefault: 48,
  /** The largest PDF the public check takes (bytes). */
  verifyMaxBytes: 10 * 1024 * 1024,
} as const;

/**
 * A contract's state: made awaiting both signatures; completed when the second signature is in
 * and the platform has sealed it; declined by either party; expired by the signing deadline.
 */
export const contractMachine = /* @__PURE__ */ defineMachine({
  name: 'contract',
  table: 'contracts',
  id: 'id',
  state: 'state',
  labels: CONTRACT_STATES,
  refusal: 'CONTRACT_STATE_NOT_ALLOWED',
  transitions: {
    generate: { from: [], to: [1], by: 'effect' },
    complete: { from: [1], to: [2], by: 'effect' },
    decline: { from: [1], to: [3] },
    expire: { from: [1], to: [4], by: 'job' },
  },
});

/** One party's part: it signs once or declines once. */
export const contractPartyMachine = /* @__PURE__ */ defineMachine({
  name: 'contractParty',
  table: 'contract_parties',
  id: 'id',
  state: 'state',
  labels: CONTRACT_PARTY_STATES,
  refusal: 'CONTRACT_ALREADY_SIGNED',
  transitions: {
    create: { from: [], to: [0], by: 'effect' },
    sign: { from: [0], to: [1] },
    decline: { from: [0], to: [2] },
  },
});

/** The pages menus, messages and links lead to (the pages declare the same paths). */
export const CONTRACT_PAGE_PATHS = {
  /** The company's contracts (user centre). */
  myContracts: '/trade/contracts',
  /** Operators: every contract. */
  supervision: '/admin/contracts',
  /** Operators: templates. */
  templates: '/admin/contract-templates',
  /** Operators: signing settings per market. */
  settings: '/admin/contract-settings',
  /** Anyone: check a contract PDF (portal page). */
  verify: '/contractVerify',
} as const;
