/** Auction spaces in the user centre: its shell pages. */
export { auctionTradeManifest } from './manifest';
