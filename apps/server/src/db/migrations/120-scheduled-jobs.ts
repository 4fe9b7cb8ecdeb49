import type { Kysely } from 'kysely';
import { withIdColumn, type Dialect } from '../database';

/**
 * Timed transitions (listing expiry, order deadlines ...): one row per (kind, key), claimed with a
 * lease so that exactly one server runs it, marked done in the same transaction as its effects.
 */
export function scheduledJobs(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withIdColumn(db.schema.createTable('scheduled_jobs'), dialect)
        .addColumn('kind', 'varchar(60)', (c) => c.notNull())
        .addColumn('key', 'varchar(120)', (c) => c.notNull())
        .addColumn('run_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('state', 'varchar(12)', (c) => c.notNull().defaultTo('pending'))
        .addColumn('lease_owner', 'varchar(80)')
        .addColumn('lease_until', 'varchar(32)')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_error', 'varchar(1000)')
        .addColumn('done_at', 'varchar(32)')
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .addUniqueConstraint('scheduled_jobs_kind_key', ['kind', 'key'])
        .execute();
      await db.schema.createIndex('scheduled_jobs_due').on('scheduled_jobs').columns(['state', 'run_at']).execute();
    },
  };
}
