import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { createPreparedQueries, slot, type Db, type Dialect } from '../../db/database';
import type { Database } from '../../db/schema';
import type { TagColumn } from './search-plan';

/** What a search selects on, in storage terms (cents, thousandths of a unit, seller ids). */
export interface ListingFilter {
  objState: number;
  holdBs?: number;
  listingType?: string;
  marketCode?: string;
  /** The chosen node of the variety tree and its level (1-3). */
  variety?: { level: number; code: string };
  sellerIds?: number[];
  /** Sellers whose name contains this text, when too many sellers match to list their ids. */
  userNameLike?: string;
  minPrice?: number;
  maxPrice?: number;
  minMilli?: number;
  maxMilli?: number;
}

export interface ListingOrder {
  column: 'publish_time' | 'single_price';
  asc: boolean;
  /** Many rows match: read the index of this order even when a range filter is set. */
  steer?: boolean;
}

/** A row's position in an order: its sort value and id (the tie-breaker). */
export interface SortKey {
  value: string | number;
  id: number;
}

type Eb = ExpressionBuilder<Database, 'listings'>;

/**
 * A page of listings as the market shows them: each listing's card (the listing as the search
 * answers it, kept as JSON text in its row by triggers, migration 143), joined by commas in the
 * order shown, as UTF-8 bytes; null when the page is empty. The database joins them: a page reads
 * one text column per row instead of twenty and the SKUs, and nothing is made into objects and
 * written out again (decision 173).
 */
export type JoinedCards = Buffer | null;

const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** The condition on the chosen variety: each level has its own column and indexes. */
function varietyCondition(eb: Eb, v: NonNullable<ListingFilter['variety']>) {
  const column = v.level === 1 ? 'variety_l1' : v.level === 2 ? 'variety_l2' : 'variety_code';
  return eb(column, '=', v.code);
}

/**
 * The conditions of the state and the tag filters. listings and listing_facets name these columns
 * alike, so the same conditions select listings and the facet rows that count them.
 */
function tagConditions(eb: Eb | ExpressionBuilder<Database, 'listing_facets'>, f: ListingFilter): Expression<SqlBool>[] {
  const on = eb as Eb;
  const c: Expression<SqlBool>[] = [on('obj_state', '=', f.objState)];
  if (f.holdBs !== undefined) c.push(on('hold_bs', '=', f.holdBs));
  if (f.listingType !== undefined) c.push(on('listing_type', '=', f.listingType));
  if (f.marketCode !== undefined) c.push(on('market_code', '=', f.marketCode));
  if (f.variety) c.push(varietyCondition(on, f.variety));
  return c;
}

/**
 * The search condition. With `orderedBy`, range filters on other columns are written `+column`,
 * a portable no-op that keeps a planner on the index of that order instead of a range index: right
 * when many rows match, where the first page is near the start of the ordered index.
 */
function conditions(eb: Eb, f: ListingFilter, orderedBy?: ListingOrder['column']): Expression<SqlBool> {
  const range = (column: 'single_price' | 'surplus_milli') =>
    orderedBy && orderedBy !== column ? sql<number>`+${eb.ref(column)}` : eb.ref(column);
  const c = tagConditions(eb, f);
  if (f.sellerIds) c.push(eb('seller_id', 'in', f.sellerIds));
  // Already a LIKE pattern here (see slotted).
  if (f.userNameLike !== undefined) c.push(sql<SqlBool>`lower(${eb.ref('user_name')}) like ${f.userNameLike} escape '\\'`);
  if (f.minPrice !== undefined) c.push(eb(range('single_price'), '>=', f.minPrice));
  if (f.maxPrice !== undefined) c.push(eb(range('single_price'), '<=', f.maxPrice));
  if (f.minMilli !== undefined) c.push(eb(range('surplus_milli'), '>=', f.minMilli));
  if (f.maxMilli !== undefined) c.push(eb(range('surplus_milli'), '<=', f.maxMilli));
  return eb.and(c);
}

/** Rows strictly after `after` in the order (keyset access: the index seeks, nothing is skipped). */
function afterKey(eb: Eb, order: ListingOrder, after: SortKey): Expression<SqlBool> {
  return eb(eb.refTuple(order.column, 'id'), order.asc ? '>' : '<', eb.tuple(after.value, after.id));
}

/**
 * A filter ready for a prepared query: every value a slot, the values by slot name, and the shape
 * (what decides the SQL text: which filters are set, the variety's level, how many sellers). A
 * seller-name filter becomes its LIKE pattern here.
 */
function slotted(f: ListingFilter) {
  const values: Record<string, unknown> = {};
  const put = <T>(name: string, value: T): T => {
    values[name] = value;
    return slot<T>(name);
  };
  const filter: ListingFilter = { objState: put('objState', f.objState) };
  if (f.holdBs !== undefined) filter.holdBs = put('holdBs', f.holdBs);
  if (f.listingType !== undefined) filter.listingType = put('listingType', f.listingType);
  if (f.marketCode !== undefined) filter.marketCode = put('marketCode', f.marketCode);
  if (f.variety) filter.variety = { level: f.variety.level, code: put('variety', f.variety.code) };
  if (f.sellerIds) filter.sellerIds = f.sellerIds.map((id, i) => put(`seller${i}`, id));
  if (f.userNameLike !== undefined) filter.userNameLike = put('userNameLike', likePattern(f.userNameLike));
  for (const key of ['minPrice', 'maxPrice', 'minMilli', 'maxMilli'] as const) {
    if (f[key] !== undefined) filter[key] = put(key, f[key]);
  }
  const afterKey = (after: SortKey | null): SortKey | null =>
    after && { value: put('afterValue', after.value), id: put('afterId', after.id) };
  const orderShape = (order: ListingOrder) => `${order.column} ${order.asc ? 'asc' : 'desc'}${order.steer ? ' steer' : ''}`;
  return { filter, values, put, afterKey, orderShape, shape: JSON.stringify(filter) };
}

/** Storage of listings and their SKUs; every search query reads an index in its sort order. */
export function createListingsRepo(db: Db, dialect: Dialect) {
  const prepared = createPreparedQueries(db);
  /**
   * The cards of the page's rows (`page`: card_json, sort_key, id) joined in the order shown. SQLite
   * aggregates a subquery's rows in the order the subquery gives them, so when the walk is the
   * order shown its rows are joined as they come; a walk from the far end is sorted back (the tests
   * of every page, order and direction hold both). PostgreSQL sorts the page's rows either way.
   */
  const joinedCards = (walk: ListingOrder, shown: ListingOrder) => {
    const dir = sql.raw(shown.asc ? 'asc' : 'desc');
    const sorted = sql`order by ${sql.ref('page.sort_key')} ${dir}, ${sql.ref('page.id')} ${dir}`;
    if (dialect === 'postgres') return sql<JoinedCards>`convert_to(string_agg(${sql.ref('page.card_json')}, ',' ${sorted}), 'UTF8')`;
    const asWalked = walk.column === shown.column && walk.asc === shown.asc;
    return sql<JoinedCards>`cast(group_concat(${sql.ref('page.card_json')}, ',' ${asWalked ? sql`` : sorted}) as blob)`;
  };
  const ordered = (f: ListingFilter, order: ListingOrder, after: SortKey | null) => {
    const dir = order.asc ? 'asc' : 'desc';
    const steer = order.steer ? order.column : undefined;
    return db
      .selectFrom('listings')
      .where((eb) => (after ? eb.and([conditions(eb, f, steer), afterKey(eb, order, after)]) : conditions(eb, f, steer)))
      .orderBy(order.column, dir)
      .orderBy('id', dir);
  };

  /** The number of listings a tag filter matches, summed from the facet table. */
  const facetTotalQuery = (f: ListingFilter) =>
    db
      .selectFrom('listing_facets')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('n'), eb.lit(0)).as('n'))
      .where((eb) => eb.and(tagConditions(eb, f)));

  /** Matching rows, counted up to `upTo`. */
  const boundedCountQuery = (f: ListingFilter, upTo: number) =>
    db
      .selectFrom(
        db
          .selectFrom('listings')
          .select('id')
          .where((eb) => conditions(eb, f))
          .limit(upTo)
          .as('matched'),
      )
      .select((eb) => eb.fn.countAll<number>().as('n'));

  /**
   * The cards of a page, joined in the order shown. On PostgreSQL the inner query walks the index
   * alone and only the page's rows are read from the table: an index scan would read every row it
   * skips. SQLite reads a row only when a column of it is wanted, so the skipped rows cost an index
   * step each there, and the page's rows are read as the walk finds them.
   */
  const pageQuery = (f: ListingFilter, order: ListingOrder, after: SortKey | null, skip: number, limit: number, shown: ListingOrder) => {
    const page =
      dialect === 'postgres'
        ? db
            .selectFrom('listings')
            .select(['listings.card_json', `listings.${order.column} as sort_key`, 'listings.id'])
            .where('listings.id', 'in', ordered(f, order, after).select('id').limit(limit).offset(skip))
        : ordered(f, order, after)
            .select(['card_json', `${order.column} as sort_key`, 'id'])
            .limit(limit)
            .offset(skip);
    return db.selectFrom(page.as('page')).select(joinedCards(order, shown).as('cards'));
  };

  /** Exact count from the facet table; only for filters the facets cover. */
  const facetTotal = async (f: ListingFilter): Promise<number> => {
    const p = slotted(f);
    const rows = await prepared.run(`facetTotal ${p.shape}`, p.values, () => facetTotalQuery(p.filter));
    return Number(rows[0]?.n ?? 0);
  };

  /** Counts matching rows but stops after `cap + 1`, so the cost is bounded. */
  const boundedCount = async (f: ListingFilter, cap: number): Promise<number> => {
    const p = slotted(f);
    const upTo = p.put('upTo', cap + 1);
    const rows = await prepared.run(`boundedCount ${p.shape}`, p.values, () => boundedCountQuery(p.filter, upTo));
    return Number(rows[0]?.n ?? 0);
  };

  return {
    facetTotal,
    boundedCount,

    /** Listings on the market per value of one tag filter (from the facet table). */
    async facetValues(column: TagColumn, objState: number) {
      const rows = await db
        .selectFrom('listing_facets')
        .select([`${column} as value`, (eb) => eb.fn.sum<number>('n').as('n')])
        .where('obj_state', '=', objState)
        .groupBy(column)
        .execute();
      return rows.map((r) => ({ value: r.value, n: Number(r.n) }));
    },

    /** The key of the row `skip` rows after `after` (or from the start); reads the index only. */
    async keyAt(f: ListingFilter, order: ListingOrder, after: SortKey | null, skip: number): Promise<SortKey | undefined> {
      const p = slotted(f);
      const from = p.afterKey(after);
      const offset = p.put('skip', skip);
      const [row] = await prepared.run(`keyAt ${p.shape} ${p.orderShape(order)} ${after ? 'after' : 'start'}`, p.values, () =>
        ordered(p.filter, order, from)
          .select([`${order.column} as value`, 'id'])
          .limit(1)
          .offset(offset),
      );
      return row ? { value: row.value, id: row.id } : undefined;
    },

    /**
     * The cards of up to `limit` listings, `skip` rows after `after` (or from the start) in
     * `order`, joined in the order `shown` (`order` itself, or its reverse when a page is read
     * from the far end).
     */
    async page(
      f: ListingFilter,
      order: ListingOrder,
      after: SortKey | null,
      skip: number,
      limit: number,
      shown: ListingOrder,
    ): Promise<JoinedCards> {
      const p = slotted(f);
      const [from, offset, take] = [p.afterKey(after), p.put('skip', skip), p.put('limit', limit)];
      const rows = await prepared.run(
        `page ${p.shape} ${p.orderShape(order)} ${after ? 'after' : 'start'} shown ${p.orderShape(shown)}`,
        p.values,
        () => pageQuery(p.filter, order, from, offset, take, shown),
      );
      return rows[0]?.cards ?? null;
    },

    /**
     * A page and the total of its filter in one statement: one round trip instead of two, and the
     * total and the cards come from the same snapshot. The total is a column beside the joined
     * cards (an uncorrelated subquery, evaluated once); the statement answers one row even for an
     * empty page. `countCap` null: the total comes from the facet table; otherwise it is counted up
     * to `countCap + 1`.
     */
    async pageWithTotal(
      f: ListingFilter,
      countCap: number | null,
      order: ListingOrder,
      after: SortKey | null,
      skip: number,
      limit: number,
      shown: ListingOrder,
    ): Promise<{ total: number; cards: JoinedCards }> {
      const p = slotted(f);
      const [from, offset, take] = [p.afterKey(after), p.put('skip', skip), p.put('limit', limit)];
      const upTo = countCap === null ? null : p.put('upTo', countCap + 1);
      const shape = `pageWithTotal ${p.shape} ${p.orderShape(order)} ${after ? 'after' : 'start'} shown ${p.orderShape(shown)} ${upTo === null ? 'facets' : 'count'}`;
      const rows = await prepared.run(shape, p.values, () =>
        pageQuery(p.filter, order, from, offset, take, shown).select(() =>
          (upTo === null ? facetTotalQuery(p.filter) : boundedCountQuery(p.filter, upTo)).as('total'),
        ),
      );
      return { total: Number(rows[0]?.total ?? 0), cards: rows[0]?.cards ?? null };
    },

    /** Every SKU of a listing with its specifications. */
    skusOf(listingId: number) {
      return db.selectFrom('listing_skus').selectAll().where('listing_id', '=', listingId).orderBy('sort').orderBy('id').execute();
    },

    findByCode(code: string) {
      return db.selectFrom('listings').selectAll().where('trade_listing_code', '=', code).executeTakeFirst();
    },

    /** Sellers whose company name contains the text (case-insensitive), at most `limit`. */
    async sellerIdsByName(text: string, limit: number): Promise<number[]> {
      const rows = await db
        .selectFrom('shops')
        .select('user_id')
        .where((eb) => sql<SqlBool>`lower(${eb.ref('company_name')}) like ${likePattern(text)} escape '\\'`)
        .orderBy('user_id')
        .limit(limit)
        .execute();
      return rows.map((r) => r.user_id);
    },

    varieties() {
      return db.selectFrom('varieties').select(['code', 'par_code', 'short_name', 'level']).execute();
    },

    findShop(userId: number) {
      return db.selectFrom('shops').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },

    findMarket(marketId: string) {
      return db.selectFrom('markets').select(['market_id', 'market_name_zh']).where('market_id', '=', marketId).executeTakeFirst();
    },
  };
}
export type ListingsRepo = ReturnType<typeof createListingsRepo>;
