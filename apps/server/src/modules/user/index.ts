// The public entry of the user module: all that other modules, app.ts and db/ may import from it.
export { createProfileRepo } from './profile.repo';
export { createUserService } from './user.service';
