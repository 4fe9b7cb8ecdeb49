/**
 * Paths spelled once for the server and the pages: the trading pages that messages, menus and
 * links lead to, and the path prefixes that belong to the API (anything else is a web route).
 */

/** The user centre's trading pages, where menus, links and messages lead. */
export const PAGE_PATHS = {
  /** The workbench: where a signed-in person lands. */
  workbench: '/workbench',
  myListings: '/trade/listings',
  purchaseOrders: '/trade/purchase-orders',
  salesOrders: '/trade/sales-orders',
  deposit: '/trade/deposit',
  myAuctions: '/trade/auctions',
  auctionRegistrations: '/trade/auction-registrations',
  myTenders: '/trade/tenders',
  myTenderBids: '/trade/tender-bids',
  messages: '/trade/messages',
  /** The portal's price page of a variety (`?varietyCode=`), made from deals. */
  priceIndex: '/priceIndex',
} as const;

/** Path prefixes that belong to the API; the development server passes them on to the API server. */
export const API_PREFIXES = [
  '/gateway',
  '/omc',
  '/cms',
  '/purchase',
  '/auction',
  '/commtrade',
  '/listing',
  '/file',
  '/dev',
  '/api-docs',
  '/healthz',
  '/readyz',
  '/metrics',
] as const;
