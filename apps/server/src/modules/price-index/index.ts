// The public entry of the price-index module: what other modules and the code above them (demo data, scripts) may import.
export { PRICE_INDEX_JOB, INDEX_CURRENCY } from './publish';
export type { PriceIndexService } from './price-index.service';
export { dayOf, addDays, publishAt } from './methodology';
