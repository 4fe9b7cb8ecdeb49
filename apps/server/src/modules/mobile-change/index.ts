export { createMobileChangeRepo } from './mobile-change.repo';
export { registerMobileChangeRoutes } from './mobile-change.routes';
export { createMobileChangeService } from './mobile-change.service';
