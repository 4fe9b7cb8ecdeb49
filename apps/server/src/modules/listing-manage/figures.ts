import type { Db } from '../../db/database';

/** Listing states: 1 on sale, 4 awaiting review. */
const ON_SALE = 1;
const AWAITING_REVIEW = 4;

/** Reads of listings for overviews: what a company has on sale, what waits for review. */
export function createListingFigures(db: Db) {
  const count = async (state: number, companyId?: number) => {
    let q = db
      .selectFrom('listings')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('obj_state', '=', state);
    if (companyId !== undefined) q = q.where('company_id', '=', companyId);
    return Number((await q.executeTakeFirstOrThrow()).n);
  };
  return {
    /** A company's listings on sale now. */
    onSale: (companyId: number) => count(ON_SALE, companyId),
    /** Listings submitted and awaiting an operator's review. */
    awaitingReview: () => count(AWAITING_REVIEW),
  };
}
export type ListingFigures = ReturnType<typeof createListingFigures>;
