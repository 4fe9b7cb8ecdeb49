// The public entry of the menus module: all that other modules, app.ts and db/ may import from it.
export { createMenusRepo } from './menus.repo';
export { createMenusService } from './menus.service';
