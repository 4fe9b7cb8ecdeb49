/**
 * The query keys of the trading pages: a live change invalidates one family (an order event
 * refreshes every order list and detail, a deposit event every account and ledger).
 */
export const TRADE_KEYS = {
  listings: ['trade', 'listings'],
  orders: ['trade', 'orders'],
  deposits: ['trade', 'deposits'],
  messages: ['trade', 'messages'],
  tenders: ['trade', 'tenders'],
  suppliers: ['trade', 'suppliers'],
  auctions: ['trade', 'auctions'],
  /** The workbench's figures: any trading change may move them. */
  workbench: ['trade', 'workbench'],
} as const;
