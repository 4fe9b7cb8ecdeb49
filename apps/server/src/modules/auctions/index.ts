export { createAuctionsRepo } from './auctions.repo';
export { registerAuctionsRoutes } from './auctions.routes';
export { createAuctionsService } from './auctions.service';
