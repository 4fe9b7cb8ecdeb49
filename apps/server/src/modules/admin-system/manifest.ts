import { menusResource, tenantsResource } from '@portal/contracts/admin';
import { referenceData } from '../../db/migrations/100-reference-data';
import { defineModule } from '../../platform/module';
import { createResourceService, registerResource } from '../../platform/resource';
import { createOplogRepo } from '../oplog';
import { createLoginLogAdminRepo } from './logs.repo';
import { createLogsService } from './logs.service';
import { createMenusAdminRepo } from './menus.repo';
import { menuRules } from './menus.rules';
import { createRoleLookupsRepo, createRolesAdminRepo } from './roles.repo';
import { createRolesAdminService } from './roles.service';
import { createOnlineSessionsService } from './sessions.service';
import { registerSystemAdminRoutes } from './system.routes';
import { createTenantsAdminRepo } from './tenants.repo';
import { tenantRules } from './tenants.rules';
import { createUserActionsRepo, createUsersAdminRepo } from './users-admin.repo';
import { createUsersAdminService } from './users.service';

/** System management: tenants, users, roles, menus, online sessions and the two logs. */
export const adminSystemModule = defineModule({
  name: 'admin-system',
  // The roles, their permission codes and the back office's menu tree every installation needs.
  migrations: { '100-reference-data': referenceData },
  permissions: [
    'system:view',
    'tenant:edit',
    'user:view',
    'user:edit',
    'role:view',
    'role:edit',
    'menu:view',
    'menu:edit',
    'session:view',
    'session:kickout',
    'log:view',
  ],
  settings: ['MENUS_ROOT_NAME', 'PASSWORD_MIN_LENGTH', 'PASSWORD_MAX_LENGTH', 'PASSWORD_MIN_KINDS'],
  services(ctx) {
    const { db, writes, now, sessions, settings: s } = ctx;
    return {
      tenants: createResourceService(tenantsResource, { db, writes, repo: createTenantsAdminRepo, rules: tenantRules }),
      users: createUsersAdminService({
        db,
        users: (on, lockedAccounts) => createUsersAdminRepo(on, { lockedAccounts, now }),
        actions: createUserActionsRepo,
        writes,
        sessions,
        passwords: ctx.need('passwordTransport'),
        locks: ctx.need('auth'),
        passwordRule: { minLength: s.PASSWORD_MIN_LENGTH, maxLength: s.PASSWORD_MAX_LENGTH, minKinds: s.PASSWORD_MIN_KINDS },
        now,
      }),
      roles: createRolesAdminService({
        db,
        writes,
        roles: (on) => createRolesAdminRepo(on, now),
        lookups: createRoleLookupsRepo(db),
        rootName: s.MENUS_ROOT_NAME,
      }),
      menus: createResourceService(menusResource, { db, writes, repo: createMenusAdminRepo, rules: menuRules(s.MENUS_ROOT_NAME) }),
      logs: createLogsService({ loginLog: createLoginLogAdminRepo(db), oplog: createOplogRepo(db) }),
      online: createOnlineSessionsService({ db, sessions, writes }),
    };
  },
  routes(app, { tenants, ...services }, ctx) {
    const access = ctx.need('access');
    registerResource(app, access, tenantsResource, tenants);
    registerSystemAdminRoutes(app, { access, ...services });
  },
});
