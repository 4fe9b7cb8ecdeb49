// The public entry of the cms module: all that other modules and the code above them (app.ts, demo data, scripts) may import from it.
export { createCmsRepo } from './cms.repo';
export { PAGE_CODES, createCmsService } from './cms.service';
export type { CmsService } from './cms.service';
