import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../../db/database';

/**
 * Every listing keeps its market card, the listing as the market's search answers it, written out
 * as JSON in `card_json`. A page of the market then reads one text column per row and joins the
 * texts, instead of reading twenty columns and the SKUs of each row and writing the JSON again on
 * every request: that reading and writing was most of an uncached search's time (decision 173).
 *
 * Triggers keep the card in step with every write, whoever makes it: a listing inserted or one of
 * the card's columns changed, a SKU added, changed or removed. The card is part of the row, so it
 * commits with the write that changed it and a reader never sees one without the other.
 *
 * The card's keys and values are those of the contract's listing item: ids as text, quantities in
 * units (thousandths of a unit stored; a whole number written without a fraction), a picture as
 * its download address, the SKUs in their order. A test compares every card with the contract,
 * on both databases.
 */

/** The listing columns a card shows; a change to any of them writes the card again. */
export const CARD_SOURCE_COLUMNS = [
  'trade_listing_code',
  'listing_type',
  'hold_bs',
  'obj_state',
  'single_price',
  'currency',
  'obj_listing_milli',
  'surplus_milli',
  'min_milli',
  'obj_listing_day',
  'obj_period_day',
  'transport_way',
  'payment_type',
  'seller_id',
  'user_name',
  'market_code',
  'variety_code',
  'variety_name',
  'pic_file_id',
  'publish_time',
] as const;

/** The card's JSON keys and their values, in the contract's order, over a listing row named `l`. */
function cardFields(dialect: Dialect, l: string): [string, string][] {
  // Stored in thousandths; written as units, whole numbers without a fraction on both databases.
  const units = (column: string) =>
    dialect === 'sqlite'
      ? `case when ${l}.${column} % 1000 = 0 then ${l}.${column} / 1000 else ${l}.${column} / 1000.0 end`
      : `trim_scale(${l}.${column}::numeric / 1000)`;
  const text = (column: string) => (dialect === 'sqlite' ? `cast(${l}.${column} as text)` : `${l}.${column}::text`);
  const skus =
    dialect === 'sqlite'
      ? `json((select json_group_array(json_object('goodsSkuName', s.goods_sku_name, 'varietyUnit', s.variety_unit) order by s.sort, s.id)
           from listing_skus s where s.listing_id = ${l}.id))`
      : `coalesce((select json_agg(json_build_object('goodsSkuName', s.goods_sku_name, 'varietyUnit', s.variety_unit) order by s.sort, s.id)
           from listing_skus s where s.listing_id = ${l}.id), '[]'::json)`;
  return [
    ['id', text('id')],
    ['tradeListingCode', `${l}.trade_listing_code`],
    ['listingType', `${l}.listing_type`],
    ['holdBs', `${l}.hold_bs`],
    ['objState', `${l}.obj_state`],
    ['singlePrice', `${l}.single_price`],
    ['currency', `${l}.currency`],
    ['surplusListingNum', units('surplus_milli')],
    ['objListingNum', units('obj_listing_milli')],
    ['objListingDay', `${l}.obj_listing_day`],
    ['objPeriodDay', `${l}.obj_period_day`],
    ['objMinNum', units('min_milli')],
    ['transportWay', `${l}.transport_way`],
    ['paymentType', `${l}.payment_type`],
    ['userName', `${l}.user_name`],
    ['userId', text('seller_id')],
    ['marketCode', `${l}.market_code`],
    ['varietyCode', `${l}.variety_code`],
    ['varietyName', `${l}.variety_name`],
    // File ids are URL-safe by their pattern, so the address needs no escaping.
    ['picPath', `case when ${l}.pic_file_id = '' then '' else '/file/download?fileId=' || ${l}.pic_file_id end`],
    ['publishTime', `${l}.publish_time`],
    ['skuList', skus],
  ];
}

/** The SQL of a listing's card over the row named `l`. */
export function cardExpression(dialect: Dialect, l: string): string {
  const pairs = cardFields(dialect, l)
    .map(([key, value]) => `'${key}', ${value}`)
    .join(', ');
  return dialect === 'sqlite' ? `json_object(${pairs})` : `json_build_object(${pairs})::text`;
}

/** Writes every listing's card again (after the migration adds the column, or a bulk load with the triggers off). */
export async function rebuildListingCards<DB>(db: Kysely<DB>, dialect: Dialect): Promise<void> {
  await sql.raw(`update listings set card_json = ${cardExpression(dialect, 'listings')}`).execute(db);
}

export function listingCards(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('listings')
        .addColumn('card_json', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      const watched = CARD_SOURCE_COLUMNS.join(', ');
      if (dialect === 'sqlite') {
        const write = (id: string) => `update listings set card_json = ${cardExpression(dialect, 'listings')} where id = ${id};`;
        const triggers = [
          `create trigger listings_card_insert after insert on listings begin ${write('new.id')} end`,
          `create trigger listings_card_update after update of ${watched} on listings begin ${write('new.id')} end`,
          `create trigger listing_skus_card_insert after insert on listing_skus begin ${write('new.listing_id')} end`,
          `create trigger listing_skus_card_delete after delete on listing_skus begin ${write('old.listing_id')} end`,
          `create trigger listing_skus_card_update after update on listing_skus begin ${write('old.listing_id')} ${write('new.listing_id')} end`,
        ];
        for (const trigger of triggers) await sql.raw(trigger).execute(db);
      } else {
        // The listing's own write sets its card on the way in; a SKU's write asks its listing for a
        // new card by writing the column, which the same trigger fills.
        await sql
          .raw(
            `create function listings_card_write() returns trigger language plpgsql as $$
            begin
              new.card_json := ${cardExpression(dialect, 'new')};
              return new;
            end $$`,
          )
          .execute(db);
        await sql
          .raw(
            `create trigger listings_card before insert or update of ${watched}, card_json on listings for each row execute function listings_card_write()`,
          )
          .execute(db);
        await sql
          .raw(
            `create function listing_skus_card_write() returns trigger language plpgsql as $$
            begin
              if tg_op in ('UPDATE', 'DELETE') then update listings set card_json = '' where id = old.listing_id; end if;
              if tg_op in ('UPDATE', 'INSERT') then update listings set card_json = '' where id = new.listing_id; end if;
              return null;
            end $$`,
          )
          .execute(db);
        await sql
          .raw(
            `create trigger listing_skus_card after insert or update or delete on listing_skus for each row execute function listing_skus_card_write()`,
          )
          .execute(db);
      }
      await rebuildListingCards(db, dialect);
    },
  };
}
