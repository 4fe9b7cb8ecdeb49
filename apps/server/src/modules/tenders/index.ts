// The public entry of the tenders module: all that other modules and the code above them (app.ts, demo data, scripts) may import from it.
export { createTendersRepo } from './tenders.repo';
export { createTendersService } from './tenders.service';
