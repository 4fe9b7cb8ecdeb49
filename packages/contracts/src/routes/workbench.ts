import { routeTable } from '../endpoint';
import type { workbenchEndpoints } from '../workbench';

/** What the browser calls of `workbenchEndpoints`: method and path only (see `routeTable`). */
export const workbenchRoutes = routeTable<typeof workbenchEndpoints>()({
  buyer: { method: 'POST', path: '/omc/api/workbench/buyer' },
  supplier: { method: 'POST', path: '/omc/api/workbench/supplier' },
  operator: { method: 'POST', path: '/omc/api/workbench/operator' },
});
