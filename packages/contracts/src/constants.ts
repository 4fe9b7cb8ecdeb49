import type { Lang, Localized } from './i18n';

/**
 * Business constants of the trading portal, written once for
 * the server (enum answers, filters) and the browser (labels, row actions, paging). No zod here:
 * the portal's trading pages import this module.
 */

const l = (zhCN: string, enUS: string, zhTW: string): Localized => ({ 'zh-CN': zhCN, 'en-US': enUS, 'zh-TW': zhTW });

// Paging and timing
export const PAGE_SIZE_OPTIONS = [8, 16, 24, 32] as const;
export const LISTING_PAGE_SIZE = 8;
export const AUCTION_PAGE_SIZE = 8;
export const TENDER_PAGE_SIZE = 10;
/** Home tender and auction tabs: rows shown per page, and how many the first load fetches. */
export const HOME_TRADE_PAGE_SIZE = 5;
export const HOME_TRADE_FIRST_LOAD = 10;
export const HOME_TRADE_ROTATE_MS = 10_000;
/** Largest page the public lists answer. */
export const MAX_PAGE_SIZE = 50;
export const MAX_PAGE_NO = 1_000_000;
export const LISTING_SEARCH_DEBOUNCE_MS = 800;
export const LISTING_USER_NAME_MAX = 30;
/** Truncation lengths on the home page. */
export const TRUNCATE = { noticeTitle: 32, tenderNo: 22, column: 8 } as const;
/**
 * Listing searches with a price, quantity or seller filter count at most this many rows; a larger
 * result reports this total with `totalCapped` (docs/decisions/041-listing-search-speed.md).
 */
export const LISTING_COUNT_CAP = 10_000;

// Listings
/** 1 on listing (shown by the market), 2 sold out, 3 withdrawn. */
export const LISTING_STATES = {
  1: l('挂牌中', 'On listing', '掛牌中'),
  2: l('已摘完', 'Sold out', '已摘完'),
  3: l('已撤牌', 'Withdrawn', '已撤牌'),
};
/** States a visitor may search; the market shows 1 by default. */
export const PUBLIC_LISTING_STATES = [1, 2] as const;
export const HOLD_BS = { 1: l('买', 'Buy', '買'), 2: l('卖', 'Sell', '賣') };
/** The direction filter offers sell only. */
export const HOLD_BS_FILTER = [2] as const;
export const LISTING_TYPES = { A: l('普通挂牌', 'Standard listing', '普通掛牌'), D: l('保证金挂牌', 'Margin listing', '保證金掛牌') };
export const LISTING_TYPE_VALUES = ['A', 'D'] as const;
export const PAYMENT_TYPES = { 1: l('承兑', 'Acceptance', '承兌'), 2: l('现汇', 'Spot exchange', '現匯') };
export const TRANSPORT_WAYS = { A: l('火车', 'Train', '火車'), B: l('汽车', 'Truck', '汽車') };
/** Listing sort fields: 1 price, 2 publish time (default, descending). */
export const LISTING_SORT_FIELDS = { price: 1, time: 2 } as const;

// Listing management and orders
/**
 * Every state a listing passes through, for its owner and the operator: 0 draft, 4 pending review,
 * 5 rejected, 1 on sale, 2 sold out, 3 withdrawn, 6 expired, 7 suspended. Only 1 and 2 are public.
 */
export const LISTING_MANAGE_STATES = {
  0: l('草稿', 'Draft', '草稿'),
  4: l('待审核', 'Pending review', '待審核'),
  5: l('审核驳回', 'Rejected', '審核駁回'),
  1: l('挂牌中', 'On sale', '掛牌中'),
  2: l('已摘完', 'Sold out', '已摘完'),
  3: l('已撤牌', 'Withdrawn', '已撤牌'),
  6: l('已过期', 'Expired', '已過期'),
  7: l('已暂停', 'Suspended', '已暫停'),
};
export const LISTING_MANAGE_STATE_VALUES = [0, 4, 5, 1, 2, 3, 6, 7] as const;
export type ListingManageState = (typeof LISTING_MANAGE_STATE_VALUES)[number];
/** A margin listing asks this percentage of an order's amount as deposit unless it says otherwise. */
export const DEFAULT_DEPOSIT_RATIO = 10;
/** 1 awaiting the seller, 2 awaiting payment, 3 payment reported, 4 awaiting delivery, 5 shipped, 6 completed, 9 cancelled. */
export const ORDER_STATES = {
  1: l('待卖方确认', 'Awaiting seller confirmation', '待賣方確認'),
  2: l('待付款', 'Awaiting payment', '待付款'),
  3: l('待确认收款', 'Payment reported', '待確認收款'),
  4: l('待发货', 'Awaiting delivery', '待發貨'),
  5: l('已发货', 'Shipped', '已發貨'),
  6: l('已完成', 'Completed', '已完成'),
  9: l('已取消', 'Cancelled', '已取消'),
};
export const ORDER_STATE_VALUES = [1, 2, 3, 4, 5, 6, 9] as const;
export type OrderState = (typeof ORDER_STATE_VALUES)[number];
/** What a party may do to an order (the call names of the order endpoints). */
export const ORDER_ACTION_VALUES = ['confirm', 'refuse', 'cancel', 'pay', 'confirmPayment', 'ship', 'receive'] as const;
export type OrderAction = (typeof ORDER_ACTION_VALUES)[number];
export const ORDER_ACTIONS: Record<OrderAction, Localized> = {
  confirm: l('确认订单', 'Confirm', '確認訂單'),
  refuse: l('拒绝订单', 'Refuse', '拒絕訂單'),
  cancel: l('取消订单', 'Cancel', '取消訂單'),
  pay: l('上传付款凭证', 'Report payment', '上傳付款憑證'),
  confirmPayment: l('确认收款', 'Confirm payment', '確認收款'),
  ship: l('发货', 'Ship', '發貨'),
  receive: l('确认收货', 'Confirm receipt', '確認收貨'),
};
/**
 * What a timeline entry records: the calls above plus what the platform does by itself
 * (placed, created from an auction or tender result, automatic cancellation when the seller does not confirm, automatic receipt).
 */
export const ORDER_EVENT_VALUES = ['place', 'settle', ...ORDER_ACTION_VALUES, 'autoCancel', 'autoReceive'] as const;
export type OrderEventAction = (typeof ORDER_EVENT_VALUES)[number];
export const ORDER_EVENTS: Record<OrderEventAction, Localized> = {
  place: l('下单', 'Order placed', '下單'),
  settle: l('成交生成订单', 'Created from the auction or tender result', '成交生成訂單'),
  ...ORDER_ACTIONS,
  autoCancel: l('超时自动取消', 'Cancelled automatically (not confirmed in time)', '逾時自動取消'),
  autoReceive: l('超时自动收货', 'Received automatically', '逾時自動收貨'),
};
/** Where an order comes from. */
export const ORDER_ORIGINS = {
  listing: l('挂牌', 'Listing', '掛牌'),
  auction: l('竞价', 'Auction', '競價'),
  tender: l('招标', 'Tender', '招標'),
};
export const ORDER_ORIGIN_VALUES = ['listing', 'auction', 'tender'] as const;

// Currencies and prices
export const CURRENCIES = ['CNY', 'USD', 'HKD'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const CURRENCY_SYMBOLS: Record<string, string> = { USD: '$', HKD: 'HK$' };
/** The symbol shown before an amount: USD $, HKD HK$, anything else ￥. */
export function currencySymbol(currency: string | null | undefined): string {
  return (currency && CURRENCY_SYMBOLS[currency]) ?? '￥';
}
/** Price type 1: the amount travels in cents and is divided by 100 for display. */
export const PRICE_TYPE_CENTS = 1;

// Tenders
export const TENDER_STATES = {
  2: l('已发布', 'Published', '已發佈'),
  3: l('已截标', 'Bidding closed', '已截標'),
  4: l('已评标', 'Evaluated', '已評標'),
  5: l('已议价', 'Negotiated', '已議價'),
  6: l('已完成', 'Completed', '已完成'),
  7: l('已流标', 'Failed', '已流標'),
};
/** The states the tender hall shows; other values are not shown. */
export const TENDER_STATE_VALUES = [2, 3, 4, 5, 6, 7] as const;
export type TenderRowAction = 'view' | 'bid';
/** "view" for states 3 to 6 or an overdue tender, otherwise "go bid". */
export function tenderRowAction(objState: number, overdueFlag: string): TenderRowAction {
  return (objState >= 3 && objState <= 6) || overdueFlag === 'Y' ? 'view' : 'bid';
}

// Auctions
export const TRADE_STATUSES = {
  0: l('正常', 'Normal', '正常'),
  1: l('成交', 'Deal', '成交'),
  2: l('流拍', 'Unsold', '流拍'),
  3: l('部分成交', 'Partial deal', '部分成交'),
  4: l('竞价结束', 'Bidding ended', '競價結束'),
};
export const TRADE_STATUS_VALUES = [0, 1, 2, 3, 4] as const;
export const SPACE_STATUSES = {
  0: l('未提交', 'Not submitted', '未提交'),
  1: l('待审核', 'Pending review', '待審核'),
  2: l('审核通过', 'Approved', '審核通過'),
  3: l('审核驳回', 'Rejected', '審核駁回'),
  4: l('竞拍中', 'Auctioning', '競拍中'),
  5: l('已撤回', 'Withdrawn', '已撤回'),
  6: l('流拍', 'Unsold', '流拍'),
  7: l('成交中', 'Deal in progress', '成交中'),
  8: l('已成交', 'Deal done', '已成交'),
};
/** The auction centre answers and filters these space statuses only. */
export const PUBLIC_SPACE_STATUSES = [2, 4, 7, 8] as const;
export type AuctionRowAction = 'auction' | 'view';
/** "go auction" while the space is auctioning (4), otherwise "view". */
export function auctionRowAction(spaceStatus: number): AuctionRowAction {
  return spaceStatus === 4 ? 'auction' : 'view';
}
export const AUCTION_MODES = {
  1: l('公开增价', 'Public ascending', '公開增價'),
  2: l('自由竞价', 'Free bidding', '自由競價'),
  4: l('公开降价', 'Public descending', '公開降價'),
  5: l('自由降价', 'Free descending', '自由降價'),
  6: l('量价组合', 'Volume-price combined', '量價組合'),
};
export const AUCTION_MODE_VALUES = [1, 2, 4, 5, 6] as const;
/** Modes 4 and 5 are buy-side auctions (the buy tag); the others sell. */
export function auctionSide(mode: number): 'buy' | 'sell' {
  return mode === 4 || mode === 5 ? 'buy' : 'sell';
}
export const AUCTION_SIDES = { buy: l('买', 'Buy', '買'), sell: l('卖', 'Sell', '賣') };
/** The base price shows as this unless openBasePrice is 1. */
export const HIDDEN_PRICE = '****';
export const SORT_DIRECTIONS = ['ASC', 'DESC'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
/** The auction centre's sort cycle: empty, then DESC, ASC, DESC, ... */
export function nextAuctionSort(current: SortDirection | ''): SortDirection {
  return current === 'DESC' ? 'ASC' : 'DESC';
}

// Enumerations answered by queryEnumValues
export const ENUM_CLASSES = {
  PaymentType: PAYMENT_TYPES,
  TransportWay: TRANSPORT_WAYS,
  ListingType: LISTING_TYPES,
  HoldBs: HOLD_BS,
  AuctionMode: AUCTION_MODES,
  TradeStatus: TRADE_STATUSES,
  SpaceStatus: SPACE_STATUSES,
  TenderState: TENDER_STATES,
  ListingState: LISTING_MANAGE_STATES,
  OrderState: ORDER_STATES,
} as const;
export type EnumClassName = keyof typeof ENUM_CLASSES;
export const ENUM_CLASS_NAMES = Object.keys(ENUM_CLASSES) as [EnumClassName, ...EnumClassName[]];

/** The label of one value of an enumeration in a language; the raw value when it is unknown. */
export function enumLabel(table: Record<string | number, Localized>, value: string | number, lang: Lang): string {
  return table[value]?.[lang] ?? String(value);
}

/** Every value of an enumeration with its label, in declaration order. */
export function enumValues(table: Record<string | number, Localized>, lang: Lang): { value: string; label: string }[] {
  return Object.entries(table).map(([value, label]) => ({ value, label: label[lang] }));
}
