// The public entry of the listings module: all that other modules and the code above them (app.ts, demo data, scripts) may import from it.
export { createListingsRepo } from './listings.repo';
export { createListingsService } from './listings.service';
