// The public entry of the auctions module: all that other modules and the code above them (app.ts, demo data, scripts) may import from it.
export { createAuctionsRepo } from './auctions.repo';
export { createAuctionsService } from './auctions.service';
