import { menusResource, tenantsResource } from '@portal/contracts/admin';
import { localized as l } from '@portal/contracts/constants';
import { referenceData } from './migrations/100-reference-data';
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
  title: l('系统管理', 'System management', '系統管理'),
  permissions: [
    { code: 'system:view', title: l('查看系统设置', 'View system settings', '檢視系統設定') },
    { code: 'tenant:edit', title: l('管理租户', 'Manage tenants', '管理租戶') },
    { code: 'user:view', title: l('查看用户', 'View users', '檢視使用者') },
    { code: 'user:edit', title: l('管理用户', 'Manage users', '管理使用者') },
    { code: 'role:view', title: l('查看角色', 'View roles', '檢視角色') },
    { code: 'role:edit', title: l('管理角色', 'Manage roles', '管理角色') },
    { code: 'menu:view', title: l('查看菜单', 'View menus', '檢視選單') },
    { code: 'menu:edit', title: l('管理菜单', 'Manage menus', '管理選單') },
    { code: 'session:view', title: l('查看在线用户', 'View online users', '檢視線上使用者') },
    { code: 'session:kickout', title: l('强制下线', 'Kick users out', '強制登出') },
    { code: 'log:view', title: l('查看日志', 'View logs', '檢視日誌') },
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
        permissions: ctx.permissions,
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
