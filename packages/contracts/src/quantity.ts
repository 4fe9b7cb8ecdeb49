/**
 * Quantities, amounts and deposits, the same for the pages and the server. Quantities are counted
 * in whole thousandths of their unit and money in whole cents, so no rule ever compares floats.
 */

/** A quantity (up to three decimals) in whole thousandths of its unit. */
export const toMilli = (quantity: number): number => Math.round(quantity * 1000);
/** Thousandths back to the quantity a person reads. */
export const fromMilli = (milli: number): number => Number(milli) / 1000;

/** Whether a number has at most three decimals (1.2345 does not). */
export function hasAtMostThreeDecimals(value: number): boolean {
  return Math.abs(value * 1000 - Math.round(value * 1000)) < 1e-6;
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

/** An amount typed in currency units, in cents; null when it is not an amount of at most two decimals. */
export const centsOf = (value: string | number | null | undefined): number | null => wholeUnitsOf(value, 2);
/** A quantity typed in its unit, in thousandths; null when it is not a quantity of at most three decimals. */
export const milliOf = (value: string | number | null | undefined): number | null => wholeUnitsOf(value, 3);

/** Cents as a plain decimal ("1234.50"), the way refusals and messages name an amount. */
export function centsText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Cents of price x thousandths of quantity, rounded half up to a whole cent (exact in BigInt). */
export function amountOf(priceCents: number, quantityMilli: number): number {
  return Number((BigInt(priceCents) * BigInt(quantityMilli) + 500n) / 1000n);
}

/** A margin order's deposit: `ratio` percent of the amount, rounded half up to a whole cent. */
export function depositOf(amount: number, ratio: number): number {
  return Number((BigInt(amount) * BigInt(ratio) + 50n) / 100n);
}

/** A listing's order terms, all in thousandths of the unit. */
export interface OrderQuantityTerms {
  /** The smallest quantity one order may take. */
  minMilli: number;
  /** Orders are the minimum plus whole steps of this; 0: any quantity. */
  stepMilli: number;
  /** What is still on sale. */
  restMilli: number;
}

export type OrderQuantityProblem = 'aboveSurplus' | 'onlyRest' | 'belowMin' | 'offStep';

/**
 * Why an order of `wantedMilli` cannot be placed, or null when it can: never more than is left
 * (nothing left refuses every order); when less than the smallest order remains, the only order
 * left takes exactly all of it; otherwise at least the smallest order, plus whole steps.
 */
export function orderQuantityProblem(wantedMilli: number, terms: OrderQuantityTerms): OrderQuantityProblem | null {
  const { minMilli, stepMilli, restMilli } = terms;
  if (restMilli === 0 || wantedMilli > restMilli) return 'aboveSurplus';
  if (restMilli < minMilli) return wantedMilli === restMilli ? null : 'onlyRest';
  if (wantedMilli < minMilli) return 'belowMin';
  if (stepMilli > 0 && (wantedMilli - minMilli) % stepMilli !== 0) return 'offStep';
  return null;
}
