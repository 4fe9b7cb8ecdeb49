import type { MarketRow, RecommendedShopRow, VarietyRow } from '@portal/contracts/admin-content';
import { fileUrl } from '@portal/contracts/files';
import type { Db } from '../../db/database';
import { contains, type ResourceRepo } from '../../platform/resource';
import { createTableRepo, either, pageAndTotal } from '../../platform/table-repo';

/** The suppliers the listing market recommends: shops flagged `recommended`, in their order. */
export function createRecommendedShopsRepo(
  db: Db,
): ResourceRepo<RecommendedShopRow, { keyword?: string }, { shopId: string; sort: number }, { sort: number }> {
  const filtered = (f: { keyword?: string }) => {
    const q = db.selectFrom('shops').where('recommended', '=', 1);
    return f.keyword ? q.where(contains('company_name', f.keyword)) : q;
  };
  const toRow = (r: {
    user_id: number;
    company_name: string;
    logo_file_id: string;
    main_business: string;
    recommend_sort: number;
  }): RecommendedShopRow => ({
    id: String(r.user_id),
    companyName: r.company_name,
    logoUrl: r.logo_file_id ? fileUrl(r.logo_file_id) : '',
    mainBusiness: r.main_business,
    sort: r.recommend_sort,
  });
  const columns = ['user_id', 'company_name', 'logo_file_id', 'main_business', 'recommend_sort'] as const;
  return {
    page(f, pageNo, pageSize) {
      const rows = filtered(f).select(columns).orderBy('recommend_sort').orderBy('user_id');
      return pageAndTotal(rows, filtered(f), pageNo, pageSize, toRow);
    },
    async get(id) {
      if (!/^\d{1,12}$/.test(id)) return undefined;
      const row = await filtered({}).select(columns).where('user_id', '=', Number(id)).executeTakeFirst();
      return row ? toRow(row) : undefined;
    },
    async insert(v) {
      await db.updateTable('shops').set({ recommended: 1, recommend_sort: v.sort }).where('user_id', '=', Number(v.shopId)).execute();
      return v.shopId;
    },
    async update(id, v) {
      await db.updateTable('shops').set({ recommend_sort: v.sort }).where('user_id', '=', Number(id)).execute();
    },
    /** Taking a shop off the list keeps the shop. */
    async remove(id) {
      await db.updateTable('shops').set({ recommended: 0 }).where('user_id', '=', Number(id)).execute();
    },
  };
}

/** Lookups of the trading reference data's rules. */
export function createTradingLookups(db: Db) {
  return {
    shop(userId: string) {
      if (!/^\d{1,12}$/.test(userId)) return Promise.resolve(undefined);
      return db.selectFrom('shops').select(['user_id', 'recommended']).where('user_id', '=', Number(userId)).executeTakeFirst();
    },
    async shopOptions() {
      const rows = await db
        .selectFrom('shops')
        .select(['user_id', 'company_name'])
        .where('recommended', '=', 0)
        .orderBy('company_name')
        .execute();
      return rows.map((r) => ({ id: String(r.user_id), companyName: r.company_name }));
    },
    variety(code: string) {
      return db.selectFrom('varieties').select(['code', 'level']).where('code', '=', code).executeTakeFirst();
    },
    async listingsOfVariety(code: string): Promise<boolean> {
      const row = await db
        .selectFrom('listings')
        .select('id')
        .where((eb) => eb.or([eb('variety_code', '=', code), eb('variety_l2', '=', code), eb('variety_l1', '=', code)]))
        .executeTakeFirst();
      return row !== undefined;
    },
    async marketExists(id: string): Promise<boolean> {
      return (await db.selectFrom('markets').select('market_id').where('market_id', '=', id).executeTakeFirst()) !== undefined;
    },
    async listingsOfMarket(id: string): Promise<boolean> {
      return (await db.selectFrom('listings').select('id').where('market_code', '=', id).executeTakeFirst()) !== undefined;
    },
  };
}

export interface VarietyValues {
  shortName: string;
  unit: string;
  sort: number;
}
export type NewVariety = VarietyValues & { code: string; parCode: string };

/** The 3-level variety tree (coal, fertilizers, chemicals ...). A node's level follows from its parent. */
export function createVarietiesAdminRepo(db: Db): ResourceRepo<VarietyRow, { keyword?: string }, NewVariety, VarietyValues> {
  const children = db
    .selectFrom('varieties as c')
    .select((eb) => ['c.par_code', eb.fn.countAll<number>().as('n')])
    .groupBy('c.par_code')
    .as('cc');
  const base = (f: { keyword?: string }) => {
    let q = db.selectFrom('varieties').leftJoin(children, 'cc.par_code', 'varieties.code');
    if (f.keyword) q = q.where((eb) => eb.or([contains('varieties.code', f.keyword!), contains('varieties.short_name', f.keyword!)]));
    return q;
  };
  const columns = [
    'varieties.code',
    'varieties.par_code',
    'varieties.short_name',
    'varieties.level',
    'varieties.unit',
    'varieties.sort',
    'cc.n',
  ] as const;
  const toRow = (r: {
    code: string;
    par_code: string;
    short_name: string;
    level: number;
    unit: string;
    sort: number;
    n: number | string | null;
  }): VarietyRow => ({
    id: r.code,
    code: r.code,
    parCode: r.par_code,
    shortName: r.short_name,
    level: r.level,
    unit: r.unit,
    sort: r.sort,
    childCount: Number(r.n ?? 0),
  });
  return {
    page(f, pageNo, pageSize) {
      const rows = base(f).select(columns).orderBy('varieties.level').orderBy('varieties.sort').orderBy('varieties.code');
      return pageAndTotal(rows, base(f), pageNo, pageSize, toRow);
    },
    async get(id) {
      const row = await base({}).select(columns).where('varieties.code', '=', id).executeTakeFirst();
      return row ? toRow(row) : undefined;
    },
    async insert(v) {
      const parent = v.parCode
        ? await db.selectFrom('varieties').select('level').where('code', '=', v.parCode).executeTakeFirst()
        : undefined;
      await db
        .insertInto('varieties')
        .values({ code: v.code, par_code: v.parCode, short_name: v.shortName, level: (parent?.level ?? 0) + 1, unit: v.unit, sort: v.sort })
        .execute();
      return v.code;
    },
    async update(id, v) {
      await db.updateTable('varieties').set({ short_name: v.shortName, unit: v.unit, sort: v.sort }).where('code', '=', id).execute();
    },
    async remove(id) {
      await db.deleteFrom('varieties').where('code', '=', id).execute();
    },
  };
}

export interface MarketValues {
  marketNameZh: string;
  objMode: number;
  currency: string;
  sort: number;
}

/** Markets and their currency (what queryListingMoneyTypeList answers). */
export function createMarketsAdminRepo(
  db: Db,
): ResourceRepo<MarketRow, { keyword?: string }, MarketValues & { marketId: string }, MarketValues> {
  const columnsOf = (v: MarketValues) => ({ market_name_zh: v.marketNameZh, obj_mode: v.objMode, currency: v.currency, sort: v.sort });
  return createTableRepo(db, {
    table: 'markets',
    key: { column: 'market_id', of: (v) => v.marketId },
    toRow: (r): MarketRow => ({
      id: r.market_id,
      marketId: r.market_id,
      marketNameZh: r.market_name_zh,
      objMode: r.obj_mode,
      currency: r.currency,
      sort: r.sort,
    }),
    where: (f) => [f.keyword ? either(contains('market_id', f.keyword), contains('market_name_zh', f.keyword)) : undefined],
    order: ['sort', 'market_id'],
    insertValues: (v) => ({ market_id: v.marketId, ...columnsOf(v) }),
    updateValues: columnsOf,
  });
}
