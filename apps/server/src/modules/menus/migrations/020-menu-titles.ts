import type { Kysely } from 'kysely';

/** Menu titles in the other interface languages; the menus row holds the zh-CN source title. */
export function menuTitles() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('menu_titles')
        .addColumn('menu_id', 'varchar(64)', (c) => c.notNull().references('menus.id').onDelete('cascade'))
        .addColumn('lang', 'varchar(10)', (c) => c.notNull())
        .addColumn('title', 'varchar(100)', (c) => c.notNull())
        .addPrimaryKeyConstraint('menu_titles_pk', ['menu_id', 'lang'])
        .execute();
    },
  };
}
