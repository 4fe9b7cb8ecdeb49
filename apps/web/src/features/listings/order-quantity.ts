/**
 * The order quantity rule of a listing, checked in the browser before the server checks it again
 * with the same rule (`orderQuantityProblem`): here a typed number is first read into whole
 * thousandths, and the hints around it are worked out.
 */
import { hasAtMostThreeDecimals, orderQuantityProblem, toMilli, type OrderQuantityProblem } from '@portal/contracts/quantity';

export interface QuantityTerms {
  /** Smallest quantity one order may take. */
  objMinNum: number;
  /** Order quantities are objMinNum plus whole steps of this; 0 or absent: any quantity. */
  objStepNum?: number | null;
  /** What is still on sale. */
  surplusListingNum: number;
}

export type QuantityProblem = 'required' | 'decimals' | OrderQuantityProblem;

/** Why a quantity cannot be ordered, or null when it can. */
export function quantityProblem(quantity: number | null | undefined, terms: QuantityTerms): QuantityProblem | null {
  if (quantity === null || quantity === undefined || !Number.isFinite(quantity) || quantity <= 0) return 'required';
  if (!hasAtMostThreeDecimals(quantity)) return 'decimals';
  return orderQuantityProblem(toMilli(quantity), {
    minMilli: toMilli(terms.objMinNum),
    stepMilli: toMilli(terms.objStepNum ?? 0),
    restMilli: toMilli(terms.surplusListingNum),
  });
}

/** The quantity the box starts with: the smallest order, or all that is left when less remains. */
export function initialQuantity(terms: QuantityTerms): number {
  return Math.min(terms.objMinNum, terms.surplusListingNum);
}

/** The nearest valid quantities around an off-step one (for the hint "try 12.000 or 14.000"). */
export function nearestValid(quantity: number, terms: QuantityTerms): number[] {
  const min = toMilli(terms.objMinNum);
  const step = toMilli(terms.objStepNum ?? 0);
  const rest = toMilli(terms.surplusListingNum);
  if (step <= 0) return [];
  const steps = Math.floor((toMilli(quantity) - min) / step);
  return [steps, steps + 1]
    .map((n) => min + Math.max(0, n) * step)
    .filter((value, i, all) => value <= rest && all.indexOf(value) === i)
    .map((value) => value / 1000);
}
