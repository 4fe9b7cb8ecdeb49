import type { Kysely } from 'kysely';
import { withIdColumn, type Dialect } from '../../../db/database';

/** The operation log: every back-office write with who, when, what, and the values before and after. */
export function operationLog(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withIdColumn(db.schema.createTable('operation_log'), dialect)
        .addColumn('user_id', 'integer')
        .addColumn('account', 'varchar(40)', (c) => c.notNull())
        .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('resource', 'varchar(60)', (c) => c.notNull())
        .addColumn('action', 'varchar(30)', (c) => c.notNull())
        .addColumn('record_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('before_json', 'text')
        .addColumn('after_json', 'text')
        .addColumn('at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('operation_log_at').on('operation_log').column('at').execute();
      await db.schema.createIndex('operation_log_resource').on('operation_log').columns(['resource', 'record_id']).execute();
    },
  };
}
