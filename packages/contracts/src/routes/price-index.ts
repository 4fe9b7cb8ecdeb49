import { routeTable } from '../endpoint';
import type { priceIndexEndpoints } from '../price-index';

/** What the browser calls of `priceIndexEndpoints`: method and path only (see `routeTable`). */
export const priceIndexRoutes = routeTable<typeof priceIndexEndpoints>()({
  indices: { method: 'GET', path: '/cms/api/price-index/indices' },
  series: { method: 'GET', path: '/cms/api/price-index/series' },
  operatorDays: { method: 'POST', path: '/omc/api/price-index/days' },
  annotate: { method: 'POST', path: '/omc/api/price-index/annotate' },
  withhold: { method: 'POST', path: '/omc/api/price-index/withhold' },
});
