import type { Expression, ExpressionBuilder, Selectable, SqlBool } from 'kysely';
import { lockedForUpdate, type Db, type Dialect } from '../../db/database';
import type { Database, ListingTable } from '../../db/schema';
import { contains } from '../../platform/resource';
import { pageAndTotal } from '../../platform/table-repo';
import type { Stateless } from '../../platform/transitions';
import type { Trx } from '../../platform/write-path';

export type ListingRow = Selectable<ListingTable>;

export interface ListingPageFilter {
  /** Only this company's listings (the owner's page); absent: every company's (the operator's queue). */
  companyId?: number;
  /** Only these states. */
  states: number[];
  /** Part of the code, the goods name or the variety name. */
  keyword?: string;
}

/** Storage of listings as their owners and the operators manage them. */
export function createListingManageRepo(db: Db, dialect: Dialect) {
  return {
    find(id: number, on: Db | Trx = db): Promise<ListingRow | undefined> {
      return on.selectFrom('listings').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The row, locked for the rest of the transaction on PostgreSQL (SQLite writes one at a time). */
    findForUpdate(trx: Trx, id: number): Promise<ListingRow | undefined> {
      return lockedForUpdate(trx.selectFrom('listings').selectAll().where('id', '=', id), dialect).executeTakeFirst();
    },

    page(filter: ListingPageFilter, pageNo: number, pageSize: number) {
      const matches = (eb: ExpressionBuilder<Database, 'listings'>) => {
        const conditions: Expression<SqlBool>[] = [eb('obj_state', 'in', filter.states)];
        if (filter.companyId !== undefined) conditions.push(eb('company_id', '=', filter.companyId));
        if (filter.keyword) {
          const keyword = filter.keyword;
          conditions.push(
            eb.or(['trade_listing_code', 'goods_sku_name', 'variety_name', 'user_name'].map((column) => contains(column, keyword))),
          );
        }
        return eb.and(conditions);
      };
      return pageAndTotal(
        db.selectFrom('listings').selectAll().where(matches).orderBy('id', 'desc'),
        db.selectFrom('listings').where(matches),
        pageNo,
        pageSize,
      );
    },

    /** Writes columns other than the state (which changes through platform/transitions.ts only). */
    async update(trx: Trx, id: number, values: Stateless<ListingTable, 'obj_state'>): Promise<void> {
      await trx.updateTable('listings').set(values).where('id', '=', id).execute();
    },

    /** The product page reads its goods name and unit from the listing's SKU row: keep the one row in step. */
    async replaceSku(trx: Trx, listingId: number, goodsSkuName: string, unit: string): Promise<void> {
      await trx.deleteFrom('listing_skus').where('listing_id', '=', listingId).execute();
      await trx
        .insertInto('listing_skus')
        .values({ listing_id: listingId, sort: 0, goods_sku_name: goodsSkuName, variety_unit: unit })
        .execute();
    },

    variety(code: string) {
      return db
        .selectFrom('varieties')
        .select(['code', 'par_code', 'short_name', 'level', 'unit'])
        .where('code', '=', code)
        .executeTakeFirst();
    },

    async hasChildren(code: string): Promise<boolean> {
      const row = await db.selectFrom('varieties').select('id').where('par_code', '=', code).limit(1).executeTakeFirst();
      return row !== undefined;
    },

    market(marketId: string) {
      return db.selectFrom('markets').selectAll().where('market_id', '=', marketId).executeTakeFirst();
    },

    async existingFileIds(ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db.selectFrom('files').select('id').where('id', 'in', ids).execute();
      return new Set(rows.map((r) => r.id));
    },

    /** A signed-in user's company (null for operators) and names. */
    async member(userId: number, on: Db | Trx = db) {
      return on
        .selectFrom('users as u')
        .leftJoin('companies as c', 'c.id', 'u.company_id')
        .select(['u.id', 'u.account', 'u.real_name', 'u.nick_name', 'u.company_id', 'c.name as company_name'])
        .where('u.id', '=', userId)
        .executeTakeFirst();
    },
  };
}
export type ListingManageRepo = ReturnType<typeof createListingManageRepo>;
