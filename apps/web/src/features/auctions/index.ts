/** The auction centre's public face: its portal pages and the page of auctions the home page shows. */
export { auctionsManifest } from './manifest';
export { useAuctionPage } from './queries';
