// The public entry of the tenders module: all that other modules, app.ts and db/ may import from it.
export { createTendersRepo } from './tenders.repo';
export { createTendersService } from './tenders.service';
