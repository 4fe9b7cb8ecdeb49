import type { Kysely } from 'kysely';
import { withIdColumn, type Dialect } from '../../../db/database';

/**
 * The message centre: one row per recipient user. Title and text are not stored: they are
 * rendered from kind + params in the reader's language when read. Ids only grow, so a stream
 * resumes "after id N".
 */
export function messages(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withIdColumn(db.schema.createTable('messages'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'varchar(40)', (c) => c.notNull())
        .addColumn('params_json', 'text', (c) => c.notNull())
        .addColumn('link_json', 'text', (c) => c.notNull())
        .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('messages_user_id').on('messages').columns(['user_id', 'id']).execute();
      await db.schema.createIndex('messages_user_unread').on('messages').columns(['user_id', 'is_read']).execute();
    },
  };
}
