// The public entry of the auth module: all that other modules and the code above them (app.ts, demo data, scripts) may import from it.
export { createAuthService } from './auth.service';
export { createPasswordTransport } from './password-transport';
export type { PasswordTransport } from './password-transport';
export { createLoginLogRepo, createTenantsRepo, createUsersRepo } from './auth.repo';
export type { UsersRepo } from './auth.repo';
