import { sql, type Expression, type ExpressionBuilder, type Selectable, type SqlBool } from 'kysely';
import { lockedForUpdate, type Db, type Dialect } from '../../db/database';
import type { Database, OrderTable } from '../../db/schema';
import { contains } from '../../platform/resource';
import { pageAndTotal } from '../../platform/table-repo';
import type { Stateless } from '../../platform/transitions';
import type { Trx } from '../../platform/write-path';

export type OrderRowData = Selectable<OrderTable>;

export interface OrderFilter {
  buyerCompanyId?: number;
  sellerCompanyId?: number;
  state?: number;
  /** Part of the order number, the listing code or either company's name (the operator's search). */
  keyword?: string;
}

/** Storage of orders, their timelines, and the stock they take from listings. */
export function createOrdersRepo(db: Db, dialect: Dialect) {
  return {
    findByNo(orderNo: string, on: Db | Trx = db): Promise<OrderRowData | undefined> {
      return on.selectFrom('orders').selectAll().where('order_no', '=', orderNo).executeTakeFirst();
    },

    /** The order by its row id, locked for the rest of the transaction on PostgreSQL. */
    findById(id: number, trx: Trx): Promise<OrderRowData | undefined> {
      return lockedForUpdate(trx.selectFrom('orders').selectAll().where('id', '=', id), dialect).executeTakeFirst();
    },

    /** The order, locked for the rest of the transaction on PostgreSQL (SQLite writes one at a time). */
    findByNoForUpdate(trx: Trx, orderNo: string): Promise<OrderRowData | undefined> {
      return lockedForUpdate(trx.selectFrom('orders').selectAll().where('order_no', '=', orderNo), dialect).executeTakeFirst();
    },

    /** Every order one auction space or tender made, oldest first. */
    byOrigin(origin: string, originCode: string, on: Db | Trx = db): Promise<OrderRowData[]> {
      return on.selectFrom('orders').selectAll().where('origin', '=', origin).where('origin_code', '=', originCode).orderBy('id').execute();
    },

    findByRequest(buyerCompanyId: number, requestId: string, on: Db | Trx = db): Promise<OrderRowData | undefined> {
      return on
        .selectFrom('orders')
        .selectAll()
        .where('buyer_company_id', '=', buyerCompanyId)
        .where('request_id', '=', requestId)
        .executeTakeFirst();
    },

    /** Writes columns other than the state (which changes through platform/transitions.ts only). */
    async update(trx: Trx, id: number, values: Stateless<OrderTable, 'state'>): Promise<void> {
      await trx.updateTable('orders').set(values).where('id', '=', id).execute();
    },

    events(orderId: number, on: Db | Trx = db) {
      return on.selectFrom('order_events').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
    },

    async addEvent(
      trx: Trx,
      e: {
        orderId: number;
        action: string;
        state: number;
        actorUserId: number | null;
        actorName: string;
        note: string;
        fileIds: string[];
        at: string;
      },
    ): Promise<void> {
      await trx
        .insertInto('order_events')
        .values({
          order_id: e.orderId,
          action: e.action,
          state: e.state,
          actor_user_id: e.actorUserId,
          actor_name: e.actorName,
          note: e.note,
          file_ids_json: JSON.stringify(e.fileIds),
          at: e.at,
        })
        .execute();
    },

    /**
     * Takes `milli` from a listing on sale in one conditional statement: it succeeds only while the
     * listing is on sale, enough is left and the quantity is at least the minimum (or all that is
     * left). The database applies it to the row as it is at that moment, so racing buyers, on one
     * server or many, can never take more than there is. Answers what is left, or undefined when
     * nothing was taken; the row stays locked until the commit.
     */
    async takeStock(trx: Trx, listingId: number, milli: number, at: string): Promise<number | undefined> {
      const row = await trx
        .updateTable('listings')
        .set({ surplus_milli: sql`surplus_milli - ${milli}`, updated_at: at })
        .where('id', '=', listingId)
        .where('obj_state', '=', 1)
        .where('surplus_milli', '>=', milli)
        .where((eb) => eb.or([eb('min_milli', '<=', milli), eb('surplus_milli', '=', milli)]))
        .returning('surplus_milli')
        .executeTakeFirst();
      return row === undefined ? undefined : Number(row.surplus_milli);
    },

    /** Gives a cancelled order's quantity back; answers the listing's state and end of sale. */
    returnStock(trx: Trx, listingId: number, milli: number, at: string) {
      return trx
        .updateTable('listings')
        .set({ surplus_milli: sql`surplus_milli + ${milli}`, updated_at: at })
        .where('id', '=', listingId)
        .returning(['obj_state', 'expire_time'])
        .executeTakeFirst();
    },

    listingByCode(code: string, on: Db | Trx = db) {
      return on.selectFrom('listings').selectAll().where('trade_listing_code', '=', code).executeTakeFirst();
    },

    listing(id: number, on: Db | Trx = db) {
      return on.selectFrom('listings').selectAll().where('id', '=', id).executeTakeFirst();
    },

    varietyUnit(code: string) {
      return db.selectFrom('varieties').select('unit').where('code', '=', code).executeTakeFirst();
    },

    member(userId: number, on: Db | Trx = db) {
      return on
        .selectFrom('users as u')
        .leftJoin('companies as c', 'c.id', 'u.company_id')
        .select(['u.id', 'u.account', 'u.real_name', 'u.nick_name', 'u.company_id', 'c.name as company_name'])
        .where('u.id', '=', userId)
        .executeTakeFirst();
    },

    page(filter: OrderFilter, pageNo: number, pageSize: number) {
      const matches = (eb: ExpressionBuilder<Database, 'orders'>) => {
        const conditions: Expression<SqlBool>[] = [];
        if (filter.buyerCompanyId !== undefined) conditions.push(eb('buyer_company_id', '=', filter.buyerCompanyId));
        if (filter.sellerCompanyId !== undefined) conditions.push(eb('seller_company_id', '=', filter.sellerCompanyId));
        if (filter.state !== undefined) conditions.push(eb('state', '=', filter.state));
        if (filter.keyword) {
          const keyword = filter.keyword;
          conditions.push(eb.or(['order_no', 'origin_code', 'buyer_name', 'seller_name'].map((column) => contains(column, keyword))));
        }
        return eb.and(conditions);
      };
      return pageAndTotal(
        db.selectFrom('orders').selectAll().where(matches).orderBy('id', 'desc'),
        db.selectFrom('orders').where(matches),
        pageNo,
        pageSize,
      );
    },

    /** How many of a company's orders (as buyer or as seller) are in each state. */
    async counts(side: 'buyer' | 'seller', companyId: number): Promise<Record<string, number>> {
      const column = side === 'buyer' ? 'buyer_company_id' : 'seller_company_id';
      const rows = await db
        .selectFrom('orders')
        .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
        .where(column, '=', companyId)
        .groupBy('state')
        .execute();
      return Object.fromEntries(rows.map((r) => [String(r.state), Number(r.n)]));
    },
  };
}
export type OrdersRepo = ReturnType<typeof createOrdersRepo>;
