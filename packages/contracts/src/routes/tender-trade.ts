import type { tenderTradeEndpoints } from '../tender-trade';
import { routeTable } from '../endpoint';

/** What the browser calls of `tenderTradeEndpoints`: method and path only (see `routeTable`). */
export const tenderTradeRoutes = routeTable<typeof tenderTradeEndpoints>()({
  save: { method: 'POST', path: '/purchase/ws/tender/save' },
  publish: { method: 'POST', path: '/purchase/ws/tender/publish' },
  cancel: { method: 'POST', path: '/purchase/ws/tender/cancel' },
  myPage: { method: 'POST', path: '/purchase/ws/tender/myPage' },
  detail: { method: 'POST', path: '/purchase/ws/tender/detail' },
  bids: { method: 'POST', path: '/purchase/ws/tender/bids' },
  evaluate: { method: 'POST', path: '/purchase/ws/tender/evaluate' },
  negotiate: { method: 'POST', path: '/purchase/ws/tender/negotiate' },
  award: { method: 'POST', path: '/purchase/ws/tender/award' },
  reviewPage: { method: 'POST', path: '/purchase/ws/tender/reviewPage' },
  review: { method: 'POST', path: '/purchase/ws/tender/review' },
  bidSave: { method: 'POST', path: '/purchase/ws/tenderBid/save' },
  bidWithdraw: { method: 'POST', path: '/purchase/ws/tenderBid/withdraw' },
  bidMine: { method: 'POST', path: '/purchase/ws/tenderBid/mine' },
  bidMyPage: { method: 'POST', path: '/purchase/ws/tenderBid/myPage' },
  bidAnswer: { method: 'POST', path: '/purchase/ws/tenderBid/answer' },
});
