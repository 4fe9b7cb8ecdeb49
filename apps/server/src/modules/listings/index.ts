// The public entry of the listings module: all that other modules, app.ts and db/ may import from it.
export { createListingsRepo } from './listings.repo';
export { createListingsService } from './listings.service';
