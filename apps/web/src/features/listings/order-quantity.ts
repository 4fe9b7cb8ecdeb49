/**
 * The order quantity rule of a listing, checked in the browser before the server checks it again:
 * at least the smallest order (or exactly what is left, when less than that remains), the smallest
 * order plus whole steps, never more than is left. Quantities have up to three decimals, so the
 * arithmetic runs on whole thousandths, never on floats.
 */

export interface QuantityTerms {
  /** Smallest quantity one order may take. */
  objMinNum: number;
  /** Order quantities are objMinNum plus whole steps of this; 0 or absent: any quantity. */
  objStepNum?: number | null;
  /** What is still on sale. */
  surplusListingNum: number;
}

export type QuantityProblem = 'required' | 'decimals' | 'belowMin' | 'offStep' | 'aboveSurplus' | 'onlyRest';

const thousandths = (value: number) => Math.round(value * 1000);

/** Whether a number has at most three decimals (1.2345 does not). */
function hasAtMostThreeDecimals(value: number): boolean {
  return Math.abs(value * 1000 - Math.round(value * 1000)) < 1e-6;
}

/** Why a quantity cannot be ordered, or null when it can. */
export function quantityProblem(quantity: number | null | undefined, terms: QuantityTerms): QuantityProblem | null {
  if (quantity === null || quantity === undefined || !Number.isFinite(quantity) || quantity <= 0) return 'required';
  if (!hasAtMostThreeDecimals(quantity)) return 'decimals';
  const wanted = thousandths(quantity);
  const min = thousandths(terms.objMinNum);
  const rest = thousandths(terms.surplusListingNum);
  const step = thousandths(terms.objStepNum ?? 0);
  if (wanted > rest) return 'aboveSurplus';
  // Less than one smallest order remains: the only order left takes all of it.
  if (rest < min) return wanted === rest ? null : 'onlyRest';
  if (wanted < min) return 'belowMin';
  if (step > 0 && (wanted - min) % step !== 0) return 'offStep';
  return null;
}

/** The quantity the box starts with: the smallest order, or all that is left when less remains. */
export function initialQuantity(terms: QuantityTerms): number {
  return Math.min(terms.objMinNum, terms.surplusListingNum);
}

/** The nearest valid quantities around an off-step one (for the hint "try 12.000 or 14.000"). */
export function nearestValid(quantity: number, terms: QuantityTerms): number[] {
  const min = thousandths(terms.objMinNum);
  const step = thousandths(terms.objStepNum ?? 0);
  const rest = thousandths(terms.surplusListingNum);
  if (step <= 0) return [];
  const steps = Math.floor((thousandths(quantity) - min) / step);
  return [steps, steps + 1]
    .map((n) => min + Math.max(0, n) * step)
    .filter((value, i, all) => value <= rest && all.indexOf(value) === i)
    .map((value) => value / 1000);
}
