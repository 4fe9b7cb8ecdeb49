import type { Kysely } from 'kysely';

/** Articles may carry a cover image (uploaded in the back office). */
export function articleCovers() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('cms_articles')
        .addColumn('cover_url', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .execute();
    },
  };
}
