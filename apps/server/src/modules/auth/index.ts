export { registerAuthRoutes } from './auth.routes';
export { createAuthService } from './auth.service';
export { createPasswordTransport } from './password-transport';
export type { PasswordTransport } from './password-transport';
export { createLoginLogRepo, createTenantsRepo, createUsersRepo } from './auth.repo';
export type { UsersRepo } from './auth.repo';
