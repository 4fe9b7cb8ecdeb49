import type { Lang, Localized } from './i18n';
import { HOLD_BS, LISTING_TYPES, PAYMENT_TYPES, SPACE_STATUSES, TENDER_STATES, TRANSPORT_WAYS, localized as l } from './constants';

/**
 * Business constants of the trading back office (listing management, orders) and of the auction
 * pages, and the enumerations answered by queryEnumValues: written once for the server and the
 * browser like constants.ts, and apart from it so that the portal's first screens do not carry them.
 */

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
/** Steps of an order's electronic contract, shown in its timeline (the contract has its own trail). */
export const ORDER_CONTRACT_EVENT_VALUES = [
  'contractGenerated',
  'contractSigned',
  'contractCompleted',
  'contractDeclined',
  'contractExpired',
] as const;
export type OrderContractEvent = (typeof ORDER_CONTRACT_EVENT_VALUES)[number];
export const ORDER_EVENT_VALUES = [
  'place',
  'settle',
  ...ORDER_ACTION_VALUES,
  'autoCancel',
  'autoReceive',
  ...ORDER_CONTRACT_EVENT_VALUES,
] as const;
export type OrderEventAction = (typeof ORDER_EVENT_VALUES)[number];
export const ORDER_EVENTS: Record<OrderEventAction, Localized> = {
  place: l('下单', 'Order placed', '下單'),
  settle: l('成交生成订单', 'Created from the auction or tender result', '成交生成訂單'),
  ...ORDER_ACTIONS,
  autoCancel: l('超时自动取消', 'Cancelled automatically (not confirmed in time)', '逾時自動取消'),
  autoReceive: l('超时自动收货', 'Received automatically', '逾時自動收貨'),
  contractGenerated: l('合同已生成', 'Contract generated', '合約已生成'),
  contractSigned: l('合同已签署', 'Contract signed', '合約已簽署'),
  contractCompleted: l('合同签署完成', 'Contract completed', '合約簽署完成'),
  contractDeclined: l('合同被拒签，订单取消', 'Contract declined; order cancelled', '合約被拒簽，訂單取消'),
  contractExpired: l('合同签署超时，订单取消', 'Contract not signed in time; order cancelled', '合約簽署逾時，訂單取消'),
};
/** Where an order comes from. */
export const ORDER_ORIGINS = {
  listing: l('挂牌', 'Listing', '掛牌'),
  auction: l('竞价', 'Auction', '競價'),
  tender: l('招标', 'Tender', '招標'),
};
export const ORDER_ORIGIN_VALUES = ['listing', 'auction', 'tender'] as const;

// Auctions
export const TRADE_STATUSES = {
  0: l('正常', 'Normal', '正常'),
  1: l('成交', 'Deal', '成交'),
  2: l('流拍', 'Unsold', '流拍'),
  3: l('部分成交', 'Partial deal', '部分成交'),
  4: l('竞价结束', 'Bidding ended', '競價結束'),
};
export const TRADE_STATUS_VALUES = [0, 1, 2, 3, 4] as const;
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

/** Every value of an enumeration with its label, in declaration order. */
export function enumValues(table: Record<string | number, Localized>, lang: Lang): { value: string; label: string }[] {
  return Object.entries(table).map(([value, label]) => ({ value, label: label[lang] }));
}
