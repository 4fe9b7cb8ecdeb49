import {
  acceptableLimit,
  bidPriceProblem,
  bidQuantityProblem,
  isBuySide,
  type BidPriceProblem,
  type BidQuantityProblem,
} from '@portal/contracts/auction-rules';

/**
 * What the bid box tells a bidder before it sends anything: the price it may bid now and whether a
 * typed price keeps the auction's rules. The server checks the same again and its answer decides;
 * this only spares a round trip and says the limit in advance. Money is integer cents.
 */

/** Modes where a higher price is better for the owner (sell side: 1, 2, 6). */
export const ascending = (mode: number): boolean => !isBuySide(mode);

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

/** The terms the shared rules read; a step of 0 counts as one cent, so the grid always exists. */
const termsOf = (c: BidContext) => ({ base: c.basePrice, step: Math.max(1, c.priceStep) });

/**
 * The lowest (sell side) or highest (buy side) price acceptable now, by the server's own rule:
 * public modes move from the best price of all, the free modes and mode 6 from the caller's own bid.
 */
export function acceptableNow(c: BidContext): BidLimit {
  return { kind: ascending(c.mode) ? 'min' : 'max', price: acceptableLimit(c.mode, termsOf(c), c.currentPrice, c.myPrice) };
}

export type PriceProblem = BidPriceProblem | null;

/** Why a typed price would be refused, or null when it keeps the limit and the step grid. */
export function priceProblem(c: BidContext, price: number): PriceProblem {
  return bidPriceProblem(c.mode, termsOf(c), c.currentPrice, c.myPrice, price);
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

export type QuantityProblem = BidQuantityProblem | null;

/** A mode 6 quantity: at least the minimum, the minimum plus whole steps, at most the piece's total. */
export function quantityProblem(rule: QuantityRule, milli: number): QuantityProblem {
  return bidQuantityProblem(milli, { minMilli: rule.min, stepMilli: rule.step, totalMilli: rule.max });
}

export { centsOf, milliOf, wholeUnitsOf } from '@portal/contracts/quantity';
