// The public entry of the auctions module: all that other modules, app.ts and db/ may import from it.
export { createAuctionsRepo } from './auctions.repo';
export { createAuctionsService } from './auctions.service';
