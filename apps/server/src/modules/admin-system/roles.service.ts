import { rolesResource, type MenuOption } from '@portal/contracts/admin';
import type { Lang } from '@portal/contracts/i18n';
import type { Db } from '../../db/database';
import { createResourceService } from '../../platform/resource';
import { createRoleLookupsRepo, createRolesAdminRepo } from './roles.repo';
import { roleRules } from './roles.rules';

/** Roles over the shared resource service, plus the menu tree their editor picks from. */
export function createRolesAdminService(deps: { db: Db; rootName: string; now: () => Date }) {
  const base = createResourceService(rolesResource, {
    db: deps.db,
    repo: (db) => createRolesAdminRepo(db, deps.now),
    rules: roleRules,
    now: deps.now,
  });
  return {
    ...base,
    async menuOptions(lang: Lang): Promise<{ rootName: string; menus: MenuOption[] }> {
      return { rootName: deps.rootName, menus: await createRoleLookupsRepo(deps.db).menuOptions(lang) };
    },
  };
}
export type RolesAdminService = ReturnType<typeof createRolesAdminService>;
