import { rolesResource, type MenuOption } from '@portal/contracts/admin';
import type { Lang } from '@portal/contracts/i18n';
import type { Db } from '../../db/database';
import { createResourceService } from '../../platform/resource';
import type { WritePath } from '../../platform/write-path';
import { createRoleLookupsRepo, createRolesAdminRepo } from './roles.repo';
import { roleRules } from './roles.rules';

/** Roles over the shared resource service, plus the menu tree their editor picks from. */
export function createRolesAdminService(deps: { db: Db; writes: WritePath; rootName: string; now: () => Date }) {
  const base = createResourceService(rolesResource, {
    db: deps.db,
    writes: deps.writes,
    repo: (db) => createRolesAdminRepo(db, deps.now),
    rules: roleRules,
  });
  return {
    ...base,
    async menuOptions(lang: Lang): Promise<{ rootName: string; menus: MenuOption[] }> {
      return { rootName: deps.rootName, menus: await createRoleLookupsRepo(deps.db).menuOptions(lang) };
    },
  };
}
export type RolesAdminService = ReturnType<typeof createRolesAdminService>;
