import type { Db } from '../../db/database';

export interface TenderFilter {
  states: number[];
  /** Only tenders of these tenderers. */
  userIds?: number[];
}

/** Storage of tenders, their lines and the buyers' supplier lists. */
export function createTendersRepo(db: Db) {
  const filtered = (f: TenderFilter) => {
    let q = db.selectFrom('tenders').where('obj_state', 'in', f.states);
    if (f.userIds) q = q.where('user_id', 'in', f.userIds);
    return q;
  };
  return {
    async count(f: TenderFilter): Promise<number> {
      const row = await filtered(f)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    page(f: TenderFilter, offset: number, limit: number) {
      return filtered(f).selectAll().orderBy('publish_time', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute();
    },
    find(id: number) {
      return db.selectFrom('tenders').selectAll().where('id', '=', id).executeTakeFirst();
    },
    lines(tenderId: number) {
      return db.selectFrom('tender_lines').selectAll().where('tender_id', '=', tenderId).orderBy('sort').orderBy('id').execute();
    },
    async hasRelation(buyerUserId: number, supplierUserId: number): Promise<boolean> {
      const row = await db
        .selectFrom('pur_customer_relations')
        .select('buyer_user_id')
        .where('buyer_user_id', '=', buyerUserId)
        .where('supplier_user_id', '=', supplierUserId)
        .executeTakeFirst();
      return row !== undefined;
    },
    async buyersOf(supplierUserId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('pur_customer_relations')
        .select('buyer_user_id')
        .where('supplier_user_id', '=', supplierUserId)
        .execute();
      return rows.map((r) => r.buyer_user_id);
    },
  };
}
export type TendersRepo = ReturnType<typeof createTendersRepo>;
