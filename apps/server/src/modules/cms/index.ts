// The public entry of the cms module: all that other modules, app.ts and db/ may import from it.
export { createCmsRepo } from './cms.repo';
export { PAGE_CODES, createCmsService, plainText, safeUrl, sanitizeRichText } from './cms.service';
export type { CmsService } from './cms.service';
