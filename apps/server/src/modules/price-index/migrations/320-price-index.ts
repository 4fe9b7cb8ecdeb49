import type { Kysely } from 'kysely';
import { withIdColumn, type Dialect } from '../../../db/database';

/**
 * The daily publications of the price index made from deals: one row per index (variety, market;
 * '' for all markets) and day, which the unique key keeps to one however many servers compute it.
 */
export function priceIndexTable(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withIdColumn(db.schema.createTable('price_index_days'), dialect)
        .addColumn('variety_code', 'varchar(40)', (c) => c.notNull())
        .addColumn('market_code', 'varchar(40)', (c) => c.notNull())
        .addColumn('day', 'varchar(10)', (c) => c.notNull())
        .addColumn('currency', 'varchar(3)', (c) => c.notNull())
        .addColumn('index_value', 'bigint', (c) => c.notNull())
        .addColumn('open_price', 'bigint')
        .addColumn('high_price', 'bigint')
        .addColumn('low_price', 'bigint')
        .addColumn('close_price', 'bigint')
        .addColumn('volume_milli', 'bigint', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('samples', 'integer', (c) => c.notNull())
        .addColumn('removed', 'integer', (c) => c.notNull())
        .addColumn('carried', 'integer', (c) => c.notNull())
        .addColumn('rule_version', 'varchar(10)', (c) => c.notNull())
        .addColumn('withheld', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('note', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .addColumn('published_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .addUniqueConstraint('price_index_days_index_day', ['variety_code', 'market_code', 'day'])
        .execute();
    },
  };
}
