import { routeTable } from '../endpoint';
import type { systemStatusEndpoints } from '../system-status';

/** What the browser calls of `systemStatusEndpoints`: method and path only (see `routeTable`). */
export const systemStatusRoutes = routeTable<typeof systemStatusEndpoints>()({
  status: { method: 'POST', path: '/omc/api/system/status' },
});
