// The public entry of the mobile-change module: all that other modules and the code above them (app.ts, demo data, scripts) may import from it.
export { createMobileChangeRepo } from './mobile-change.repo';
export { createMobileChangeService } from './mobile-change.service';
