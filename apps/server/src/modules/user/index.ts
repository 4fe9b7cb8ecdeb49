// The public entry of the user module: all that other modules and the code above them (app.ts, demo data, scripts) may import from it.
export { createProfileRepo } from './profile.repo';
export { createUserService } from './user.service';
