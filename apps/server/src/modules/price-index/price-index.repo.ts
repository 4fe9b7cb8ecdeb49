import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { PriceIndexDayTable } from './tables';

export type PriceIndexRow = Selectable<PriceIndexDayTable>;

/** A deal of the day as stored: the order and, for an order on a listing, the listing's market. */
export interface DealRow {
  at: string;
  amount: number;
  quantityMilli: number;
  currency: string;
  snapshotJson: string;
  marketCode: string | null;
}

/** PostgreSQL answers bigint columns as text: the numbers of a row, as numbers. */
function numeric(row: PriceIndexRow): PriceIndexRow {
  const n = (v: number | null) => (v === null ? null : Number(v));
  return {
    ...row,
    index_value: Number(row.index_value),
    open_price: n(row.open_price),
    high_price: n(row.high_price),
    low_price: n(row.low_price),
    close_price: n(row.close_price),
    volume_milli: Number(row.volume_milli),
    amount: Number(row.amount),
    samples: Number(row.samples),
    removed: Number(row.removed),
    carried: Number(row.carried),
    withheld: Number(row.withheld),
  };
}

/**
 * The newest row of every index (variety and market): before a day when given, and only among
 * values not withheld when asked.
 */
async function latestPerIndex(on: Db, opts: { before?: string; shownOnly?: boolean }): Promise<PriceIndexRow[]> {
  let q = on.selectFrom('price_index_days as p').selectAll('p');
  if (opts.shownOnly) q = q.where('p.withheld', '=', 0);
  const rows = await q
    .where((eb) => {
      let newest = eb
        .selectFrom('price_index_days as q')
        .select((x) => x.fn.max('q.day').as('d'))
        .whereRef('q.variety_code', '=', 'p.variety_code')
        .whereRef('q.market_code', '=', 'p.market_code');
      if (opts.before) newest = newest.where('q.day', '<', opts.before);
      if (opts.shownOnly) newest = newest.where('q.withheld', '=', 0);
      return eb('p.day', '=', newest);
    })
    .orderBy('p.variety_code')
    .orderBy('p.market_code')
    .execute();
  return rows.map(numeric);
}

/** Storage of the price index: the deals it reads (orders and their timelines) and its publications. */
export function createPriceIndexRepo(db: Db) {
  return {
    /** The database outside any transaction. */
    db,

    /**
     * The deals that became binding in [from, to): orders whose timeline reached state 2
     * (confirmed by the seller, or settled from an auction or tender result), whatever happened later.
     */
    async dealsBetween(on: Db, from: string, to: string): Promise<DealRow[]> {
      const rows = await on
        .selectFrom('order_events as e')
        .innerJoin('orders as o', 'o.id', 'e.order_id')
        .leftJoin('listings as l', 'l.id', 'o.listing_id')
        .select(['e.at', 'o.amount', 'o.quantity_milli', 'o.currency', 'o.snapshot_json', 'l.market_code'])
        .where('e.state', '=', 2)
        .where('e.action', 'in', ['confirm', 'settle'])
        .where('e.at', '>=', from)
        .where('e.at', '<', to)
        .execute();
      return rows.map((r) => ({
        at: r.at,
        amount: Number(r.amount),
        quantityMilli: Number(r.quantity_milli),
        currency: r.currency,
        snapshotJson: r.snapshot_json,
        marketCode: r.market_code ?? null,
      }));
    },

    /** Each index's latest value before `day` that is not withheld: what a day with too few deals carries. */
    async previousValues(on: Db, day: string): Promise<PriceIndexRow[]> {
      return latestPerIndex(on, { before: day, shownOnly: true });
    },

    /** Writes a day's publications; one already there (another server's) stays as it is. */
    async insertDays(on: Db, rows: Insertable<PriceIndexDayTable>[]): Promise<number> {
      if (rows.length === 0) return 0;
      const result = await on
        .insertInto('price_index_days')
        .values(rows)
        .onConflict((oc) => oc.columns(['variety_code', 'market_code', 'day']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0);
    },

    async lastDay(): Promise<string | null> {
      const row = await db
        .selectFrom('price_index_days')
        .select((eb) => eb.fn.max('day').as('d'))
        .executeTakeFirst();
      return row?.d ?? null;
    },

    async series(variety: string, market: string, from: string | undefined, to: string | undefined): Promise<PriceIndexRow[]> {
      let q = db.selectFrom('price_index_days').selectAll().where('variety_code', '=', variety).where('market_code', '=', market);
      if (from) q = q.where('day', '>=', from);
      if (to) q = q.where('day', '<=', to);
      return (await q.orderBy('day').execute()).map(numeric);
    },

    async page(variety: string, market: string, offset: number, limit: number): Promise<{ rows: PriceIndexRow[]; total: number }> {
      const base = db.selectFrom('price_index_days').where('variety_code', '=', variety).where('market_code', '=', market);
      const [rows, counted] = await Promise.all([
        base.selectAll().orderBy('day', 'desc').limit(limit).offset(offset).execute(),
        base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows: rows.map(numeric), total: Number(counted.n) };
    },

    async find(on: Db, variety: string, market: string, day: string): Promise<PriceIndexRow | undefined> {
      const row = await on
        .selectFrom('price_index_days')
        .selectAll()
        .where('variety_code', '=', variety)
        .where('market_code', '=', market)
        .where('day', '=', day)
        .executeTakeFirst();
      return row && numeric(row);
    },

    /** The operator's annotation or withholding: the value and the counts are never touched. */
    async mark(on: Db, id: number, set: { note: string; withheld?: number; updated_at: string }): Promise<void> {
      await on.updateTable('price_index_days').set(set).where('id', '=', id).execute();
    },

    /** Every index with its latest publication (the newest day per variety and market). */
    latestPerIndex: () => latestPerIndex(db, {}),

    /** The varieties' names with their parent's ('动力煤 Q5000': a leaf's own name is often only its grade). */
    async varieties(codes: string[]): Promise<{ code: string; short_name: string; parent: string | null; unit: string }[]> {
      if (codes.length === 0) return [];
      return db
        .selectFrom('varieties as v')
        .leftJoin('varieties as p', 'p.code', 'v.par_code')
        .select(['v.code', 'v.short_name', 'p.short_name as parent', 'v.unit'])
        .where('v.code', 'in', codes)
        .execute();
    },

    async markets(): Promise<{ market_id: string; market_name_zh: string; currency: string }[]> {
      return db.selectFrom('markets').select(['market_id', 'market_name_zh', 'currency']).execute();
    },

    /** The latest day whose job is done. */
    async lastDoneJob(kind: string): Promise<string | null> {
      const row = await db
        .selectFrom('scheduled_jobs')
        .select((eb) => eb.fn.max('key').as('k'))
        .where('kind', '=', kind)
        .where('state', '=', 'done')
        .executeTakeFirst();
      return row?.k ?? null;
    },

    async pendingJob(kind: string): Promise<boolean> {
      const row = await db
        .selectFrom('scheduled_jobs')
        .select('id')
        .where('kind', '=', kind)
        .where('state', '=', 'pending')
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
export type PriceIndexRepo = ReturnType<typeof createPriceIndexRepo>;
