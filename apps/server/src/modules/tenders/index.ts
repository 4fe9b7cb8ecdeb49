export { createTendersRepo } from './tenders.repo';
export { registerTendersRoutes } from './tenders.routes';
export { createTendersService } from './tenders.service';
