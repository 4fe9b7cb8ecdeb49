import { PRICE_INDEX_MAD_LIMIT, PRICE_INDEX_MIN_SAMPLES } from '@portal/contracts/price-index';

/** One deal as the index reads it: when it became binding, what was paid and how much. */
export interface Deal {
  /** ISO time the order reached "confirmed". */
  at: string;
  /** Integer cents. */
  amount: number;
  quantityMilli: number;
}

/** A day's value of one index, before it is stored. */
export interface DayValue {
  index: number;
  open: number | null;
  high: number | null;
  low: number | null;
  close: number | null;
  volumeMilli: number;
  amount: number;
  samples: number;
  removed: number;
  carried: boolean;
}

/** A deal's unit price in cents (amount per whole unit). */
export const unitPrice = (d: Deal): number => (d.amount * 1000) / d.quantityMilli;

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * The outlier rule: a deal whose unit price is further from the day's median than
 * PRICE_INDEX_MAD_LIMIT median absolute deviations is removed. When at least half the deals share
 * one price the deviation is 0 and nothing is removed (there is no spread to measure against).
 */
export function removeOutliers(deals: readonly Deal[]): { kept: Deal[]; removed: Deal[] } {
  if (deals.length === 0) return { kept: [], removed: [] };
  const prices = deals.map(unitPrice);
  const m = median(prices);
  const mad = median(prices.map((p) => Math.abs(p - m)));
  if (mad === 0) return { kept: [...deals], removed: [] };
  const kept: Deal[] = [];
  const removed: Deal[] = [];
  deals.forEach((d, i) => (Math.abs(prices[i]! - m) > PRICE_INDEX_MAD_LIMIT * mad ? removed : kept).push(d));
  return { kept, removed };
}

/**
 * A day's value from its deals: the volume-weighted average unit price of the kept deals (total
 * amount over total quantity), with the first, highest, lowest and last kept price. Fewer than
 * PRICE_INDEX_MIN_SAMPLES kept deals carry `previous` forward, marked; with nothing to carry there
 * is no value (null).
 */
export function dayValue(deals: readonly Deal[], previous: number | null): DayValue | null {
  const ordered = [...deals].sort((a, b) => a.at.localeCompare(b.at));
  const { kept, removed } = removeOutliers(ordered);
  const volumeMilli = kept.reduce((s, d) => s + d.quantityMilli, 0);
  const amount = kept.reduce((s, d) => s + d.amount, 0);
  const counts = { volumeMilli, amount, samples: ordered.length, removed: removed.length };
  if (kept.length < PRICE_INDEX_MIN_SAMPLES) {
    if (previous === null) return null;
    return { index: previous, open: null, high: null, low: null, close: null, carried: true, ...counts };
  }
  const prices = kept.map((d) => Math.round(unitPrice(d)));
  return {
    index: Math.round((amount * 1000) / volumeMilli),
    open: prices[0]!,
    high: Math.max(...prices),
    low: Math.min(...prices),
    close: prices[prices.length - 1]!,
    carried: false,
    ...counts,
  };
}

const CST_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;
/** The index of a day is computed at this time of the next day (China Standard Time), minutes after midnight. */
export const PUBLISH_MINUTES = 30;

/** The day (YYYY-MM-DD, China Standard Time) a moment falls on. */
export const dayOf = (at: Date): string => new Date(at.getTime() + CST_OFFSET_MS).toISOString().slice(0, 10);
/** When a day begins, as a moment. */
export const dayStart = (day: string): Date => new Date(Date.parse(`${day}T00:00:00Z`) - CST_OFFSET_MS);
export const addDays = (day: string, n: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
/** When a day's index is published: the next day at PUBLISH_MINUTES past midnight. */
export const publishAt = (day: string): Date => new Date(dayStart(day).getTime() + DAY_MS + PUBLISH_MINUTES * 60_000);
/** The last day whose publication time has passed at `at`. */
export const lastDueDay = (at: Date): string => dayOf(new Date(at.getTime() - DAY_MS - PUBLISH_MINUTES * 60_000));
