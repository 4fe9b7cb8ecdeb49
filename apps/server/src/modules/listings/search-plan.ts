import { FACET_COLUMNS } from './migrations/004-trading';
import type { ListingFilter, ListingOrder } from './listings.repo';
import type { StreamTotal } from './page-anchors';

/** A tag column of the facet table: every facet column but the listing state, which every search sets. */
export type TagColumn = Exclude<(typeof FACET_COLUMNS)[number], 'obj_state'>;

/**
 * The facet coverage, declared once: each tag column of the facet table (listing_facets, whose
 * columns the migration declares) and the filter one of its values stands for. The facet table
 * counts listings per state and combination of these, so a filter made of them alone has an exact
 * total without counting rows. A Record, so a column added to the facet table fails the type check
 * until the search knows its filter.
 */
const TAG_FILTERS: Record<TagColumn, (value: string | number) => Partial<Omit<ListingFilter, 'objState'>>> = {
  hold_bs: (value) => ({ holdBs: Number(value) }),
  listing_type: (value) => ({ listingType: String(value) }),
  market_code: (value) => ({ marketCode: String(value) }),
  variety_l1: (value) => ({ variety: { level: 1, code: String(value) } }),
  variety_l2: (value) => ({ variety: { level: 2, code: String(value) } }),
  variety_code: (value) => ({ variety: { level: 3, code: String(value) } }),
};

/** The tag columns in the facet table's order. */
export const TAG_COLUMNS = FACET_COLUMNS.filter((column): column is TagColumn => column !== 'obj_state');

/** The filter one value of a tag column stands for, among listings in `objState`. */
export function tagFilter(column: TagColumn, value: string | number, objState: number): ListingFilter {
  return { objState, ...TAG_FILTERS[column](value) };
}

/** The filter fields the facet table answers for: the state and what the tag filters set. */
const FACET_FIELDS: ReadonlySet<string> = new Set(['objState', ...TAG_COLUMNS.flatMap((column) => Object.keys(TAG_FILTERS[column]('')))]);

/** True when the facet table gives the filter's exact total: it sets no field but tag filters. */
export function facetsCover(f: ListingFilter): boolean {
  return Object.entries(f).every(([field, value]) => value === undefined || FACET_FIELDS.has(field));
}

/** The total a count of `n` rows stands for: a count that is not exact stopped past `cap`. */
export function boundedTotal(n: number, exact: boolean, cap: number): StreamTotal {
  return !exact && n > cap ? { n: cap, capped: true } : { n, capped: false };
}

/** How a page is read: `take` rows from `skip` in `order`, which is reversed when reading from the end. */
export interface Read {
  order: ListingOrder;
  skip: number;
  take: number;
  reversed: boolean;
}

/**
 * Where to read a page, given the filter's total: from the start, or (past the middle of an exact
 * total) backwards from the end; null when the page lies past the end. Without a total: from the
 * start. With a range filter, few matches use the range index and sort at most `cap` rows; many
 * (a capped count) walk the index of the order.
 */
export function planRead(order: ListingOrder, offset: number, limit: number, total: StreamTotal | undefined): Read | null {
  if (!total || total.capped) return { order: { ...order, steer: total?.capped ?? false }, skip: offset, take: limit, reversed: false };
  if (offset >= total.n) return null;
  const fromEnd = total.n - offset - limit;
  if (offset <= fromEnd) return { order, skip: offset, take: limit, reversed: false };
  return { order: { ...order, asc: !order.asc }, skip: Math.max(0, fromEnd), take: Math.min(limit, total.n - offset), reversed: true };
}

/**
 * Whether the total is counted before the page is read: nothing is known of the filter yet, and
 * either its size picks the index (a count, not the facet table) or the page is deep enough that
 * its size picks the end to read from.
 */
export function countsFirst(hint: StreamTotal | undefined, exact: boolean, offset: number, block: number): boolean {
  return !hint && (!exact || offset >= block);
}

/** Rows read from the end are right only for the total they were planned with; otherwise the page is read again. */
export function readsAgain(read: Read, plannedWith: StreamTotal | undefined, found: StreamTotal): boolean {
  return read.reversed && (found.capped || found.n !== plannedWith?.n);
}

/** The orders every market stream is read in. */
const STREAM_ORDERS: ListingOrder[] = [
  { column: 'publish_time', asc: false },
  { column: 'publish_time', asc: true },
  { column: 'single_price', asc: false },
  { column: 'single_price', asc: true },
];

/**
 * The positions worth remembering ahead of time: the middle of each stream (a filter in each
 * order) longer than two blocks, since pages past the middle are read from the other end.
 */
export function warmTargets(
  streams: { f: ListingFilter; n: number }[],
  block: number,
): { f: ListingFilter; order: ListingOrder; offset: number }[] {
  return streams
    .filter(({ n }) => n > 2 * block)
    .flatMap(({ f, n }) => STREAM_ORDERS.map((order) => ({ f, order, offset: Math.floor(n / 2) })));
}
