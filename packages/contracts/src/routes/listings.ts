import type { listingEndpoints } from '../listings';
import { routeTable } from '../endpoint';

/** What the browser calls of `listingEndpoints`: method and path only (see `routeTable`). */
export const listingRoutes = routeTable<typeof listingEndpoints>()({
  portalSalePage: { method: 'POST', path: '/listing/ws/listing/portalSalePage' },
  portalListingDetail: { method: 'POST', path: '/listing/ws/listing/portalListingDetail' },
});
