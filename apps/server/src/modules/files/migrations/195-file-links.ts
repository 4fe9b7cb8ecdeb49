import type { Kysely } from 'kysely';
import { withIdColumn, type Dialect } from '../../../db/database';

/**
 * Files given as evidence of a step (a payment voucher, a waybill, a tender bid's attachments),
 * each linked to what it is evidence of: such a file is read only by that record's parties and the
 * operators who may see it. A file without a link (a picture) stays public.
 */
export function fileLinks(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withIdColumn(db.schema.createTable('file_links'), dialect)
        .addColumn('file_id', 'varchar(80)', (c) => c.notNull())
        .addColumn('scope', 'varchar(20)', (c) => c.notNull())
        .addColumn('ref', 'varchar(60)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addUniqueConstraint('file_links_file_scope_ref', ['file_id', 'scope', 'ref'])
        .execute();
      await db.schema.createIndex('file_links_scope_ref').on('file_links').columns(['scope', 'ref']).execute();
    },
  };
}
