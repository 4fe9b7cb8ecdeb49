// The public entry of the registration module: all that other modules and the code above them (app.ts, demo data, scripts) may import from it.
export { createRegistrationRepo } from './registration.repo';
export { createRegistrationService } from './registration.service';
