import type { tenderEndpoints } from '../tenders';
import { routeTable } from '../endpoint';

/** What the browser calls of `tenderEndpoints`: method and path only (see `routeTable`). */
export const tenderRoutes = routeTable<typeof tenderEndpoints>()({
  biddingPageForCommon: { method: 'POST', path: '/purchase/ws/tender/biddingPageForCommon' },
  checkRelation: { method: 'POST', path: '/purchase/ws/purCustomerRelation/checkRelation' },
  tenderDetailForCommon: { method: 'POST', path: '/purchase/ws/tender/tenderDetailForCommon' },
});
