export { createMenusRepo } from './menus.repo';
export { registerMenusRoutes } from './menus.routes';
export { createMenusService } from './menus.service';
