import { sql, type Kysely } from 'kysely';

/**
 * What the system page reads: the table the servers announce themselves in, and an index for its
 * list of failed jobs (a few rows among every job ever run).
 */
export function systemNodes() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('system_nodes')
        .addColumn('node_id', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('version', 'varchar(40)', (c) => c.notNull())
        .addColumn('started_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('last_seen_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('load1', 'real', (c) => c.notNull())
        .addColumn('cpus', 'integer', (c) => c.notNull())
        .addColumn('memory_bytes', 'bigint', (c) => c.notNull())
        .addColumn('message_streams', 'integer', (c) => c.notNull())
        .addColumn('auction_streams', 'integer', (c) => c.notNull())
        .addColumn('failures_json', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('scheduled_jobs_errors')
        .on('scheduled_jobs')
        .column('updated_at')
        .where(sql.ref('last_error'), 'is not', null)
        .execute();
    },
  };
}
