import type { Kysely } from 'kysely';

/** The two menu-node fields the first menus table left out. */
export function menuFields() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('menus')
        .addColumn('other_prefix', 'varchar(100)', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable('menus')
        .addColumn('newparam', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .execute();
    },
  };
}
