import { menuTitles } from './migrations/020-menu-titles';
import { menuFields } from './migrations/061-menu-fields';
import { defineModule } from '../../platform/module';
import { createMenusRepo } from './menus.repo';
import { registerMenusRoutes } from './menus.routes';
import { createMenusService } from './menus.service';

/** The signed-in user's menu tree, favourites and recent pages. */
export const menusModule = defineModule({
  name: 'menus',
  migrations: { '020-menu-titles': menuTitles, '061-menu-fields': menuFields },
  services: ({ db, now }) => createMenusService({ repo: createMenusRepo(db), now }),
  routes: (app, menus, ctx) => registerMenusRoutes(app, { access: ctx.need('access'), menus }),
});
