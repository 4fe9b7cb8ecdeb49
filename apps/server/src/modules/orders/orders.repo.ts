import { sql, type Expression, type ExpressionBuilder, type Insertable, type Selectable, type SqlBool } from 'kysely';
import { lockedForUpdate, type Db, type Dialect } from '../../db/database';
import type { Database, OrderEventTable, OrderTable } from '../../db/schema';
import { contains } from '../../platform/resource';
import { pageAndTotal } from '../../platform/table-repo';
import type { Stateless } from '../../platform/transitions';
import type { Trx } from '../../platform/write-path';

export type OrderRowData = Selectable<OrderTable>;
export type OrderEventRow = Selectable<OrderEventTable>;

export interface OrderFilter {
  buyerCompanyId?: number;
  sellerCompanyId?: number;
  state?: number;
  /** Part of the order number, the listing code or either company's name (the operator's search). */
  keyword?: string;
}

/** Storage of orders, their timelines, and the stock they take from listings. */
export function createOrdersRepo(db: Db, dialect: Dialect) {
  const repo = {
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

    async findByRequest(buyerCompanyId: number, requestId: string, on: Db | Trx = db): Promise<OrderRowData | undefined> {
      return (await repo.byRequests([buyerCompanyId], [requestId], on))[0];
    },

    /** Writes columns other than the state (which changes through platform/transitions.ts only). */
    async update(trx: Trx, id: number, values: Stateless<OrderTable, 'state'>): Promise<void> {
      await trx.updateTable('orders').set(values).where('id', '=', id).execute();
    },

    /** As update, answering the order as it now is (one statement instead of a write and a read). */
    updated(trx: Trx, id: number, values: Stateless<OrderTable, 'state'>): Promise<OrderRowData> {
      return trx.updateTable('orders').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    },

    events(orderId: number, on: Db | Trx = db) {
      return on.selectFrom('order_events').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
    },

    /** Writes the first timeline entries of several orders in one statement; answers them in the same order. */
    async addEvents(trx: Trx, entries: Insertable<OrderEventTable>[]): Promise<OrderEventRow[]> {
      if (entries.length === 0) return [];
      const rows = await trx.insertInto('order_events').values(entries).returningAll().execute();
      return rows.sort((a, b) => a.id - b.id);
    },

    /** Writes a timeline entry; answers it as stored. */
    addEvent(
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
    ) {
      return trx
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
        .returningAll()
        .executeTakeFirstOrThrow();
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

    /**
     * The listing orders are placed on, with its variety's unit ('' when the variety is gone), held
     * for the rest of the transaction on PostgreSQL (SQLite writes one transaction at a time): what
     * its stock and state are stays what the transaction decides on until it commits.
     */
    holdListing(trx: Trx, code: string) {
      return lockedForUpdate(
        trx
          .selectFrom('listings')
          .selectAll('listings')
          .select((eb) => {
            const unit = eb.selectFrom('varieties as v').select('v.unit').whereRef('v.code', '=', 'listings.variety_code').limit(1);
            return eb.fn.coalesce(unit, sql.lit('')).as('unit');
          })
          .where('trade_listing_code', '=', code),
        dialect,
      ).executeTakeFirst();
    },

    /** Orders already made for any of these requests (a request id is unique per buying company). */
    byRequests(companyIds: number[], requestIds: string[], on: Db | Trx = db): Promise<OrderRowData[]> {
      if (companyIds.length === 0 || requestIds.length === 0) return Promise.resolve([]);
      return on
        .selectFrom('orders')
        .selectAll()
        .where('buyer_company_id', 'in', companyIds)
        .where('request_id', 'in', requestIds)
        .execute();
    },

    /** Gives new orders their numbers, in one statement; answers them as they now are, oldest first. */
    async number(trx: Trx, numbers: { id: number; orderNo: string }[]): Promise<OrderRowData[]> {
      if (numbers.length === 0) return [];
      const orderNo = sql<string>`case ${sql.ref('id')} ${sql.join(
        numbers.map((n) => sql`when ${n.id} then ${n.orderNo}`),
        sql` `,
      )} end`;
      const rows = await trx
        .updateTable('orders')
        .set({ order_no: orderNo })
        .where(
          'id',
          'in',
          numbers.map((n) => n.id),
        )
        .returningAll()
        .execute();
      return rows.sort((a, b) => a.id - b.id);
    },

    /** Takes back orders written in this transaction that it then refused (nothing else refers to them yet). */
    async drop(trx: Trx, ids: number[]): Promise<void> {
      if (ids.length > 0) await trx.deleteFrom('orders').where('id', 'in', ids).execute();
    },

    listing(id: number, on: Db | Trx = db) {
      return on.selectFrom('listings').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Several users as member(), in one statement. */
    members(userIds: number[], on: Db | Trx = db) {
      return on
        .selectFrom('users as u')
        .leftJoin('companies as c', 'c.id', 'u.company_id')
        .select(['u.id', 'u.account', 'u.real_name', 'u.nick_name', 'u.company_id', 'c.name as company_name'])
        .where('u.id', 'in', [...new Set(userIds)])
        .execute();
    },

    async member(userId: number, on: Db | Trx = db) {
      return (await repo.members([userId], on))[0];
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
  return repo;
}
export type OrdersRepo = ReturnType<typeof createOrdersRepo>;
