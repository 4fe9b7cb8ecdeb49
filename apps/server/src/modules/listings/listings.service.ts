import { fromMilli } from '@portal/contracts/quantity';
import { LISTING_COUNT_CAP } from '@portal/contracts/constants';
import { fileUrl } from '@portal/contracts/files';
import type { ListingDetail, ListingItem, ListingPage, ListingSearch } from '@portal/contracts/listings';
import { AppError } from '../../platform/errors';
import type { JoinedCards, ListingFilter, ListingOrder, ListingsRepo } from './listings.repo';
import { createPageAnchors, type PageAnchors, type StreamTotal } from './page-anchors';
import {
  TAG_COLUMNS,
  boundedTotal,
  countsFirst,
  facetsCover,
  planRead,
  readsAgain,
  tagFilter,
  warmTargets,
  type Read,
} from './search-plan';

/** The listing states the portal shows: on sale and sold out. */
const PUBLIC_LISTING_STATES = new Set([1, 2]);

interface ListingsDeps {
  repo: ListingsRepo;
  /** Counting stops here when a price, quantity or seller filter is set. */
  countCap?: number;
  anchors?: PageAnchors;
  now?: () => number;
}

/** Most sellers a name filter turns into an id list; more fall back to matching the name itself. */
const MAX_SELLER_IDS = 1000;
const VARIETY_CACHE_MS = 60_000;
/**
 * Rows between remembered positions. A page skips fewer index entries than this (under a
 * millisecond); fewer positions keep the background walk short (on PostgreSQL each step is a
 * round trip and a plan).
 */
const ANCHOR_BLOCK = 8192;
/** Remembered positions live this long; the popular streams are walked again at half of it. */
const ANCHOR_TTL_MS = 20 * 60_000;
const WARM_EVERY_MS = ANCHOR_TTL_MS / 2;

/**
 * A page of the market with its listings as their cards' JSON (kept in each listing's row) joined
 * in the page's order; the route writes them into the answer as they are.
 */
export type ListingCardPage = Omit<ListingPage, 'items'> & { cards: JoinedCards };

/** The order a read's rows are shown in: its own, or the reverse when it walked from the far end. */
const shownOf = (read: Read): ListingOrder => ({ column: read.order.column, asc: read.reversed ? !read.order.asc : read.order.asc });

/**
 * The listing market. Totals come from the facet table when only tag filters are set (exact and
 * cheap at any size), otherwise from a count that stops at the cap; which, and how each page is
 * read, is planned in search-plan.ts, and this service carries the plan out. Pages are read through the
 * index in sort order; deep pages start from remembered keys (page-anchors.ts) and pages past the
 * middle are read from the other end, so no request skips more than one block of index entries
 * once a stream is warm (docs/decisions/041-listing-search-speed.md). Once a filter's total is
 * known, one statement answers the total and the page (docs/decisions/044-postgresql-statements.md).
 */
export function createListingsService(deps: ListingsDeps) {
  const { repo } = deps;
  const now = deps.now ?? Date.now;
  const cap = deps.countCap ?? LISTING_COUNT_CAP;
  const anchors = deps.anchors ?? createPageAnchors({ block: ANCHOR_BLOCK, maxStreams: 1000, ttlMs: ANCHOR_TTL_MS });
  let varieties: { at: number; byCode: Map<string, { level: number; parCode: string; name: string }> } | null = null;

  async function varietyMap() {
    if (!varieties || now() - varieties.at > VARIETY_CACHE_MS) {
      const rows = await repo.varieties();
      varieties = { at: now(), byCode: new Map(rows.map((r) => [r.code, { level: r.level, parCode: r.par_code, name: r.short_name }])) };
    }
    return varieties.byCode;
  }

  /** The ancestors of a variety code from the top down, itself last; empty when unknown. */
  async function varietyPath(code: string): Promise<{ code: string; name: string; level: number }[]> {
    const map = await varietyMap();
    const path: { code: string; name: string; level: number }[] = [];
    for (let at: string | undefined = code; at && path.length < 3;) {
      const node = map.get(at);
      if (!node) return [];
      path.unshift({ code: at, name: node.name, level: node.level });
      at = node.parCode || undefined;
    }
    return path;
  }

  /** The storage filter of a search, or null when it can match nothing (unknown code, no seller). */
  async function toFilter(s: ListingSearch): Promise<ListingFilter | null> {
    const objState = s.objState ?? 1;
    // Drafts, listings under review and the like are their owner's: asking for them finds none.
    if (!PUBLIC_LISTING_STATES.has(objState)) return null;
    const f: ListingFilter = { objState };
    if (s.holdBs !== undefined) f.holdBs = s.holdBs;
    if (s.listingType !== undefined) f.listingType = s.listingType;
    if (s.marketCode) f.marketCode = s.marketCode;
    if (s.varietyCode) {
      const path = await varietyPath(s.varietyCode);
      const node = path[path.length - 1];
      if (!node) return null;
      f.variety = { level: node.level, code: node.code };
    }
    if (s.shopUserId) f.sellerIds = [Number(s.shopUserId)];
    if (s.userName) {
      const ids = await repo.sellerIdsByName(s.userName, MAX_SELLER_IDS + 1);
      if (ids.length > MAX_SELLER_IDS) f.userNameLike = s.userName;
      else f.sellerIds = f.sellerIds ? f.sellerIds.filter((id) => ids.includes(id)) : ids;
      if (f.sellerIds?.length === 0) return null;
    }
    if (s.minSinglePrice !== undefined) f.minPrice = s.minSinglePrice;
    if (s.maxSinglePrice !== undefined) f.maxPrice = s.maxSinglePrice;
    if (s.minObjListingNum !== undefined) f.minMilli = Math.ceil(s.minObjListingNum * 1000 - 1e-6);
    if (s.maxObjListingNum !== undefined) f.maxMilli = Math.floor(s.maxObjListingNum * 1000 + 1e-6);
    return f;
  }

  /** The remembered key nearest before `offset`, walking (and remembering) blocks up to it. */
  async function approach(f: ListingFilter, order: ListingOrder, offset: number) {
    const block = anchors.block;
    const stream = JSON.stringify([f, order.column, order.asc]);
    let { position, key } = anchors.nearest(stream, offset);
    while (offset - position >= block) {
      const next = await repo.keyAt(f, order, key, block - 1);
      if (!next) return null;
      anchors.remember(stream, position + block - 1, next);
      key = next;
      position += block;
    }
    return { position, key };
  }

  /** The nearest remembered key before a read's first row (null: past the end). */
  const startOf = (f: ListingFilter, read: Read) =>
    read.skip < anchors.block ? Promise.resolve({ position: 0, key: null }) : approach(f, read.order, read.skip);

  /** The cards of a read, starting from the nearest remembered key. */
  async function readCards(f: ListingFilter, read: Read): Promise<JoinedCards> {
    const near = await startOf(f, read);
    return near ? repo.page(f, read.order, near.key, read.skip - near.position, read.take, shownOf(read)) : null;
  }

  /** The cards of a read and the filter's current total, in one statement once the start is found. */
  async function readCardsAndTotal(f: ListingFilter, exact: boolean, read: Read) {
    const near = await startOf(f, read);
    if (!near) return null;
    const { total, cards } = await repo.pageWithTotal(
      f,
      exact ? null : cap,
      read.order,
      near.key,
      read.skip - near.position,
      read.take,
      shownOf(read),
    );
    return { total: toTotal(total, exact), cards };
  }

  const toTotal = (n: number, exact: boolean): StreamTotal => boundedTotal(n, exact, cap);

  async function countOf(f: ListingFilter, exact: boolean): Promise<StreamTotal> {
    return toTotal(exact ? await repo.facetTotal(f) : await repo.boundedCount(f, cap), exact);
  }

  /**
   * A page and the filter's total. Usually one statement answers both, read as the total the
   * filter had last time suggests (which end, which index); when that total turns out to have
   * changed in a way that matters, the page is read again. The total is counted first when nothing
   * is known yet and it decides the read: the index of a range filter, the end of a deep page.
   */
  async function readPageAndTotal(f: ListingFilter, order: ListingOrder, offset: number, limit: number) {
    const exact = facetsCover(f);
    const filterKey = JSON.stringify(f);
    const hint = anchors.totalOf(filterKey);
    const byCount = async () => {
      const total = await countOf(f, exact);
      anchors.rememberTotal(filterKey, total);
      const read = planRead(order, offset, limit, total);
      return { total, cards: read ? await readCards(f, read) : null };
    };
    if (countsFirst(hint, exact, offset, anchors.block)) return byCount();
    const read = planRead(order, offset, limit, hint);
    const got = read && (await readCardsAndTotal(f, exact, read));
    if (!got) return byCount();
    anchors.rememberTotal(filterKey, got.total);
    if (readsAgain(read, hint, got.total)) {
      const again = planRead(order, offset, limit, got.total);
      return { total: got.total, cards: again ? await readCards(f, again) : null };
    }
    return got;
  }

  /**
   * Walks, in the background, the streams most people page through: no filter and each single
   * tag (variety at any level, market, direction, listing type), in the four orders, up to their
   * middle (pages past it are read from the other end). A person jumping deep into one of them
   * then pays for one block at most. Streams too short to need positions are skipped.
   */
  async function warm(): Promise<void> {
    const objState = 1;
    const total = await repo.facetTotal({ objState });
    if (total <= 2 * anchors.block) return;
    const streams: { f: ListingFilter; n: number }[] = [{ f: { objState }, n: total }];
    for (const column of TAG_COLUMNS) {
      for (const { value, n } of await repo.facetValues(column, objState)) streams.push({ f: tagFilter(column, value, objState), n });
    }
    for (const { f, order, offset } of warmTargets(streams, anchors.block)) await approach(f, order, offset);
  }
  let warming = false;
  let warmedAt = -Infinity;
  const maybeWarm = () => {
    if (warming || now() - warmedAt < WARM_EVERY_MS) return;
    warming = true;
    warmedAt = now();
    // Best effort: a failure (the database closing on shutdown) only means colder deep pages.
    void warm()
      .catch(() => undefined)
      .finally(() => {
        warming = false;
      });
  };

  return {
    async search(s: ListingSearch): Promise<ListingCardPage> {
      maybeWarm();
      const empty: ListingCardPage = { cards: null, totalItem: 0, totalCapped: false, pageNo: s.pageNo, pageSize: s.pageSize };
      const f = await toFilter(s);
      if (!f) return empty;
      const order: ListingOrder = { column: s.sortField === 1 ? 'single_price' : 'publish_time', asc: s.sortAsc === 1 };
      const { total, cards } = await readPageAndTotal(f, order, (s.pageNo - 1) * s.pageSize, s.pageSize);
      return { cards, totalItem: total.n, totalCapped: total.capped, pageNo: s.pageNo, pageSize: s.pageSize };
    },

    async detail(code: string): Promise<ListingDetail> {
      const row = await repo.findByCode(code);
      // Only a listing on sale or sold out is public; a draft, one under review, rejected, withdrawn,
      // expired or suspended is the owner's and the operator's business, and strangers learn nothing of it.
      if (!row || !PUBLIC_LISTING_STATES.has(row.obj_state)) throw new AppError('NOT_FOUND');
      const [skus, shop, market, path] = await Promise.all([
        repo.skusOf(row.id),
        repo.findShop(row.seller_id),
        repo.findMarket(row.market_code),
        varietyPath(row.variety_code),
      ]);
      // The card is the listing as the market shows it; the detail adds to it.
      const item = JSON.parse(row.card_json) as ListingItem;
      return {
        ...item,
        skuList: skus.map((s) => ({
          goodsSkuName: s.goods_sku_name,
          varietyUnit: s.variety_unit,
          specs: (JSON.parse(s.specs_json) as { name: string; value: string }[]).map(({ name, value }) => ({ name, value })),
        })),
        marketName: market?.market_name_zh ?? row.market_code,
        varietyPath: path.map((p) => p.name),
        origin: row.origin,
        deliveryPlace: row.delivery_place,
        deliveryStart: row.delivery_start,
        deliveryEnd: row.delivery_end,
        remark: row.remark,
        description: row.description,
        objStepNum: fromMilli(row.step_milli),
        depositRatio: row.deposit_ratio,
        seller: {
          userId: String(row.seller_id),
          companyName: shop?.company_name ?? row.user_name,
          shopLogo: shop?.logo_file_id ? fileUrl(shop.logo_file_id) : '',
          region: shop?.region ?? '',
          mainBusiness: shop?.main_business ?? '',
          contactName: shop?.contact_name ?? '',
          contactPhone: shop?.contact_phone ?? '',
        },
      };
    },

    /** Forgets remembered page positions; call after writing listings. */
    invalidate(): void {
      anchors.clear();
      varieties = null;
      warmedAt = -Infinity;
    },
  };
}
export type ListingsService = ReturnType<typeof createListingsService>;
