import type { Db } from '../../db/database';

/** Reads of supplier applications for overviews. */
export function createSupplierFigures(db: Db) {
  return {
    /** Applications to join a buyer's supplier list still waiting for a decision. */
    async pendingApplications(): Promise<number> {
      const row = await db
        .selectFrom('supplier_applications')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('state', '=', 'pending')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
export type SupplierFigures = ReturnType<typeof createSupplierFigures>;
