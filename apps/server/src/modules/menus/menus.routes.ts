import type { FastifyInstance } from 'fastify';
import { menuEndpoints as ep } from '@portal/contracts/menus';
import { registerEndpoint, type AccessDeps } from '../../platform/http';
import type { MenusService } from './menus.service';

/** The menu tree and the favourites of the signed-in user. */
export function registerMenusRoutes(app: FastifyInstance, d: { access: AccessDeps; menus: MenusService }): void {
  registerEndpoint(app, d.access, ep.getMenuList, async ({ session, lang }) => d.menus.menuTree(session.userId, lang));
  registerEndpoint(app, d.access, ep.insertUserMenuFavorite, async ({ session, body }) => {
    await d.menus.addFavourite(session.userId, body.menuCode);
    return null;
  });
  registerEndpoint(app, d.access, ep.deleteByMenuCodeAndUserId, async ({ session, body }) => {
    await d.menus.removeFavourite(session.userId, body.menuCode);
    return null;
  });
}
