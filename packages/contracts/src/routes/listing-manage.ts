import type { listingManageEndpoints } from '../listing-manage';
import { routeTable } from '../endpoint';

/** What the browser calls of `listingManageEndpoints`: method and path only (see `routeTable`). */
export const listingManageRoutes = routeTable<typeof listingManageEndpoints>()({
  myPage: { method: 'POST', path: '/listing/ws/listing/myPage' },
  myDetail: { method: 'POST', path: '/listing/ws/listing/myDetail' },
  save: { method: 'POST', path: '/listing/ws/listing/save' },
  submit: { method: 'POST', path: '/listing/ws/listing/submit' },
  withdraw: { method: 'POST', path: '/listing/ws/listing/withdraw' },
  reviewPage: { method: 'POST', path: '/listing/ws/listing/reviewPage' },
  reviewDetail: { method: 'POST', path: '/listing/ws/listing/reviewDetail' },
  review: { method: 'POST', path: '/listing/ws/listing/review' },
  suspend: { method: 'POST', path: '/listing/ws/listing/suspend' },
  reinstate: { method: 'POST', path: '/listing/ws/listing/reinstate' },
});
