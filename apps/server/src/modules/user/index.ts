// The public entry of the user module: all that other modules, app.ts and db/ may import from it.
export { createProfileRepo } from './profile.repo';
export { registerUserRoutes } from './user.routes';
export { createUserService } from './user.service';
