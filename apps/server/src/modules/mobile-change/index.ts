// The public entry of the mobile-change module: all that other modules, app.ts and db/ may import from it.
export { createMobileChangeRepo } from './mobile-change.repo';
export { createMobileChangeService } from './mobile-change.service';
