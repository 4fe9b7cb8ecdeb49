import type { depositEndpoints } from '../deposits';
import { routeTable } from '../endpoint';

/** What the browser calls of `depositEndpoints`: method and path only (see `routeTable`). */
export const depositRoutes = routeTable<typeof depositEndpoints>()({
  account: { method: 'POST', path: '/commtrade/ws/deposit/account' },
  entries: { method: 'POST', path: '/commtrade/ws/deposit/entries' },
  credit: { method: 'POST', path: '/commtrade/ws/deposit/credit' },
  debit: { method: 'POST', path: '/commtrade/ws/deposit/debit' },
  adminPage: { method: 'POST', path: '/commtrade/ws/deposit/adminPage' },
  adminEntries: { method: 'POST', path: '/commtrade/ws/deposit/adminEntries' },
});
