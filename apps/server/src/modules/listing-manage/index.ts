// The public entry of the listing-manage module: all that other modules and the code above them (app.ts, demo data, scripts) may import from it.
export { createListingManageRepo } from './listing-manage.repo';
export { LISTING_EXPIRE_JOB, createListingManageService } from './listing-manage.service';
export { tradingMenus } from './migrations/101-trading-menus';
export { createListingFigures } from './figures';
export type { ListingFigures } from './figures';
