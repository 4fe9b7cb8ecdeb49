export { createListingsRepo } from './listings.repo';
export { registerListingsRoutes } from './listings.routes';
export { createListingsService } from './listings.service';
