import { PERMISSION_CODES, type RoleRow } from '@portal/contracts/admin';
import type { Db } from '../../db/database';
import { AppError } from '../../platform/errors';
import { fieldError, type ResourceRules } from '../../platform/resource';
import { createRoleLookupsRepo, type NewRole, type RoleGrants } from './roles.repo';

/**
 * Permission codes come from the catalogue (a code the role already holds may stay, so codes other
 * areas grant in their demo data survive an edit); menus must exist.
 */
async function checkGrants(g: RoleGrants, db: Db, held: readonly string[] = []): Promise<void> {
  if (g.permissions.some((code) => !PERMISSION_CODES.includes(code) && !held.includes(code)))
    throw fieldError('permissions', 'invalidValue');
  const known = await createRoleLookupsRepo(db).existingMenuIds(g.menuIds);
  if (g.menuIds.some((id) => !known.has(id))) throw fieldError('menuIds', 'invalidValue');
}

/** Role codes are unique; built-in roles and roles still held by accounts are not deleted. */
export const roleRules: ResourceRules<RoleRow, NewRole, RoleGrants> = {
  async beforeCreate(values, db) {
    if (await createRoleLookupsRepo(db).codeTaken(values.code)) throw new AppError('CODE_EXISTS');
    await checkGrants(values, db);
  },
  async beforeUpdate(before, values, db) {
    await checkGrants(values, db, before.permissions);
  },
  async beforeRemove(before) {
    if (before.builtin) throw new AppError('BUILTIN_RECORD');
    if (before.userCount > 0) throw new AppError('RECORD_IN_USE');
  },
};
