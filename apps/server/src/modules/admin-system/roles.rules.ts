import type { RoleRow } from '@portal/contracts/admin';
import type { Db } from '../../db/database';
import { AppError } from '../../platform/errors';
import { fieldError, type ResourceRules } from '../../platform/resource';
import { createRoleLookupsRepo, type NewRole, type RoleGrants } from './roles.repo';

/**
 * Permission codes are those the modules declare (a code the role already holds may stay, so a
 * code no module declares any more does not block editing the role's name); menus must exist.
 */
async function checkGrants(g: RoleGrants, db: Db, declared: ReadonlySet<string>, held: readonly string[] = []): Promise<void> {
  if (g.permissions.some((code) => !declared.has(code) && !held.includes(code))) throw fieldError('permissions', 'invalidValue');
  const known = await createRoleLookupsRepo(db).existingMenuIds(g.menuIds);
  if (g.menuIds.some((id) => !known.has(id))) throw fieldError('menuIds', 'invalidValue');
}

/**
 * Role codes are unique; a role grants the permissions in `declared` and existing menus; built-in
 * roles and roles still held by accounts are not deleted.
 */
export function roleRules(declared: ReadonlySet<string>): ResourceRules<RoleRow, NewRole, RoleGrants> {
  return {
    async beforeCreate(values, db) {
      if (await createRoleLookupsRepo(db).codeTaken(values.code)) throw new AppError('CODE_EXISTS');
      await checkGrants(values, db, declared);
    },
    async beforeUpdate(before, values, db) {
      await checkGrants(values, db, declared, before.permissions);
    },
    async beforeRemove(before) {
      if (before.builtin) throw new AppError('BUILTIN_RECORD');
      if (before.userCount > 0) throw new AppError('RECORD_IN_USE');
    },
  };
}
