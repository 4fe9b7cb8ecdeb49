import type { Kysely } from 'kysely';
import { withIdColumn, type Dialect } from '../../../db/database';
import { fillListingOwners } from '../../../db/listing-owners';

/**
 * Listing management and orders. The listings table of the market gains what its owner writes
 * (step, deposit ratio, pictures, description) and what review leaves (reason, expiry), so an
 * approved listing is on the market, the store and the product page without a second table.
 * Orders keep a snapshot of what was bought and a timeline; the supplier list gains a remark.
 */
export function orders(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const listingColumns: [string, 'integer' | 'bigint' | 'text' | 'varchar(32)' | 'varchar(200)', string | number][] = [
        ['company_id', 'integer', 0],
        ['goods_sku_name', 'varchar(200)', ''],
        ['step_milli', 'bigint', 0],
        ['deposit_ratio', 'integer', 10],
        ['pictures_json', 'text', '[]'],
        ['description', 'text', ''],
        ['review_remark', 'text', ''],
        ['expire_time', 'varchar(32)', ''],
        ['updated_at', 'varchar(32)', ''],
      ];
      for (const [name, type, fallback] of listingColumns) {
        await db.schema
          .alterTable('listings')
          .addColumn(name, type, (c) => c.notNull().defaultTo(fallback))
          .execute();
      }
      // Listings published before this migration belong to their seller's company.
      await fillListingOwners(db);
      await db.schema.createIndex('listings_company').on('listings').columns(['company_id', 'obj_state', 'id']).execute();

      await withIdColumn(db.schema.createTable('orders'), dialect)
        .addColumn('order_no', 'varchar(40)', (c) => c.notNull().unique())
        .addColumn('origin', 'varchar(10)', (c) => c.notNull())
        .addColumn('origin_code', 'varchar(40)', (c) => c.notNull())
        .addColumn('listing_id', 'integer')
        .addColumn('buyer_company_id', 'integer', (c) => c.notNull())
        .addColumn('buyer_user_id', 'integer', (c) => c.notNull())
        .addColumn('buyer_name', 'varchar(100)', (c) => c.notNull())
        .addColumn('seller_company_id', 'integer', (c) => c.notNull())
        .addColumn('seller_user_id', 'integer', (c) => c.notNull())
        .addColumn('seller_name', 'varchar(100)', (c) => c.notNull())
        .addColumn('request_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('snapshot_json', 'text', (c) => c.notNull())
        .addColumn('quantity_milli', 'bigint', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('currency', 'varchar(8)', (c) => c.notNull())
        .addColumn('deposit_frozen', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('state', 'integer', (c) => c.notNull())
        .addColumn('delivery_address', 'varchar(200)', (c) => c.notNull())
        .addColumn('contact_name', 'varchar(40)', (c) => c.notNull())
        .addColumn('contact_phone', 'varchar(40)', (c) => c.notNull())
        .addColumn('remark', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .addColumn('confirm_by', 'varchar(32)', (c) => c.notNull().defaultTo(''))
        .addColumn('pay_by', 'varchar(32)', (c) => c.notNull().defaultTo(''))
        .addColumn('receive_by', 'varchar(32)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        // A retried placement (same buyer company, same request id) finds the order it made.
        .addUniqueConstraint('orders_buyer_request', ['buyer_company_id', 'request_id'])
        .execute();
      await db.schema.createIndex('orders_buyer').on('orders').columns(['buyer_company_id', 'state', 'id']).execute();
      await db.schema.createIndex('orders_seller').on('orders').columns(['seller_company_id', 'state', 'id']).execute();
      await db.schema.createIndex('orders_state').on('orders').columns(['state', 'id']).execute();
      await db.schema.createIndex('orders_listing').on('orders').columns(['listing_id']).execute();

      await withIdColumn(db.schema.createTable('order_events'), dialect)
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('action', 'varchar(20)', (c) => c.notNull())
        .addColumn('state', 'integer', (c) => c.notNull())
        .addColumn('actor_user_id', 'integer')
        .addColumn('actor_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
        .addColumn('note', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .addColumn('file_ids_json', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('order_events_order').on('order_events').columns(['order_id', 'id']).execute();

      await db.schema
        .alterTable('pur_customer_relations')
        .addColumn('remark', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .execute();
    },
  };
}
