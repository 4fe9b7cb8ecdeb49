// The public entry of the listing-manage module: all that other modules, app.ts and db/ may import from it.
export { createListingManageRepo } from './listing-manage.repo';
export { LISTING_EXPIRE_JOB, createListingManageService, fromMilli, toMilli } from './listing-manage.service';
export type { NotifyCompany } from './listing-manage.service';
