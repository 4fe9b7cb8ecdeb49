import { BUILTIN_ROLES, type RoleRow } from '@portal/contracts/admin';
import type { Db } from '../../db/database';
import { pageAndTotal } from '../../platform/table-repo';
import { contains, type ResourceRepo } from '../../platform/resource';

export interface RoleFilters {
  keyword?: string;
}
export interface RoleGrants {
  name: string;
  permissions: string[];
  menuIds: string[];
}
export type NewRole = RoleGrants & { code: string };

/** Roles with the permission codes and menus they grant, and how many accounts hold each. */
export function createRolesAdminRepo(db: Db, now: () => Date): ResourceRepo<RoleRow, RoleFilters, NewRole, RoleGrants> {
  const filtered = (f: RoleFilters) => {
    let q = db.selectFrom('roles');
    if (f.keyword) {
      const k = f.keyword;
      q = q.where((eb) => eb.or([contains('code', k), contains('name', k)]));
    }
    return q;
  };

  async function toRows(roles: { id: number; code: string; name: string; created_at: string }[]): Promise<RoleRow[]> {
    if (roles.length === 0) return [];
    const ids = roles.map((r) => r.id);
    const [perms, menus, users] = await Promise.all([
      db.selectFrom('role_permissions').select(['role_id', 'auth_code']).where('role_id', 'in', ids).orderBy('auth_code').execute(),
      db.selectFrom('role_menus').select(['role_id', 'menu_id']).where('role_id', 'in', ids).orderBy('menu_id').execute(),
      db
        .selectFrom('user_roles')
        .select((eb) => ['role_id', eb.fn.countAll<number>().as('n')])
        .where('role_id', 'in', ids)
        .groupBy('role_id')
        .execute(),
    ]);
    return roles.map((r) => ({
      id: String(r.id),
      code: r.code,
      name: r.name,
      permissions: perms.filter((p) => p.role_id === r.id).map((p) => p.auth_code),
      menuIds: menus.filter((m) => m.role_id === r.id).map((m) => m.menu_id),
      userCount: Number(users.find((u) => u.role_id === r.id)?.n ?? 0),
      builtin: (BUILTIN_ROLES as readonly string[]).includes(r.code),
      created_at: r.created_at,
    }));
  }

  async function setGrants(roleId: number, g: RoleGrants): Promise<void> {
    await db.deleteFrom('role_permissions').where('role_id', '=', roleId).execute();
    const codes = [...new Set(g.permissions)];
    if (codes.length > 0)
      await db
        .insertInto('role_permissions')
        .values(codes.map((auth_code) => ({ role_id: roleId, auth_code })))
        .execute();
    await db.deleteFrom('role_menus').where('role_id', '=', roleId).execute();
    // A granted menu brings its ancestors: the shell only shows a leaf under a granted top menu.
    const all = await db.selectFrom('menus').select(['id', 'parent_id']).execute();
    const parentOf = new Map(all.map((m) => [m.id, m.parent_id]));
    const granted = new Set<string>();
    for (const id of g.menuIds) {
      let current: string | undefined = id;
      while (current !== undefined && parentOf.has(current) && !granted.has(current)) {
        granted.add(current);
        current = parentOf.get(current);
      }
    }
    if (granted.size > 0)
      await db
        .insertInto('role_menus')
        .values([...granted].map((menu_id) => ({ role_id: roleId, menu_id })))
        .execute();
  }

  return {
    async page(f, pageNo, pageSize) {
      const roles = filtered(f).select(['id', 'code', 'name', 'created_at']).orderBy('id');
      const { rows, total } = await pageAndTotal(roles, filtered(f), pageNo, pageSize);
      return { rows: await toRows(rows), total };
    },
    async get(id) {
      if (!/^\d{1,12}$/.test(id)) return undefined;
      const role = await db
        .selectFrom('roles')
        .select(['id', 'code', 'name', 'created_at'])
        .where('id', '=', Number(id))
        .executeTakeFirst();
      return role ? (await toRows([role]))[0] : undefined;
    },
    async insert(v) {
      const { id } = await db
        .insertInto('roles')
        .values({ code: v.code, name: v.name, created_at: now().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      await setGrants(id, v);
      return String(id);
    },
    async update(id, v) {
      await db.updateTable('roles').set({ name: v.name }).where('id', '=', Number(id)).execute();
      await setGrants(Number(id), v);
    },
    async remove(id) {
      await db.deleteFrom('role_permissions').where('role_id', '=', Number(id)).execute();
      await db.deleteFrom('role_menus').where('role_id', '=', Number(id)).execute();
      await db.deleteFrom('roles').where('id', '=', Number(id)).execute();
    },
  };
}

/** Lookups the role rules and the role editor need. */
export function createRoleLookupsRepo(db: Db) {
  return {
    async codeTaken(code: string): Promise<boolean> {
      return (await db.selectFrom('roles').select('id').where('code', '=', code).executeTakeFirst()) !== undefined;
    },
    async existingMenuIds(ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db.selectFrom('menus').select('id').where('id', 'in', ids).execute();
      return new Set(rows.map((r) => r.id));
    },
    /** Every menu with its title in `lang` (the zh-CN source title when none). */
    async menuOptions(lang: string) {
      const [menus, titles] = await Promise.all([
        db.selectFrom('menus').select(['id', 'parent_id', 'title', 'sort']).orderBy('sort').orderBy('id').execute(),
        db.selectFrom('menu_titles').select(['menu_id', 'title']).where('lang', '=', lang).execute(),
      ]);
      const translated = new Map(titles.map((t) => [t.menu_id, t.title]));
      return menus.map((m) => ({ ...m, title: translated.get(m.id) ?? m.title }));
    },
  };
}
