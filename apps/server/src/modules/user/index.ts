export { createProfileRepo } from './profile.repo';
export { registerUserRoutes } from './user.routes';
export { createUserService } from './user.service';
