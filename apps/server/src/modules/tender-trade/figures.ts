import type { Db } from '../../db/database';

/** Tender states: 1 awaiting review, 2 published and open for bids. */
const AWAITING_REVIEW = 1;
const BIDDING = 2;

/** A tender whose bidding is still open. */
export interface TenderClosing {
  id: number;
  name: string;
  status: number;
  bidEndAt: string;
  /** Whether the asking company has a bid in (tenders it may bid in). */
  bidIn: boolean;
}

/** Reads of tenders for overviews: a buyer's own open tenders, those a supplier may bid in, what waits for review. */
export function createTenderFigures(db: Db) {
  const open = (now: string, limit: number) =>
    db
      .selectFrom('tenders as t')
      .select(['t.id', 't.tender_name', 't.obj_state', 't.bid_end_at'])
      .where('t.obj_state', '=', BIDDING)
      .where('t.bid_end_at', '>', now)
      .orderBy('t.bid_end_at')
      .orderBy('t.id')
      .limit(limit);
  const toClosing = (r: { id: number; tender_name: string; obj_state: number; bid_end_at: string }, bidIn = false): TenderClosing => ({
    id: r.id,
    name: r.tender_name,
    status: r.obj_state,
    bidEndAt: r.bid_end_at,
    bidIn,
  });
  return {
    /** A company's own tenders open for bids whose bidding ends after `now` (ISO), soonest first. */
    async ownClosing(companyId: number, now: string, limit: number): Promise<TenderClosing[]> {
      const rows = await open(now, limit).where('t.company_id', '=', companyId).execute();
      return rows.map((r) => toClosing(r));
    },

    /**
     * Tenders a supplier may bid in whose bidding ends after `now`, soonest first: open, of
     * another company, and of a buyer that keeps this user on its supplier list.
     */
    async biddableClosing(userId: number, companyId: number, now: string, limit: number): Promise<TenderClosing[]> {
      const rows = await open(now, limit)
        .innerJoin('pur_customer_relations as p', (j) => j.onRef('p.buyer_user_id', '=', 't.user_id').on('p.supplier_user_id', '=', userId))
        .where((eb) => eb.or([eb('t.company_id', 'is', null), eb('t.company_id', '<>', companyId)]))
        .execute();
      const ids = rows.map((r) => r.id);
      const bids =
        ids.length === 0
          ? []
          : await db
              .selectFrom('tender_bids')
              .select('tender_id')
              .where('supplier_company_id', '=', companyId)
              .where('tender_id', 'in', ids)
              .where('state', '=', 'submitted')
              .execute();
      const withBid = new Set(bids.map((b) => b.tender_id));
      return rows.map((r) => toClosing(r, withBid.has(r.id)));
    },

    /** Tenders submitted and awaiting an operator's review. */
    async awaitingReview(): Promise<number> {
      const row = await db
        .selectFrom('tenders')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('obj_state', '=', AWAITING_REVIEW)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
export type TenderFigures = ReturnType<typeof createTenderFigures>;
