export { registerCompanyRoutes } from './company.routes';
export { createCompanyService } from './company.service';
