// The public entry of the auction-trade module: all that other modules and the code above them (app.ts, demo data, scripts) may import from it.
export { createAuctionBiddingService } from './bidding';
export { verifyChain } from './auction-chain';
export { AUCTION_JOBS, createAuctionSpacesService } from './spaces';
export { createAuctionStreams } from './auction-stream';
export type { AuctionStreams } from './auction-stream';
export { createAuctionTradeRepo } from './auction-trade.repo';
export { createAuctionFigures } from './figures';
export type { AuctionFigures, SpaceClosing } from './figures';
