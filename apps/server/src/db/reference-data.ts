import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database, MenuTable } from './schema';

/**
 * Reference data: the roles, their permission codes, the menu tree, its titles and the role grants
 * every installation needs. Migrations declare it and `applyReferenceData` brings a database to it,
 * so a new back-office page reaches an existing installation too.
 *
 * An operator may change any of it in the back office. Each reference row therefore remembers in
 * `reference_applied` what was last applied to it, column by column:
 * - a row that does not exist and was never applied is inserted;
 * - a row that was applied and is gone was removed by an operator (a deleted menu, a revoked grant
 *   or permission) and stays gone;
 * - a column is updated only while it still holds what was last applied; a column an operator
 *   changed keeps the operator's value, and so does a column of a row found without a record whose
 *   value differs (its origin is unknown);
 * - nothing that is not declared is touched: rows an operator added are never deleted.
 *
 * Usage in a migration (one call adds a menu group, its pages, their titles and who sees them):
 *   await applyReferenceData(db, { roles: [...], menus: [...] });
 * Declaring a role that exists adds the permissions listed; permissions not listed are kept.
 */

/** A role and the permission codes it grants. */
export interface RoleDeclaration {
  code: string;
  /** The role's name as the back office shows it (zh-CN). */
  name: string;
  permissions: string[];
}

type MenuColumns = Insertable<MenuTable>;
type OptionalMenuColumn = Exclude<keyof MenuColumns, 'id' | 'parent_id' | 'name' | 'title'>;

/** A menu node: its columns (zh-CN title in `title`), its titles in the other languages, the roles it is granted to. */
export type MenuDeclaration = Pick<MenuColumns, 'id' | 'parent_id' | 'name' | 'title'> &
  Partial<Pick<MenuColumns, OptionalMenuColumn>> & {
    /** Role codes that see this menu. */
    roles: string[];
    titles: { 'en-US': string; 'zh-TW': string };
  };

export interface ReferenceData {
  roles?: RoleDeclaration[];
  menus?: MenuDeclaration[];
  /** ISO time written as created_at of new roles; now when absent. */
  at?: string;
}

type Value = string | number | null;
type Fields = Record<string, Value>;

/** A reference row's key in reference_applied. */
const keys = {
  role: (code: string) => `role:${code}`,
  permission: (role: string, code: string) => `role-permission:${role}:${code}`,
  menu: (id: string) => `menu:${id}`,
  title: (menuId: string, lang: string) => `menu-title:${menuId}:${lang}`,
  grant: (role: string, menuId: string) => `role-menu:${role}:${menuId}`,
};

/** The two dialects return integers as numbers and text as text; compare them as text. */
function same(a: unknown, b: unknown): boolean {
  return String(a ?? '') === String(b ?? '');
}

/** Brings the database to the declared reference rows without undoing what an operator changed. */
export async function applyReferenceData(db: Kysely<Database> | Kysely<unknown>, data: ReferenceData): Promise<void> {
  const kdb = db as Kysely<Database>;
  if (kdb.isTransaction) await applyIn(kdb as Transaction<Database>, data);
  else await kdb.transaction().execute((trx) => applyIn(trx, data));
}

async function applyIn(trx: Transaction<Database>, data: ReferenceData): Promise<void> {
  const at = data.at ?? new Date().toISOString();
  const appliedRows = await trx.selectFrom('reference_applied').select(['key', 'applied']).execute();
  const applied = new Map(appliedRows.map((r) => [r.key, JSON.parse(r.applied) as Fields]));

  const remember = async (key: string, fields: Fields) => {
    const merged = JSON.stringify({ ...applied.get(key), ...fields });
    await trx
      .insertInto('reference_applied')
      .values({ key, applied: merged, applied_at: at })
      .onConflict((oc) => oc.column('key').doUpdateSet({ applied: merged, applied_at: at }))
      .execute();
    applied.set(key, JSON.parse(merged) as Fields);
  };

  /**
   * One reference row: inserts it when it never existed, leaves it gone when an operator removed
   * it, else updates the columns that still hold what was last applied. True when the row exists afterwards.
   */
  const reconcile = async (
    key: string,
    declared: Fields,
    current: Record<string, unknown> | undefined,
    write: { insert(): Promise<void>; update(changes: Fields): Promise<void> },
  ): Promise<boolean> => {
    const before = applied.get(key);
    if (!current) {
      if (before) return false;
      await write.insert();
      await remember(key, declared);
      return true;
    }
    const changes: Fields = {};
    for (const [column, value] of Object.entries(declared)) {
      if (same(current[column], value)) continue;
      if (before && column in before && same(current[column], before[column])) changes[column] = value;
    }
    if (Object.keys(changes).length > 0) await write.update(changes);
    await remember(key, declared);
    return true;
  };

  const roleIds = new Map((await trx.selectFrom('roles').select(['id', 'code']).execute()).map((r) => [r.code, r.id]));
  /** The role's id, or undefined when an operator deleted it; a code never known is a mistake in a declaration. */
  const roleId = (code: string): number | undefined => {
    const id = roleIds.get(code);
    if (id === undefined && !applied.has(keys.role(code))) throw new Error(`Reference data names an unknown role: ${code}`);
    return id;
  };

  for (const role of data.roles ?? []) {
    const current = await trx.selectFrom('roles').select(['id', 'name']).where('code', '=', role.code).executeTakeFirst();
    await reconcile(keys.role(role.code), { name: role.name }, current, {
      insert: async () => {
        const { id } = await trx
          .insertInto('roles')
          .values({ code: role.code, name: role.name, created_at: at })
          .returning('id')
          .executeTakeFirstOrThrow();
        roleIds.set(role.code, id);
      },
      update: async (changes) => {
        await trx.updateTable('roles').set(changes).where('code', '=', role.code).execute();
      },
    });
    const id = roleId(role.code);
    if (id === undefined) continue;
    const granted = new Set(
      (await trx.selectFrom('role_permissions').select('auth_code').where('role_id', '=', id).execute()).map((r) => r.auth_code),
    );
    for (const code of role.permissions) {
      await reconcile(keys.permission(role.code, code), {}, granted.has(code) ? {} : undefined, {
        insert: async () => {
          await trx.insertInto('role_permissions').values({ role_id: id, auth_code: code }).execute();
        },
        update: async () => {},
      });
    }
  }

  for (const { roles, titles, ...menu } of data.menus ?? []) {
    const columns = menu as Fields;
    const current = await trx.selectFrom('menus').selectAll().where('id', '=', menu.id).executeTakeFirst();
    const exists = await reconcile(keys.menu(menu.id), columns, current, {
      insert: async () => {
        await trx.insertInto('menus').values(menu).execute();
      },
      update: async (changes) => {
        await trx.updateTable('menus').set(changes).where('id', '=', menu.id).execute();
      },
    });
    if (!exists) continue;

    for (const [lang, title] of Object.entries(titles)) {
      const row = await trx
        .selectFrom('menu_titles')
        .select('title')
        .where('menu_id', '=', menu.id)
        .where('lang', '=', lang)
        .executeTakeFirst();
      await reconcile(keys.title(menu.id, lang), { title }, row, {
        insert: async () => {
          await trx.insertInto('menu_titles').values({ menu_id: menu.id, lang, title }).execute();
        },
        update: async (changes) => {
          await trx.updateTable('menu_titles').set(changes).where('menu_id', '=', menu.id).where('lang', '=', lang).execute();
        },
      });
    }

    for (const code of roles) {
      const id = roleId(code);
      if (id === undefined) continue;
      const row = await trx
        .selectFrom('role_menus')
        .select('menu_id')
        .where('role_id', '=', id)
        .where('menu_id', '=', menu.id)
        .executeTakeFirst();
      await reconcile(keys.grant(code, menu.id), {}, row, {
        insert: async () => {
          await trx.insertInto('role_menus').values({ role_id: id, menu_id: menu.id }).execute();
        },
        update: async () => {},
      });
    }
  }
}

/** The roles of company users and of operators, as menu declarations name them. */
export const COMPANY = ['company_user'];
export const ADMIN = ['platform_admin'];

/** A page of the back office under a trading group. */
export const tradingPage = (
  id: string,
  parent: string,
  name: string,
  title: string,
  url: string,
  icon: string,
  sort: number,
  roles: string[],
  titles: MenuDeclaration['titles'],
): MenuDeclaration => ({
  id,
  parent_id: parent,
  name,
  title,
  url,
  icon,
  menu_type: '',
  system_code: 'omc',
  app_code: 'omc',
  sort,
  keep_alive: 1,
  menu_arg: '',
  roles,
  titles,
});
