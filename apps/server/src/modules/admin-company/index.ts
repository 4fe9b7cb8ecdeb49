// The public entry of the admin-company module: all that other modules and the code above them (app.ts, demo data, scripts) may import from it.
export { createCompanyService } from './company.service';
