export { createRegistrationRepo, uniqueConflict } from './registration.repo';
export { registerRegistrationRoutes } from './registration.routes';
export { createRegistrationService } from './registration.service';
