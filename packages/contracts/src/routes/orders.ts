import type { orderEndpoints } from '../orders';
import { routeTable } from '../endpoint';

/** What the browser calls of `orderEndpoints`: method and path only (see `routeTable`). */
export const orderRoutes = routeTable<typeof orderEndpoints>()({
  place: { method: 'POST', path: '/commtrade/ws/order/place' },
  buyPage: { method: 'POST', path: '/commtrade/ws/order/buyPage' },
  sellPage: { method: 'POST', path: '/commtrade/ws/order/sellPage' },
  detail: { method: 'POST', path: '/commtrade/ws/order/detail' },
  confirm: { method: 'POST', path: '/commtrade/ws/order/confirm' },
  refuse: { method: 'POST', path: '/commtrade/ws/order/refuse' },
  cancel: { method: 'POST', path: '/commtrade/ws/order/cancel' },
  pay: { method: 'POST', path: '/commtrade/ws/order/pay' },
  confirmPayment: { method: 'POST', path: '/commtrade/ws/order/confirmPayment' },
  ship: { method: 'POST', path: '/commtrade/ws/order/ship' },
  receive: { method: 'POST', path: '/commtrade/ws/order/receive' },
  adminPage: { method: 'POST', path: '/commtrade/ws/order/adminPage' },
  adminDetail: { method: 'POST', path: '/commtrade/ws/order/adminDetail' },
});
