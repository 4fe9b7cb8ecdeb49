import { sql, type Kysely } from 'kysely';
import { withIdColumn, type Dialect } from '../../../db/database';

/**
 * Sealed tenders: the tender gains what a buyer sets (open time, evaluation method, minimum valid
 * bids, deposit, documents) and what happens to it (review remark, close reason, the negotiation
 * round, its chain's last digest). Bids keep their priced content only as ciphertext (with the id
 * of the key that sealed it) until the opening writes the opened content beside it. The opening
 * and later records of a tender form a hash chain; supplier applications wait for the buyer.
 */
export function tenderTrading(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const add = (column: string, type: string, fn: Parameters<ReturnType<Kysely<unknown>['schema']['alterTable']>['addColumn']>[2]) =>
        db.schema.alterTable('tenders').addColumn(column, sql.raw(type), fn).execute();
      await add('company_id', 'integer', (c) => c);
      await add('open_at', 'varchar(32)', (c) => c.notNull().defaultTo(''));
      await add('evaluation_method', 'varchar(10)', (c) => c.notNull().defaultTo('lowest'));
      await add('price_weight', 'integer', (c) => c);
      await add('min_valid_bids', 'integer', (c) => c.notNull().defaultTo(3));
      await add('deposit', 'bigint', (c) => c.notNull().defaultTo(0));
      await add('document_file_ids', 'text', (c) => c.notNull().defaultTo('[]'));
      await add('review_remark', 'varchar(500)', (c) => c.notNull().defaultTo(''));
      await add('close_reason', 'varchar(500)', (c) => c.notNull().defaultTo(''));
      await add('opened_at', 'varchar(32)', (c) => c.notNull().defaultTo(''));
      await add('evaluation_json', 'text', (c) => c.notNull().defaultTo(''));
      await add('negotiation_kind', 'varchar(20)', (c) => c.notNull().defaultTo(''));
      await add('negotiation_question', 'text', (c) => c.notNull().defaultTo(''));
      await add('negotiation_deadline', 'varchar(32)', (c) => c.notNull().defaultTo(''));
      await add('negotiation_at', 'varchar(32)', (c) => c.notNull().defaultTo(''));
      await add('negotiation_closed_at', 'varchar(32)', (c) => c.notNull().defaultTo(''));
      await add('chain_digest', 'varchar(64)', (c) => c.notNull().defaultTo(''));
      await add('updated_at', 'varchar(32)', (c) => c.notNull().defaultTo(''));
      // The portal's tenders predate these columns: they open when bidding ends and belong to
      // their tenderer's company.
      await sql`update tenders set open_at = bid_end_at, updated_at = publish_time`.execute(db);
      await sql`update tenders set company_id = (select u.company_id from users u where u.id = tenders.user_id)`.execute(db);
      await db.schema.createIndex('tenders_company').on('tenders').columns(['company_id', 'obj_state', 'id']).execute();

      await withIdColumn(db.schema.createTable('tender_bids'), dialect)
        .addColumn('tender_id', 'integer', (c) => c.notNull().references('tenders.id').onDelete('cascade'))
        .addColumn('supplier_user_id', 'integer', (c) => c.notNull())
        .addColumn('supplier_company_id', 'integer', (c) => c.notNull())
        .addColumn('supplier_name', 'varchar(100)', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('state', 'varchar(12)', (c) => c.notNull())
        .addColumn('invalid_reason', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .addColumn('key_id', 'varchar(40)', (c) => c.notNull())
        .addColumn('sealed', 'text', (c) => c.notNull())
        .addColumn('digest', 'varchar(64)', (c) => c.notNull())
        .addColumn('receipt_time', 'varchar(32)', (c) => c.notNull())
        .addColumn('opened_json', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('total', 'bigint', (c) => c)
        .addColumn('technical_score', 'double precision', (c) => c)
        .addColumn('score', 'double precision', (c) => c)
        .addColumn('rank', 'integer', (c) => c)
        .addColumn('deposit_frozen', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('tender_bids_one').on('tender_bids').columns(['tender_id', 'supplier_company_id']).unique().execute();
      await db.schema.createIndex('tender_bids_supplier').on('tender_bids').columns(['supplier_company_id', 'id']).execute();

      await withIdColumn(db.schema.createTable('tender_answers'), dialect)
        .addColumn('tender_id', 'integer', (c) => c.notNull().references('tenders.id').onDelete('cascade'))
        .addColumn('bid_id', 'integer', (c) => c.notNull().unique())
        .addColumn('kind', 'varchar(20)', (c) => c.notNull())
        .addColumn('key_id', 'varchar(40)', (c) => c.notNull())
        .addColumn('sealed', 'text', (c) => c.notNull())
        .addColumn('digest', 'varchar(64)', (c) => c.notNull())
        .addColumn('receipt_time', 'varchar(32)', (c) => c.notNull())
        .addColumn('opened_json', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('tender_answers_tender').on('tender_answers').columns(['tender_id']).execute();

      await withIdColumn(db.schema.createTable('tender_chain'), dialect)
        .addColumn('tender_id', 'integer', (c) => c.notNull().references('tenders.id').onDelete('cascade'))
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('kind', 'varchar(20)', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('prev_digest', 'varchar(64)', (c) => c.notNull())
        .addColumn('digest', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('tender_chain_seq').on('tender_chain').columns(['tender_id', 'seq']).unique().execute();

      await withIdColumn(db.schema.createTable('tender_awards'), dialect)
        .addColumn('tender_id', 'integer', (c) => c.notNull().references('tenders.id').onDelete('cascade'))
        .addColumn('line_no', 'integer', (c) => c.notNull())
        .addColumn('bid_id', 'integer', (c) => c.notNull())
        .addColumn('supplier_user_id', 'integer', (c) => c.notNull())
        .addColumn('supplier_name', 'varchar(100)', (c) => c.notNull())
        .addColumn('quantity_milli', 'bigint', (c) => c.notNull())
        .addColumn('unit_price', 'bigint', (c) => c.notNull())
        .addColumn('order_no', 'varchar(40)', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('tender_awards_tender').on('tender_awards').columns(['tender_id', 'line_no']).execute();

      await withIdColumn(db.schema.createTable('supplier_applications'), dialect)
        .addColumn('buyer_user_id', 'integer', (c) => c.notNull())
        .addColumn('supplier_user_id', 'integer', (c) => c.notNull())
        .addColumn('remark', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .addColumn('state', 'varchar(10)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('decided_at', 'varchar(32)', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .createIndex('supplier_applications_buyer')
        .on('supplier_applications')
        .columns(['buyer_user_id', 'state', 'id'])
        .execute();
      await db.schema
        .createIndex('supplier_applications_supplier')
        .on('supplier_applications')
        .columns(['supplier_user_id', 'buyer_user_id', 'state'])
        .execute();
    },
  };
}
