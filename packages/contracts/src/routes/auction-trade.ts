import type { auctionTradeEndpoints } from '../auction-trade';
import { routeTable } from '../endpoint';

/** What the browser calls of `auctionTradeEndpoints`: method and path only (see `routeTable`). */
export const auctionTradeRoutes = routeTable<typeof auctionTradeEndpoints>()({
  save: { method: 'POST', path: '/auction/ws/auctionSpaceInfo/save' },
  submit: { method: 'POST', path: '/auction/ws/auctionSpaceInfo/submit' },
  withdraw: { method: 'POST', path: '/auction/ws/auctionSpaceInfo/withdraw' },
  myPage: { method: 'POST', path: '/auction/ws/auctionSpaceInfo/myPage' },
  myDetail: { method: 'POST', path: '/auction/ws/auctionSpaceInfo/myDetail' },
  registeredPage: { method: 'POST', path: '/auction/ws/auctionSpaceInfo/registeredPage' },
  reviewPage: { method: 'POST', path: '/auction/ws/auctionSpaceInfo/reviewPage' },
  reviewDetail: { method: 'POST', path: '/auction/ws/auctionSpaceInfo/reviewDetail' },
  review: { method: 'POST', path: '/auction/ws/auctionSpaceInfo/review' },
  suspend: { method: 'POST', path: '/auction/ws/auctionSpaceInfo/suspend' },
  resume: { method: 'POST', path: '/auction/ws/auctionSpaceInfo/resume' },
  adminWithdraw: { method: 'POST', path: '/auction/ws/auctionSpaceInfo/adminWithdraw' },
  register: { method: 'POST', path: '/auction/ws/auctionSpaceInfo/register' },
  room: { method: 'POST', path: '/auction/ws/auctionSpaceInfo/room' },
  place: { method: 'POST', path: '/auction/ws/bid/place' },
  result: { method: 'POST', path: '/auction/ws/auctionSpaceInfo/result' },
  decideReserve: { method: 'POST', path: '/auction/ws/auctionSpaceInfo/decideReserve' },
  stream: { method: 'GET', path: '/auction/ws/auctionSpaceInfo/stream' },
});
