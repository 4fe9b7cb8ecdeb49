import type { Db } from '../../db/database';

/** Storage of menus, their titles per language, role grants and favourites. */
export function createMenusRepo(db: Db) {
  const grantedIds = (userId: number) =>
    db
      .selectFrom('role_menus')
      .innerJoin('user_roles', 'user_roles.role_id', 'role_menus.role_id')
      .select('role_menus.menu_id')
      .where('user_roles.user_id', '=', userId);

  return {
    /** The menus any of the user's roles grants, in display order. */
    listGranted(userId: number) {
      return db.selectFrom('menus').selectAll().where('id', 'in', grantedIds(userId)).orderBy('sort').orderBy('id').execute();
    },
    async titles(lang: string): Promise<Map<string, string>> {
      const rows = await db.selectFrom('menu_titles').select(['menu_id', 'title']).where('lang', '=', lang).execute();
      return new Map(rows.map((r) => [r.menu_id, r.title]));
    },
    async favouriteIds(userId: number): Promise<Set<string>> {
      const rows = await db.selectFrom('menu_favorites').select('menu_id').where('user_id', '=', userId).execute();
      return new Set(rows.map((r) => r.menu_id));
    },
    find(menuId: string) {
      return db.selectFrom('menus').select(['id', 'url']).where('id', '=', menuId).executeTakeFirst();
    },
    async isGranted(userId: number, menuId: string): Promise<boolean> {
      const row = await grantedIds(userId).where('role_menus.menu_id', '=', menuId).executeTakeFirst();
      return row !== undefined;
    },
    async addFavourite(userId: number, menuId: string, at: string): Promise<void> {
      await db
        .insertInto('menu_favorites')
        .values({ user_id: userId, menu_id: menuId, created_at: at })
        .onConflict((oc) => oc.columns(['user_id', 'menu_id']).doNothing())
        .execute();
    },
    async removeFavourite(userId: number, menuId: string): Promise<void> {
      await db.deleteFrom('menu_favorites').where('user_id', '=', userId).where('menu_id', '=', menuId).execute();
    },
  };
}
export type MenusRepo = ReturnType<typeof createMenusRepo>;
