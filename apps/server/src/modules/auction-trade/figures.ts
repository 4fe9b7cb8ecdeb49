import type { Db } from '../../db/database';

/** Space statuses: 1 awaiting review, 2 approved (not started), 4 auctioning. */
const AWAITING_REVIEW = 1;
const APPROVED = 2;
const AUCTIONING = 4;

/** An auction space that is still to close. */
export interface SpaceClosing {
  id: number;
  name: string;
  status: number;
  endAt: string;
}

/** Reads of auction spaces for overviews: what a company registered for, what runs, what waits for review. */
export function createAuctionFigures(db: Db) {
  const count = async (status: number) => {
    const row = await db
      .selectFrom('auction_spaces')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('space_status', '=', status)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return {
    /** The spaces a company registered for that are approved or auctioning and end after `now` (ISO), soonest first. */
    async registeredClosing(companyId: number, now: string, limit: number): Promise<SpaceClosing[]> {
      const rows = await db
        .selectFrom('auction_spaces as s')
        .innerJoin('auction_registrations as r', 'r.space_id', 's.id')
        .select(['s.id', 's.space_name', 's.space_status', 's.end_at'])
        .where('r.company_id', '=', companyId)
        .where('s.space_status', 'in', [APPROVED, AUCTIONING])
        .where('s.end_at', '>', now)
        .orderBy('s.end_at')
        .orderBy('s.id')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ id: r.id, name: r.space_name, status: r.space_status, endAt: r.end_at }));
    },
    /** Spaces auctioning now. */
    live: () => count(AUCTIONING),
    /** Spaces submitted and awaiting an operator's review. */
    awaitingReview: () => count(AWAITING_REVIEW),
  };
}
export type AuctionFigures = ReturnType<typeof createAuctionFigures>;
