/**
 * What the bid box tells a bidder before it sends anything: the price it may bid now and whether a
 * typed price keeps the auction's rules. The server checks the same again and its answer decides;
 * this only spares a round trip and says the limit in advance. Money is integer cents.
 */

/** Modes where a higher price is better for the owner (sell side: 1, 2, 6). */
export function ascending(mode: number): boolean {
  return mode !== 4 && mode !== 5;
}

export interface BidContext {
  mode: number;
  basePrice: number;
  priceStep: number;
  /** The best valid price on the piece now (modes 1, 4), or null before the first bid. */
  currentPrice: number | null;
  /** The caller's own live price on the piece, or null. */
  myPrice: number | null;
}

export interface BidLimit {
  /** 'min': the price must be at least `price`; 'max': at most. */
  kind: 'min' | 'max';
  price: number;
}

/**
 * The lowest (sell side) or highest (buy side) price acceptable now. Public modes move from the
 * best price of all; the free modes and mode 6 from the caller's own bid, since each bidder only
 * improves its own offer (mode 6 may keep its price and change the quantity).
 */
export function acceptableNow(c: BidContext): BidLimit {
  const step = Math.max(1, c.priceStep);
  switch (c.mode) {
    case 1:
      return { kind: 'min', price: c.currentPrice === null ? c.basePrice : c.currentPrice + step };
    case 2:
      return { kind: 'min', price: c.myPrice === null ? c.basePrice : c.myPrice + step };
    case 4:
      return { kind: 'max', price: c.currentPrice === null ? c.basePrice : c.currentPrice - step };
    case 5:
      return { kind: 'max', price: c.myPrice === null ? c.basePrice : c.myPrice - step };
    default:
      return { kind: 'min', price: c.myPrice === null ? c.basePrice : Math.max(c.basePrice, c.myPrice) };
  }
}

export type PriceProblem = 'tooLow' | 'tooHigh' | 'offStep' | null;

/** Why a typed price would be refused, or null when it keeps the limit and the step grid. */
export function priceProblem(c: BidContext, price: number): PriceProblem {
  const limit = acceptableNow(c);
  if (limit.kind === 'min' && price < limit.price) return 'tooLow';
  if (limit.kind === 'max' && price > limit.price) return 'tooHigh';
  const step = Math.max(1, c.priceStep);
  if (Math.abs(price - c.basePrice) % step !== 0) return 'offStep';
  return null;
}

/** The price `steps` steps better than `from` for the owner (up on the sell side, down on the buy side). */
export function stepped(mode: number, from: number, steps: number, priceStep: number): number {
  return from + (ascending(mode) ? 1 : -1) * steps * Math.max(1, priceStep);
}

export interface QuantityRule {
  /** All in thousandths of the unit. */
  min: number;
  step: number;
  max: number;
}

export type QuantityProblem = 'belowMin' | 'offStep' | 'aboveTotal' | null;

/** A mode 6 quantity: at least the minimum, the minimum plus whole steps, at most the piece's total. */
export function quantityProblem(rule: QuantityRule, milli: number): QuantityProblem {
  if (milli < rule.min) return 'belowMin';
  if (milli > rule.max) return 'aboveTotal';
  if (rule.step > 0 && (milli - rule.min) % rule.step !== 0) return 'offStep';
  return null;
}

/**
 * A decimal typed by a person ("1,234.5") as a whole number of its smallest unit: cents with two
 * places, thousandths with three. Read as text, never through a float product (0.29 * 100 is
 * 28.999...). Null when it is not such a number.
 */
export function wholeUnitsOf(value: string | number | null | undefined, places: 2 | 3): number | null {
  if (value === null || value === undefined) return null;
  const match = new RegExp(`^(\\d+)(?:\\.(\\d{0,${places}}))?$`).exec(String(value).replace(/[,\s]/g, ''));
  if (!match) return null;
  const whole = Number(match[1]) * 10 ** places + Number((match[2] ?? '').padEnd(places, '0'));
  return Number.isSafeInteger(whole) ? whole : null;
}

/** A quantity in thousandths of its unit. */
export const milliOf = (value: string | number | null | undefined) => wholeUnitsOf(value, 3);
/** An amount in cents. */
export const centsOf = (value: string | number | null | undefined) => wholeUnitsOf(value, 2);
