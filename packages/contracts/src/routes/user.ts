import type { userEndpoints } from '../user';
import { routeTable } from '../endpoint';

/** What the browser calls of `userEndpoints`: method and path only (see `routeTable`). */
export const userRoutes = routeTable<typeof userEndpoints>()({
  getUserPermissions: { method: 'GET', path: '/omc/api/user/getUserPermissions' },
  checkDefaultPwd: { method: 'GET', path: '/omc/api/user/checkDefaultPwd' },
  resetPwd: { method: 'POST', path: '/omc/api/user/resetPwd' },
  modifyCurrUserInfo: { method: 'POST', path: '/omc/api/user/modifyCurrUserInfo' },
  lock: { method: 'POST', path: '/omc/api/user/lock' },
  unlock: { method: 'POST', path: '/omc/api/user/unlock' },
  tokenEntryPreview: { method: 'POST', path: '/omc/api/user/tokenEntryPreview' },
  tokenEntry: { method: 'POST', path: '/omc/api/user/tokenEntry' },
});
