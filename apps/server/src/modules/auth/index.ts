// The public entry of the auth module: all that other modules, app.ts and db/ may import from it.
export { createAuthService } from './auth.service';
export { createPasswordTransport } from './password-transport';
export type { PasswordTransport } from './password-transport';
export { createLoginLogRepo, createTenantsRepo, createUsersRepo } from './auth.repo';
export type { UsersRepo } from './auth.repo';
