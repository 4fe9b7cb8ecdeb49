import type { menuEndpoints } from '../menus';
import { routeTable } from '../endpoint';

/** What the browser calls of `menuEndpoints`: method and path only (see `routeTable`). */
export const menuRoutes = routeTable<typeof menuEndpoints>()({
  getMenuList: { method: 'GET', path: '/omc/api/user/get_menu_list' },
  insertUserMenuFavorite: { method: 'POST', path: '/omc/insertUserMenuFavorite' },
  deleteByMenuCodeAndUserId: { method: 'POST', path: '/omc/deleteByMenuCodeAndUserId' },
});
