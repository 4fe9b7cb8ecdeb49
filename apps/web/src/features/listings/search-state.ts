import type { VarietyNode } from '@portal/contracts/commtrade';
import { LISTING_PAGE_SIZE, LISTING_SORT_FIELDS } from '@portal/contracts/constants';
import type { ListingSearchBody } from '@portal/contracts/listings';

/** The listing page's filters as the person sets them (prices in yuan, quantities in units). */
export interface ListingFilters {
  /** The chosen variety per tree level, top first; a lower level needs the one above. */
  variety: string[];
  marketCode?: string;
  holdBs?: number;
  listingType?: 'A' | 'D';
  minPrice?: number | null;
  maxPrice?: number | null;
  minQuantity?: number | null;
  maxQuantity?: number | null;
  userName: string;
}

export interface ListingSort {
  sortField: 1 | 2;
  sortAsc: 0 | 1;
}

export const INITIAL_FILTERS: ListingFilters = { variety: [], userName: '' };
/** The market opens with the newest listings first. */
export const DEFAULT_SORT: ListingSort = { sortField: LISTING_SORT_FIELDS.time, sortAsc: 0 };
export const DEFAULT_PAGE = { pageNo: 1, pageSize: LISTING_PAGE_SIZE };

/** One value per group: choosing the chosen value again clears it. */
export function toggleValue<T>(current: T | undefined, value: T): T | undefined {
  return current === value ? undefined : value;
}

/** Chooses a variety at a level; the levels below are cleared, and choosing the chosen one clears it. */
export function chooseVariety(path: string[], level: number, code: string): string[] {
  return path[level] === code ? path.slice(0, level) : [...path.slice(0, level), code];
}

/** The codes from the top of the tree down to `code`, or [] when the tree does not hold it. */
export function varietyPathOf(tree: VarietyNode[], code: string): string[] {
  for (const node of tree) {
    if (node.code === code) return [node.code];
    const below = varietyPathOf(node.children, code);
    if (below.length) return [node.code, ...below];
  }
  return [];
}

/** The nodes offered at each level: the roots, then the children of each chosen node. */
export function varietyRows(tree: VarietyNode[], path: string[]): VarietyNode[][] {
  const rows: VarietyNode[][] = [tree];
  let level = tree;
  for (const code of path) {
    const node = level.find((n) => n.code === code);
    if (!node || node.children.length === 0) break;
    rows.push(node.children);
    level = node.children;
  }
  return rows;
}

const present = (v: number | null | undefined): v is number => v !== null && v !== undefined && Number.isFinite(v);

/** Minimum above maximum: the search is skipped and both inputs are marked. */
export function rangeInvalid(min: number | null | undefined, max: number | null | undefined): boolean {
  return present(min) && present(max) && min > max;
}

/** The search condition, or null when a range is invalid and the search must be skipped. */
export function toSearchBody(
  filters: ListingFilters,
  sort: ListingSort,
  page: { pageNo: number; pageSize: number },
): ListingSearchBody | null {
  if (rangeInvalid(filters.minPrice, filters.maxPrice) || rangeInvalid(filters.minQuantity, filters.maxQuantity)) return null;
  const body: ListingSearchBody = { ...sort, ...page };
  const variety = filters.variety[filters.variety.length - 1];
  if (variety) body.varietyCode = variety;
  if (filters.marketCode) body.marketCode = filters.marketCode;
  if (filters.holdBs !== undefined) body.holdBs = filters.holdBs as 1 | 2;
  if (filters.listingType) body.listingType = filters.listingType;
  // Prices travel in cents, the unit of singlePrice.
  if (present(filters.minPrice)) body.minSinglePrice = Math.round(filters.minPrice * 100);
  if (present(filters.maxPrice)) body.maxSinglePrice = Math.round(filters.maxPrice * 100);
  if (present(filters.minQuantity)) body.minObjListingNum = filters.minQuantity;
  if (present(filters.maxQuantity)) body.maxObjListingNum = filters.maxQuantity;
  const name = filters.userName.trim();
  if (name) body.userName = name;
  return body;
}

/** The active header toggles its direction; another header starts ascending for price, newest first for time. */
export function toggleSort(sort: ListingSort, field: 1 | 2): ListingSort {
  if (sort.sortField === field) return { sortField: field, sortAsc: sort.sortAsc === 1 ? 0 : 1 };
  return { sortField: field, sortAsc: field === LISTING_SORT_FIELDS.price ? 1 : 0 };
}

/**
 * The variety the person chose, and the variety asked for in the address (?varietyCode=, from the
 * home page's categories) when they chose it: a newer wish in the address replaces the choice.
 */
export interface VarietyChoice {
  wish: string | null;
  path: string[];
}

export const NO_VARIETY_CHOICE: VarietyChoice = { wish: null, path: [] };

/** The variety path in effect: the address's wish once the tree has it, unless the person chose after it. */
export function varietyInEffect(choice: VarietyChoice, wish: string | null, tree: VarietyNode[] | undefined): string[] {
  if (!wish || choice.wish === wish) return choice.path;
  return tree ? varietyPathOf(tree, wish) : [];
}

/**
 * The page the person is on, and which settling of the typed filters it was chosen after: typed
 * filters that settle again send the person back to page 1, as the tag filters do.
 */
export interface PageChoice {
  pageNo: number;
  pageSize: number;
  typedVersion: number;
}

/** The page in effect after the typed filters' `typedVersion`th settling. */
export function pageInEffect(page: PageChoice, typedVersion: number): { pageNo: number; pageSize: number } {
  return { pageNo: page.typedVersion === typedVersion ? page.pageNo : 1, pageSize: page.pageSize };
}
