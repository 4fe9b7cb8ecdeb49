import type { Db } from '../../db/database';
import { pageAndTotal } from '../../platform/table-repo';
import type { Trx } from '../../platform/write-path';

/** The supplier list (pur_customer_relations, which checkRelation reads) with company names. */
export function createSupplierRelationsRepo(db: Db) {
  const rows = (on: Db | Trx, buyerUserId: number) =>
    on
      .selectFrom('pur_customer_relations as r')
      .innerJoin('users as u', 'u.id', 'r.supplier_user_id')
      .leftJoin('companies as c', 'c.id', 'u.company_id')
      .where('r.buyer_user_id', '=', buyerUserId);
  const columns = ['r.supplier_user_id', 'c.name as company_name', 'u.nick_name', 'r.created_at', 'r.remark'] as const;
  const applications = (on: Db | Trx) =>
    on
      .selectFrom('supplier_applications as a')
      .innerJoin('users as su', 'su.id', 'a.supplier_user_id')
      .leftJoin('companies as sc', 'sc.id', 'su.company_id')
      .innerJoin('users as bu', 'bu.id', 'a.buyer_user_id')
      .leftJoin('companies as bc', 'bc.id', 'bu.company_id');
  const applicationColumns = [
    'a.id',
    'a.buyer_user_id',
    'a.supplier_user_id',
    'a.remark',
    'a.state',
    'a.created_at',
    'a.decided_at',
    'su.nick_name as supplier_nick',
    'sc.name as supplier_company',
    'su.company_id as supplier_company_id',
    'bu.nick_name as buyer_nick',
    'bc.name as buyer_company',
    'bu.company_id as buyer_company_id',
  ] as const;

  return {
    page(buyerUserId: number, pageNo: number, pageSize: number) {
      return pageAndTotal(
        rows(db, buyerUserId).select(columns).orderBy('r.created_at', 'desc').orderBy('r.supplier_user_id'),
        rows(db, buyerUserId),
        pageNo,
        pageSize,
      );
    },
    one(buyerUserId: number, supplierUserId: number, on: Db | Trx = db) {
      return rows(on, buyerUserId).select(columns).where('r.supplier_user_id', '=', supplierUserId).executeTakeFirst();
    },
    user(id: number) {
      return db.selectFrom('users').select(['id', 'user_type', 'company_id']).where('id', '=', id).executeTakeFirst();
    },
    /** The account of the company with exactly this name: its oldest company user. */
    userOfCompanyNamed(name: string) {
      return db
        .selectFrom('users as u')
        .innerJoin('companies as c', 'c.id', 'u.company_id')
        .select(['u.id', 'u.user_type', 'u.company_id'])
        .where('c.name', '=', name)
        .orderBy('u.id')
        .limit(1)
        .executeTakeFirst();
    },
    async insert(trx: Trx, buyerUserId: number, supplierUserId: number, remark: string, at: string): Promise<void> {
      await trx
        .insertInto('pur_customer_relations')
        .values({ buyer_user_id: buyerUserId, supplier_user_id: supplierUserId, remark, created_at: at })
        .execute();
    },
    async setRemark(trx: Trx, buyerUserId: number, supplierUserId: number, remark: string): Promise<boolean> {
      const result = await trx
        .updateTable('pur_customer_relations')
        .set({ remark })
        .where('buyer_user_id', '=', buyerUserId)
        .where('supplier_user_id', '=', supplierUserId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** Applications with both companies' names; `side` picks whose they are. */
    applicationPage(
      side: { buyerUserId: number } | { supplierUserId: number },
      state: string | undefined,
      pageNo: number,
      pageSize: number,
    ) {
      const base = () => {
        let q = applications(db);
        q =
          'buyerUserId' in side
            ? q.where('a.buyer_user_id', '=', side.buyerUserId)
            : q.where('a.supplier_user_id', '=', side.supplierUserId);
        return state ? q.where('a.state', '=', state) : q;
      };
      return pageAndTotal(base().select(applicationColumns).orderBy('a.id', 'desc'), base(), pageNo, pageSize);
    },
    application(id: number, on: Db | Trx = db) {
      return applications(on).select(applicationColumns).where('a.id', '=', id).executeTakeFirst();
    },
    pendingApplication(buyerUserId: number, supplierUserId: number, on: Db | Trx = db) {
      return on
        .selectFrom('supplier_applications')
        .select('id')
        .where('buyer_user_id', '=', buyerUserId)
        .where('supplier_user_id', '=', supplierUserId)
        .where('state', '=', 'pending')
        .executeTakeFirst();
    },
    async remove(trx: Trx, buyerUserId: number, supplierUserId: number): Promise<boolean> {
      const result = await trx
        .deleteFrom('pur_customer_relations')
        .where('buyer_user_id', '=', buyerUserId)
        .where('supplier_user_id', '=', supplierUserId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },
  };
}
export type SupplierRelationsRepo = ReturnType<typeof createSupplierRelationsRepo>;
