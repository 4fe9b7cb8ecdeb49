// The public entry of the registration module: all that other modules, app.ts and db/ may import from it.
export { createRegistrationRepo, uniqueConflict } from './registration.repo';
export { createRegistrationService } from './registration.service';
