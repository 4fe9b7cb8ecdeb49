import type { Kysely } from 'kysely';
import { withIdColumn, type Dialect } from '../../../db/database';

/** Agreements shown at registration and the SMS outbox. */
export function account(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withIdColumn(db.schema.createTable('agreements'), dialect)
        .addColumn('kind', 'varchar(20)', (c) => c.notNull())
        .addColumn('title', 'varchar(100)', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();

      await withIdColumn(db.schema.createTable('sms_outbox'), dialect)
        .addColumn('mobile', 'varchar(20)', (c) => c.notNull())
        .addColumn('purpose', 'varchar(20)', (c) => c.notNull())
        .addColumn('text', 'varchar(500)', (c) => c.notNull())
        .addColumn('code', 'varchar(10)', (c) => c.notNull())
        .addColumn('sent_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sms_outbox_mobile').on('sms_outbox').columns(['mobile', 'id']).execute();
    },
  };
}
