/**
 * How a tender scores and totals its bids, the same for the buyer's evaluation form (a preview)
 * and the server (which decides): money in whole cents, quantities in thousandths.
 */
import { amountOf } from './quantity';

/** Rounds a score to two decimals. */
export const round2 = (n: number): number => Math.round(n * 100) / 100;

/** A bid's total: the sum of unit price x quantity over its lines, each rounded to a whole cent. */
export const linesTotal = (lines: readonly { unitPrice: number; quantityMilli: number }[]): number =>
  lines.reduce((sum, l) => sum + amountOf(l.unitPrice, l.quantityMilli), 0);

/** The lowest positive total among the valid bids, or 0 when none has one. */
export function lowestTotal(totals: readonly number[]): number {
  const positive = totals.filter((t) => t > 0);
  return positive.length > 0 ? Math.min(...positive) : 0;
}

/** The price score: the lowest total scores 100, every other total lowest/total x 100; 0 without a total. */
export const priceScoreOf = (total: number, lowest: number): number => (total > 0 && lowest > 0 ? round2((lowest / total) * 100) : 0);

/**
 * The score a bid ranks by: under the scoring method the price score weighs `priceWeight` percent
 * (all of it when absent) and the technical score the rest; under the lowest-price method the
 * price score alone.
 */
export function combinedScore(
  method: 'lowest' | 'scoring',
  priceScore: number,
  technicalScore: number | null | undefined,
  priceWeight: number | null,
): number {
  if (method !== 'scoring') return priceScore;
  const weight = priceWeight ?? 100;
  return round2((priceScore * weight + (technicalScore ?? 0) * (100 - weight)) / 100);
}
