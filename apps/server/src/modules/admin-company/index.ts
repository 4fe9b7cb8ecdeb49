// The public entry of the admin-company module: all that other modules, app.ts and db/ may import from it.
export { createCompanyService } from './company.service';
