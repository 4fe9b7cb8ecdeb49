import type { Kysely } from 'kysely';
import { fillAuctionOwners } from '../../../db/auction-owners';
import { withIdColumn, type Dialect } from '../../../db/database';

type ColumnType = 'integer' | 'bigint' | 'text' | 'varchar(8)' | 'varchar(32)' | 'varchar(64)' | 'varchar(200)';

/**
 * Live auctions. The portal's spaces and pieces gain what their owner writes (registration end,
 * anti-sniping, scope, reserve, mode-6 quantities), what review and suspension leave, and the
 * live state bidding keeps on the row it locks: the space's last seq and chain digest (one
 * conditional update per bid, so seq is gap-free on every dialect) and each piece's extended end,
 * best price and result. Registrations and bids are their own tables; a bid row is never changed
 * except its state (superseded) and, at the close, the quantity it was filled with.
 */
export function auctionTrading(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const spaceColumns: [string, ColumnType, string | number][] = [
        ['company_id', 'integer', 0],
        ['registration_end_at', 'varchar(32)', ''],
        ['delay_window_sec', 'integer', 300],
        ['delay_sec', 'integer', 300],
        ['scope', 'varchar(8)', 'open'],
        ['remark', 'text', ''],
        ['review_remark', 'text', ''],
        ['suspended', 'integer', 0],
        ['suspended_at', 'varchar(32)', ''],
        ['updated_at', 'varchar(32)', ''],
        ['last_seq', 'bigint', 0],
        ['chain_digest', 'varchar(64)', '0'.repeat(64)],
        ['registration_count', 'integer', 0],
      ];
      for (const [name, type, fallback] of spaceColumns) {
        await db.schema
          .alterTable('auction_spaces')
          .addColumn(name, type, (c) => c.notNull().defaultTo(fallback))
          .execute();
      }
      await db.schema.createIndex('auction_spaces_company').on('auction_spaces').columns(['company_id', 'space_status', 'id']).execute();

      const pieceColumns: [string, ColumnType, string | number][] = [
        ['variety_code', 'varchar(32)', ''],
        ['min_bid_milli', 'bigint', 0],
        ['bid_step_milli', 'bigint', 0],
        ['transport_way', 'varchar(8)', 'A'],
        ['delivery_place', 'varchar(200)', ''],
        ['pictures_json', 'text', '[]'],
        ['end_at', 'varchar(32)', ''],
        ['bidder_count', 'integer', 0],
        ['decide_by', 'varchar(32)', ''],
      ];
      for (const [name, type, fallback] of pieceColumns) {
        await db.schema
          .alterTable('auction_pieces')
          .addColumn(name, type, (c) => c.notNull().defaultTo(fallback))
          .execute();
      }
      // Nullable: no reserve, no bid yet, no deal.
      for (const name of ['reserve_price', 'best_price', 'deal_price', 'deal_milli']) {
        await db.schema.alterTable('auction_pieces').addColumn(name, 'bigint').execute();
      }
      // Spaces written before this migration belong to their publisher's company and end as their space.
      await fillAuctionOwners(db);

      await withIdColumn(db.schema.createTable('auction_registrations'), dialect)
        .addColumn('space_id', 'integer', (c) => c.notNull().references('auction_spaces.id'))
        .addColumn('company_id', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull())
        /** N of 竞买人 N: the order of registration in the space. */
        .addColumn('alias_no', 'integer', (c) => c.notNull())
        .addColumn('deposit', 'bigint', (c) => c.notNull())
        .addColumn('currency', 'varchar(8)', (c) => c.notNull())
        /** frozen, released, kept (with a won order), forfeited. */
        .addColumn('deposit_state', 'varchar(10)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .addUniqueConstraint('auction_registrations_company', ['space_id', 'company_id'])
        .addUniqueConstraint('auction_registrations_alias', ['space_id', 'alias_no'])
        .execute();
      await db.schema.createIndex('auction_registrations_by_company').on('auction_registrations').columns(['company_id', 'id']).execute();

      await withIdColumn(db.schema.createTable('auction_bids'), dialect)
        .addColumn('space_id', 'integer', (c) => c.notNull().references('auction_spaces.id'))
        .addColumn('piece_id', 'integer', (c) => c.notNull().references('auction_pieces.id'))
        .addColumn('company_id', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('alias_no', 'integer', (c) => c.notNull())
        .addColumn('seq', 'bigint', (c) => c.notNull())
        .addColumn('price', 'bigint', (c) => c.notNull())
        .addColumn('quantity_milli', 'bigint', (c) => c.notNull())
        /** valid, superseded, withdrawn. */
        .addColumn('state', 'varchar(12)', (c) => c.notNull())
        .addColumn('request_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('at', 'varchar(32)', (c) => c.notNull())
        /** SHA-256 hex of the previous bid's digest and this bid's canonical content. */
        .addColumn('digest', 'varchar(64)', (c) => c.notNull())
        /** Set at the close: what the bid got (0 for a bid that won nothing). */
        .addColumn('fill_milli', 'bigint')
        .addUniqueConstraint('auction_bids_seq', ['space_id', 'seq'])
        // A retried bid (same company, same request id) finds the bid it made.
        .addUniqueConstraint('auction_bids_request', ['space_id', 'company_id', 'request_id'])
        .execute();
      await db.schema.createIndex('auction_bids_piece').on('auction_bids').columns(['piece_id', 'state', 'price']).execute();
      await db.schema.createIndex('auction_bids_company').on('auction_bids').columns(['piece_id', 'company_id', 'state']).execute();
    },
  };
}
