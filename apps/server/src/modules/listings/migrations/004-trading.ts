import { sql, type Kysely } from 'kysely';
import { withIdColumn, type Dialect } from '../../../db/database';

/**
 * The columns of listing_facets: what the market's tag filters select on. The listing search reads
 * its facet coverage from here (modules/listings/search-plan.ts), so the two cannot drift.
 */
export const FACET_COLUMNS = ['obj_state', 'hold_bs', 'listing_type', 'market_code', 'variety_l1', 'variety_l2', 'variety_code'] as const;

/**
 * Trading: the variety tree, markets, shops, listings (with the indexes the market search needs and
 * a facet-count table kept by triggers), auction spaces and pieces, tenders, supply relations.
 */
export function trading(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withIdColumn(db.schema.createTable('varieties'), dialect)
        .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
        .addColumn('par_code', 'varchar(32)', (c) => c.notNull().defaultTo(''))
        .addColumn('short_name', 'varchar(60)', (c) => c.notNull())
        .addColumn('level', 'integer', (c) => c.notNull())
        .addColumn('unit', 'varchar(20)', (c) => c.notNull().defaultTo('吨'))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable('markets')
        .addColumn('market_id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('market_name_zh', 'varchar(100)', (c) => c.notNull())
        .addColumn('obj_mode', 'integer', (c) => c.notNull())
        .addColumn('currency', 'varchar(8)', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable('shops')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('company_name', 'varchar(100)', (c) => c.notNull())
        .addColumn('logo_file_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('region', 'varchar(60)', (c) => c.notNull().defaultTo(''))
        .addColumn('main_business', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .addColumn('introduction', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('contact_name', 'varchar(40)', (c) => c.notNull().defaultTo(''))
        .addColumn('contact_phone', 'varchar(40)', (c) => c.notNull().defaultTo(''))
        .addColumn('recommended', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('recommend_sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('opened_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('shops_recommended').on('shops').columns(['recommended', 'recommend_sort']).execute();

      await withIdColumn(db.schema.createTable('listings'), dialect)
        .addColumn('trade_listing_code', 'varchar(40)', (c) => c.notNull().unique())
        .addColumn('listing_type', 'varchar(2)', (c) => c.notNull())
        .addColumn('hold_bs', 'integer', (c) => c.notNull())
        .addColumn('obj_state', 'integer', (c) => c.notNull())
        .addColumn('single_price', 'bigint', (c) => c.notNull())
        .addColumn('currency', 'varchar(8)', (c) => c.notNull())
        .addColumn('obj_listing_milli', 'bigint', (c) => c.notNull())
        .addColumn('surplus_milli', 'bigint', (c) => c.notNull())
        .addColumn('min_milli', 'bigint', (c) => c.notNull())
        .addColumn('obj_listing_day', 'integer', (c) => c.notNull())
        .addColumn('obj_period_day', 'integer', (c) => c.notNull())
        .addColumn('transport_way', 'varchar(2)', (c) => c.notNull())
        .addColumn('payment_type', 'integer', (c) => c.notNull())
        .addColumn('seller_id', 'integer', (c) => c.notNull())
        .addColumn('user_name', 'varchar(100)', (c) => c.notNull())
        .addColumn('market_code', 'varchar(32)', (c) => c.notNull())
        .addColumn('variety_l1', 'varchar(32)', (c) => c.notNull())
        .addColumn('variety_l2', 'varchar(32)', (c) => c.notNull())
        .addColumn('variety_code', 'varchar(32)', (c) => c.notNull())
        .addColumn('variety_name', 'varchar(60)', (c) => c.notNull())
        .addColumn('pic_file_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('publish_time', 'varchar(32)', (c) => c.notNull())
        .addColumn('origin', 'varchar(100)', (c) => c.notNull().defaultTo(''))
        .addColumn('delivery_place', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .addColumn('delivery_start', 'varchar(32)', (c) => c.notNull().defaultTo(''))
        .addColumn('delivery_end', 'varchar(32)', (c) => c.notNull().defaultTo(''))
        .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      // A search reads one of these in its sort order and filters on the trailing columns without
      // touching the table, so a page costs about the index entries it passes. Each variety level
      // has its own pair: prices follow the variety (coking coal costs twice steam coal), so
      // filtering a deeper level inside a wider index would pass most of it in price order.
      // Direction and listing type are spread evenly and filter well inside the wider indexes.
      const filterColumns = ['hold_bs', 'listing_type', 'market_code', 'seller_id', 'surplus_milli'];
      const everything = [...filterColumns, 'variety_l1', 'variety_l2', 'variety_code'];
      const indexes: Record<string, string[]> = {
        listings_state_time: ['obj_state', 'publish_time', 'id', 'single_price', ...everything],
        listings_state_price: ['obj_state', 'single_price', 'id', 'publish_time', ...everything],
        // Quantity ranges: a bounded count and a few-match page read this range.
        listings_state_surplus: [
          'obj_state',
          'surplus_milli',
          'id',
          'publish_time',
          'single_price',
          'hold_bs',
          'listing_type',
          'market_code',
          'seller_id',
          'variety_l1',
          'variety_l2',
          'variety_code',
        ],
        listings_l1_time: ['obj_state', 'variety_l1', 'publish_time', 'id', 'single_price', ...filterColumns],
        listings_l1_price: ['obj_state', 'variety_l1', 'single_price', 'id', 'publish_time', ...filterColumns],
        listings_l2_time: ['obj_state', 'variety_l2', 'publish_time', 'id', 'single_price', ...filterColumns],
        listings_l2_price: ['obj_state', 'variety_l2', 'single_price', 'id', 'publish_time', ...filterColumns],
        listings_leaf_time: ['obj_state', 'variety_code', 'publish_time', 'id', 'single_price', ...filterColumns],
        listings_leaf_price: ['obj_state', 'variety_code', 'single_price', 'id', 'publish_time', ...filterColumns],
        // Markets follow varieties too (the coal market holds no chemicals), hence their own pair.
        listings_market_time: [
          'obj_state',
          'market_code',
          'publish_time',
          'id',
          'single_price',
          'hold_bs',
          'listing_type',
          'seller_id',
          'surplus_milli',
          'variety_l1',
        ],
        listings_market_price: [
          'obj_state',
          'market_code',
          'single_price',
          'id',
          'publish_time',
          'hold_bs',
          'listing_type',
          'seller_id',
          'surplus_milli',
          'variety_l1',
        ],
        // obj_state first: led by seller_id, SQLite's planner skip-scans these for price ranges.
        listings_seller_time: ['obj_state', 'seller_id', 'publish_time', 'id'],
        listings_seller_price: ['obj_state', 'seller_id', 'single_price', 'id'],
      };
      for (const [name, columns] of Object.entries(indexes)) await db.schema.createIndex(name).on('listings').columns(columns).execute();

      await withIdColumn(db.schema.createTable('listing_skus'), dialect)
        .addColumn('listing_id', 'integer', (c) => c.notNull().references('listings.id').onDelete('cascade'))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('goods_sku_name', 'varchar(200)', (c) => c.notNull())
        .addColumn('variety_unit', 'varchar(20)', (c) => c.notNull())
        /** JSON text: [{name, value}]. */
        .addColumn('specs_json', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();
      await db.schema.createIndex('listing_skus_listing').on('listing_skus').columns(['listing_id', 'sort']).execute();

      await db.schema
        .createTable('listing_facets')
        .addColumn('obj_state', 'integer', (c) => c.notNull())
        .addColumn('hold_bs', 'integer', (c) => c.notNull())
        .addColumn('listing_type', 'varchar(2)', (c) => c.notNull())
        .addColumn('market_code', 'varchar(32)', (c) => c.notNull())
        .addColumn('variety_l1', 'varchar(32)', (c) => c.notNull())
        .addColumn('variety_l2', 'varchar(32)', (c) => c.notNull())
        .addColumn('variety_code', 'varchar(32)', (c) => c.notNull())
        .addColumn('n', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('listing_facets_pk', [...FACET_COLUMNS])
        .execute();
      await createFacetTriggers(db, dialect);

      await withIdColumn(db.schema.createTable('auction_spaces'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('space_name', 'varchar(200)', (c) => c.notNull())
        .addColumn('space_info_user', 'varchar(100)', (c) => c.notNull())
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('entry_person_name', 'varchar(40)', (c) => c.notNull())
        .addColumn('space_auction_mode', 'integer', (c) => c.notNull())
        .addColumn('space_status', 'integer', (c) => c.notNull())
        .addColumn('begin_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('end_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('price_step', 'bigint', (c) => c.notNull())
        .addColumn('deposit', 'bigint', (c) => c.notNull())
        .addColumn('currency', 'varchar(8)', (c) => c.notNull())
        .addColumn('delivery_place', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('contact_name', 'varchar(40)', (c) => c.notNull().defaultTo(''))
        .addColumn('contact_phone', 'varchar(40)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('auction_spaces_status_begin').on('auction_spaces').columns(['space_status', 'begin_at', 'id']).execute();

      await withIdColumn(db.schema.createTable('auction_pieces'), dialect)
        .addColumn('space_id', 'integer', (c) => c.notNull().references('auction_spaces.id').onDelete('cascade'))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('piece_name', 'varchar(200)', (c) => c.notNull())
        .addColumn('trade_status', 'integer', (c) => c.notNull())
        .addColumn('img_file_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('open_base_price', 'integer', (c) => c.notNull())
        .addColumn('base_price', 'bigint', (c) => c.notNull())
        .addColumn('payment_type', 'integer', (c) => c.notNull())
        .addColumn('total_weight_milli', 'bigint', (c) => c.notNull())
        .addColumn('stat_unit', 'varchar(20)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('auction_pieces_space').on('auction_pieces').columns(['space_id', 'sort']).execute();

      await withIdColumn(db.schema.createTable('tenders'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('tender_no', 'varchar(40)', (c) => c.notNull().unique())
        .addColumn('tender_name', 'varchar(200)', (c) => c.notNull())
        .addColumn('user_name', 'varchar(100)', (c) => c.notNull())
        .addColumn('tender_type', 'varchar(20)', (c) => c.notNull())
        .addColumn('obj_state', 'integer', (c) => c.notNull())
        .addColumn('bid_begin_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('bid_end_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('currency', 'varchar(8)', (c) => c.notNull())
        .addColumn('payment_type', 'integer', (c) => c.notNull())
        .addColumn('contact_name', 'varchar(40)', (c) => c.notNull().defaultTo(''))
        .addColumn('contact_phone', 'varchar(40)', (c) => c.notNull().defaultTo(''))
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('publish_time', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('tenders_state_publish').on('tenders').columns(['obj_state', 'publish_time', 'id']).execute();
      await db.schema.createIndex('tenders_publish').on('tenders').columns(['publish_time', 'id']).execute();
      await db.schema.createIndex('tenders_user').on('tenders').columns(['user_id', 'publish_time']).execute();

      await withIdColumn(db.schema.createTable('tender_lines'), dialect)
        .addColumn('tender_id', 'integer', (c) => c.notNull().references('tenders.id').onDelete('cascade'))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('goods_name', 'varchar(200)', (c) => c.notNull())
        .addColumn('specification', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .addColumn('quantity_milli', 'bigint', (c) => c.notNull())
        .addColumn('unit', 'varchar(20)', (c) => c.notNull())
        .addColumn('delivery_place', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .addColumn('delivery_date', 'varchar(32)', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('tender_lines_tender').on('tender_lines').columns(['tender_id', 'sort']).execute();

      await db.schema
        .createTable('pur_customer_relations')
        .addColumn('buyer_user_id', 'integer', (c) => c.notNull())
        .addColumn('supplier_user_id', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addPrimaryKeyConstraint('pur_customer_relations_pk', ['buyer_user_id', 'supplier_user_id'])
        .execute();
      await db.schema.createIndex('pur_customer_relations_supplier').on('pur_customer_relations').columns(['supplier_user_id']).execute();
    },
  };
}

/**
 * listing_facets holds the number of listings per combination of the tag filters, so the market's
 * totals are exact without counting a million rows. Triggers keep it in step with every write,
 * whoever makes it; their syntax differs by dialect, which is why this lives here and not in a repo.
 */
async function createFacetTriggers(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const cols = FACET_COLUMNS.join(', ');
  const match = (row: 'old' | 'new') => FACET_COLUMNS.map((c) => `${c} = ${row}.${c}`).join(' and ');
  const values = FACET_COLUMNS.map((c) => `new.${c}`).join(', ');
  const add = `insert into listing_facets (${cols}, n) values (${values}, 1) on conflict (${cols}) do update set n = listing_facets.n + 1`;
  const remove = `update listing_facets set n = n - 1 where ${match('old')}`;
  const watched = FACET_COLUMNS.join(', ');
  if (dialect === 'sqlite') {
    await sql.raw(`create trigger listings_facets_insert after insert on listings begin ${add}; end`).execute(db);
    await sql.raw(`create trigger listings_facets_delete after delete on listings begin ${remove}; end`).execute(db);
    await sql.raw(`create trigger listings_facets_update after update of ${watched} on listings begin ${remove}; ${add}; end`).execute(db);
    return;
  }
  await sql
    .raw(
      `create function listings_facets_sync() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') then ${remove}; end if;
        if tg_op in ('UPDATE', 'INSERT') then ${add}; end if;
        return null;
      end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger listings_facets after insert or delete or update of ${watched} on listings for each row execute function listings_facets_sync()`,
    )
    .execute(db);
}
