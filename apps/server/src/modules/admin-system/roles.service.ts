import { rolesResource, type MenuOption, type PermissionGroup } from '@portal/contracts/admin';
import type { Lang } from '@portal/contracts/i18n';
import type { Db } from '../../db/database';
import type { PermissionGroup as DeclaredPermissions } from '../../platform/module';
import { createResourceService } from '../../platform/resource';
import type { Trx, WritePath } from '../../platform/write-path';
import type { createRoleLookupsRepo, createRolesAdminRepo } from './roles.repo';
import { roleRules } from './roles.rules';

export interface RolesAdminDeps {
  db: Db;
  writes: WritePath;
  /** The roles over the database or over a write's transaction. */
  roles: (on: Db | Trx) => ReturnType<typeof createRolesAdminRepo>;
  /** The menu tree the role editor picks from, read over the database. */
  lookups: ReturnType<typeof createRoleLookupsRepo>;
  rootName: string;
  /** The permissions the modules declare: what a role may grant. */
  permissions: readonly DeclaredPermissions[];
}

/** Roles over the shared resource service, plus the permissions and the menu tree their editor picks from. */
export function createRolesAdminService(deps: RolesAdminDeps) {
  const declared = new Set(deps.permissions.flatMap((group) => group.permissions.map((p) => p.code)));
  const base = createResourceService(rolesResource, {
    db: deps.db,
    writes: deps.writes,
    repo: deps.roles,
    rules: roleRules(declared),
  });
  return {
    ...base,
    permissionOptions(lang: Lang): { groups: PermissionGroup[] } {
      return {
        groups: deps.permissions.map((group) => ({
          key: group.module,
          title: group.title[lang],
          permissions: group.permissions.map((p) => ({ code: p.code, title: p.title[lang] })),
        })),
      };
    },
    async menuOptions(lang: Lang): Promise<{ rootName: string; menus: MenuOption[] }> {
      return { rootName: deps.rootName, menus: await deps.lookups.menuOptions(lang) };
    },
  };
}
export type RolesAdminService = ReturnType<typeof createRolesAdminService>;
