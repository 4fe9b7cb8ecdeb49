import type { Lang, Localized } from './i18n';

/**
 * Business constants of the trading portal, written once for
 * the server (enum answers, filters) and the browser (labels, row actions, paging). No zod here:
 * the portal's trading pages import this module. What only the trading back office and the
 * auction pages need is in trade-constants.ts, so that the home page and the listing market,
 * which load this module, do not carry it.
 */

/** A text in the three languages, given in the order zh-CN, en-US, zh-TW. */
export const localized = (zhCN: string, enUS: string, zhTW: string): Localized => ({ 'zh-CN': zhCN, 'en-US': enUS, 'zh-TW': zhTW });
const l = localized;

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
/** The base price shows as this unless openBasePrice is 1. */
export const HIDDEN_PRICE = '****';
/** The label of one value of an enumeration in a language; the raw value when it is unknown. */
export function enumLabel(table: Record<string | number, Localized>, value: string | number, lang: Lang): string {
  return table[value]?.[lang] ?? String(value);
}
