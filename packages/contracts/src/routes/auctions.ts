import type { auctionEndpoints } from '../auctions';
import { routeTable } from '../endpoint';

/** What the browser calls of `auctionEndpoints`: method and path only (see `routeTable`). */
export const auctionRoutes = routeTable<typeof auctionEndpoints>()({
  buyerPageNoLogin: { method: 'POST', path: '/auction/ws/auctionSpaceInfo/buyerPageNoLogin' },
  spaceDetailNoLogin: { method: 'POST', path: '/auction/ws/auctionSpaceInfo/spaceDetailNoLogin' },
});
