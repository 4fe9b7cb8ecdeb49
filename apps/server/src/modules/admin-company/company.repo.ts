import type { Db } from '../../db/database';
import { pageAndTotal } from '../../platform/table-repo';
import { contains } from '../../platform/resource';

export interface ProfileColumns {
  name: string;
  credit_code: string;
  legal_person: string;
  address: string;
  contact_name: string;
  contact_phone: string;
  email: string;
  main_business: string;
  introduction: string;
  logo_url: string;
}

/** A company user's company and its supplier list. */
export function createCompanyRepo(db: Db) {
  return {
    companyIdOf(userId: number) {
      return db.selectFrom('users').select(['company_id', 'user_type']).where('id', '=', userId).executeTakeFirst();
    },
    findCompany(id: number) {
      return db.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async saveCompany(id: number, values: ProfileColumns, at: string): Promise<void> {
      await db
        .updateTable('companies')
        .set({ ...values, updated_at: at })
        .where('id', '=', id)
        .execute();
    },

    async supplierPage(buyerId: number, keyword: string | undefined, pageNo: number, pageSize: number, supplierId?: number) {
      let q = db
        .selectFrom('pur_customer_relations as r')
        .innerJoin('users as u', 'u.id', 'r.supplier_user_id')
        .leftJoin('companies as c', 'c.id', 'u.company_id')
        .where('r.buyer_user_id', '=', buyerId);
      if (supplierId !== undefined) q = q.where('r.supplier_user_id', '=', supplierId);
      if (keyword)
        q = q.where((eb) => eb.or([contains('u.account', keyword), contains('u.nick_name', keyword), contains('c.name', keyword)]));
      const rows = q
        .select(['u.id', 'u.account', 'u.nick_name', 'c.name as company_name', 'r.created_at', 'r.remark'])
        .orderBy('r.created_at', 'desc')
        .orderBy('u.id');
      return pageAndTotal(rows, q, pageNo, pageSize);
    },
    findUserByAccount(account: string) {
      return db.selectFrom('users').select(['id', 'account', 'user_type', 'status']).where('account', '=', account).executeTakeFirst();
    },
    findRelation(buyerId: number, supplierId: number) {
      return db
        .selectFrom('pur_customer_relations')
        .selectAll()
        .where('buyer_user_id', '=', buyerId)
        .where('supplier_user_id', '=', supplierId)
        .executeTakeFirst();
    },
    async addRelation(buyerId: number, supplierId: number, remark: string, at: string): Promise<void> {
      await db
        .insertInto('pur_customer_relations')
        .values({ buyer_user_id: buyerId, supplier_user_id: supplierId, remark, created_at: at })
        .execute();
    },
    async removeRelation(buyerId: number, supplierId: number): Promise<void> {
      await db
        .deleteFrom('pur_customer_relations')
        .where('buyer_user_id', '=', buyerId)
        .where('supplier_user_id', '=', supplierId)
        .execute();
    },
  };
}
export type CompanyRepo = ReturnType<typeof createCompanyRepo>;
