import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** The state of a cancelled order: it counts as no deal. */
const CANCELLED = 9;

/** One order as the figures read it: when it was placed, its amount and what it bought. */
export interface OrderFigureRow {
  createdAt: string;
  amount: number;
  currency: string;
  varietyCode: string;
  varietyName: string;
}

/** One day (YYYY-MM-DD of the placing time) of orders not cancelled, in one currency. */
export interface OrderDay {
  day: string;
  currency: string;
  orders: number;
  amount: number;
}

const varietyOf = (snapshotJson: string): { varietyCode: string; varietyName: string } => {
  try {
    const s = JSON.parse(snapshotJson) as { varietyCode?: unknown; varietyName?: unknown };
    return { varietyCode: String(s.varietyCode ?? ''), varietyName: String(s.varietyName ?? '') };
  } catch {
    return { varietyCode: '', varietyName: '' };
  }
};

/** Reads of orders for overviews: a company's deals since a time, the platform's deals per day, who traded. */
export function createOrderFigures(db: Db) {
  return {
    /** A company's orders not cancelled, placed at or after `since` (ISO), as buyer or as seller. */
    async dealsOf(side: 'buyer' | 'seller', companyId: number, since: string): Promise<OrderFigureRow[]> {
      const rows = await db
        .selectFrom('orders')
        .select(['created_at', 'amount', 'currency', 'snapshot_json'])
        .where(side === 'buyer' ? 'buyer_company_id' : 'seller_company_id', '=', companyId)
        .where('state', '<>', CANCELLED)
        .where('created_at', '>=', since)
        .execute();
      return rows.map((r) => ({ createdAt: r.created_at, amount: Number(r.amount), currency: r.currency, ...varietyOf(r.snapshot_json) }));
    },

    /** Every company's orders not cancelled placed at or after `since`, per day and currency, oldest first. */
    async perDay(since: string): Promise<OrderDay[]> {
      const day = sql<string>`substr(${sql.ref('created_at')}, 1, 10)`;
      const rows = await db
        .selectFrom('orders')
        .select((eb) => [
          day.as('day'),
          'currency',
          eb.fn.countAll<number | string>().as('n'),
          eb.fn.sum<number | string>('amount').as('total'),
        ])
        .where('state', '<>', CANCELLED)
        .where('created_at', '>=', since)
        .groupBy([day, 'currency'])
        .orderBy(day)
        .orderBy('currency')
        .execute();
      return rows.map((r) => ({ day: r.day, currency: r.currency, orders: Number(r.n), amount: Number(r.total) }));
    },

    /** How many companies bought or sold (an order placed, not cancelled) at or after `since`. */
    async tradingCompanies(since: string): Promise<number> {
      const side = (column: 'buyer_company_id' | 'seller_company_id') =>
        db.selectFrom('orders').select(`${column} as company_id`).where('state', '<>', CANCELLED).where('created_at', '>=', since);
      const row = await db
        .selectFrom(side('buyer_company_id').union(side('seller_company_id')).as('c'))
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
export type OrderFigures = ReturnType<typeof createOrderFigures>;
