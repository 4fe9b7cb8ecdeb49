// The public entry of the admin-system module: all that other modules and the code above them (app.ts, demo data, scripts) may import from it.
export { createLogsService } from './logs.service';
export { createMenusAdminRepo } from './menus.repo';
export { menuRules } from './menus.rules';
export { createRolesAdminService } from './roles.service';
export { createOnlineSessionsService } from './sessions.service';
export { createTenantsAdminRepo } from './tenants.repo';
export { tenantRules } from './tenants.rules';
export { createUsersAdminService } from './users.service';
export { FIRST_RELEASE_REFERENCE_DATA } from './migrations/100-reference-data';
