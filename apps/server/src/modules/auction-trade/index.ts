// The public entry of the auction-trade module: all that other modules, app.ts and db/ may import from it.
export { createAuctionBiddingService } from './auction-bidding.service';
export { verifyChain } from './auction-chain';
export { AUCTION_JOBS, createAuctionSpacesService } from './auction-spaces.service';
export { createAuctionStreams } from './auction-stream';
export type { AuctionStreams } from './auction-stream';
export { createAuctionTradeRepo } from './auction-trade.repo';
