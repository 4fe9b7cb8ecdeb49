import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';

/**
 * The installation's identity: one row, written once by the migration (which runs under the
 * migrator's lock, so servers starting together agree on it), read by every server on this
 * database. Installations sharing one Redis keep their keys and event channel apart under it.
 */
export function installation() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('installation')
        .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await (db as Kysely<{ installation: { id: string; created_at: string } }>)
        .insertInto('installation')
        .values({ id: randomUUID(), created_at: new Date().toISOString() })
        .execute();
    },
  };
}
