// The public entry of the menus module: all that other modules and the code above them (app.ts, demo data, scripts) may import from it.
export { createMenusRepo } from './menus.repo';
export { createMenusService } from './menus.service';
