import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/database';

/** A listing of the demo data to trade on: its variety and market. */
export async function someListing(db: Db) {
  return db
    .selectFrom('listings')
    .select(['id', 'variety_code', 'market_code', 'company_id', 'seller_id'])
    .where('hold_bs', '=', 2)
    .where('currency', '=', 'CNY')
    .orderBy('id')
    .executeTakeFirstOrThrow();
}

let counter = 0;

/**
 * Writes an order that reached `state` at `at`, with its timeline, as the orders module stores
 * them: the deals the index reads. `listingId` null makes it an order of a result (no market).
 */
export async function addDeal(
  db: Db,
  d: { variety: string; listingId: number | null; at: string; unitCents: number; quantity: number; currency?: string; state?: number },
): Promise<void> {
  counter += 1;
  const buyer = await db.selectFrom('users').select(['id', 'company_id']).where('account', '=', 'buyer01').executeTakeFirstOrThrow();
  const seller = await db.selectFrom('users').select(['id', 'company_id']).where('account', '=', 'supplier01').executeTakeFirstOrThrow();
  const quantityMilli = d.quantity * 1000;
  const state = d.state ?? 2;
  const snapshot = {
    varietyCode: d.variety,
    varietyName: '',
    goodsSkuName: '',
    unit: '吨',
    singlePrice: d.unitCents,
    currency: d.currency ?? 'CNY',
  };
  const { id } = await db
    .insertInto('orders')
    .values({
      order_no: `PI${String(counter).padStart(10, '0')}${Math.random().toString(36).slice(2, 6)}`,
      origin: d.listingId ? 'listing' : 'tender',
      origin_code: 'x',
      listing_id: d.listingId,
      buyer_company_id: buyer.company_id!,
      buyer_user_id: buyer.id,
      buyer_name: 'b',
      seller_company_id: seller.company_id!,
      seller_user_id: seller.id,
      seller_name: 's',
      request_id: `pi-${counter}-${Math.random()}`,
      snapshot_json: JSON.stringify(snapshot),
      quantity_milli: quantityMilli,
      amount: d.unitCents * d.quantity,
      currency: d.currency ?? 'CNY',
      state,
      delivery_address: '',
      contact_name: '',
      contact_phone: '',
      created_at: d.at,
      updated_at: d.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const event = (action: string, s: number) => ({ order_id: id, action, state: s, actor_user_id: null, at: d.at });
  await db.insertInto('order_events').values(event('place', 1)).execute();
  if (state >= 2) await db.insertInto('order_events').values(event('confirm', 2)).execute();
}

/**
 * The day's index recomputed from the orders by one SQL statement of its own, for a day without
 * outliers: total amount over total quantity of the orders confirmed in the day, their count and volume.
 */
export async function independentDay(db: Db, dialect: Dialect, variety: string, from: string, to: string) {
  const varietyOf =
    dialect === 'postgres' ? sql`(o.snapshot_json::json ->> 'varietyCode')` : sql`json_extract(o.snapshot_json, '$.varietyCode')`;
  const { rows } = await sql<{ amount: string | number; qty: string | number; n: string | number }>`
    select sum(o.amount) as amount, sum(o.quantity_milli) as qty, count(*) as n
    from orders o join order_events e on e.order_id = o.id
    where e.state = 2 and e.action in ('confirm', 'settle') and e.at >= ${from} and e.at < ${to}
      and o.currency = 'CNY' and ${varietyOf} = ${variety}`.execute(db);
  const r = rows[0]!;
  return { index: Math.round((Number(r.amount) * 1000) / Number(r.qty)), samples: Number(r.n), volumeMilli: Number(r.qty) };
}
