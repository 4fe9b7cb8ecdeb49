/**
 * How a tender scores and totals its bids, the same for the buyer's evaluation form (a preview)
 * and the server (which decides): money in whole cents, quantities in thousandths.
 */
import { amountOf } from './quantity';
import type { Lang } from './i18n';

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

/**
 * Why a tender closed, when the platform closed it for too few valid bids: stored as this code
 * (`too-few-bids:2:3`) and put into words for each reader, so no language is fixed in the record.
 */
export const tooFewBidsReason = (valid: number, min: number): string => `too-few-bids:${valid}:${min}`;

const TOO_FEW_BIDS: Record<Lang, string> = {
  'zh-CN': '有效投标 {valid} 份，少于最少 {min} 份',
  'en-US': 'only {valid} valid bids, fewer than the minimum of {min}',
  'zh-TW': '有效投標 {valid} 份，少於最少 {min} 份',
};

/**
 * A tender's close reason for the reader: the platform's own reasons in the reader's language
 * (also the Chinese text earlier servers stored), a buyer's reason for cancelling as written.
 */
export function closeReasonWords(reason: string, lang: Lang): string {
  const [, valid, min] = /^too-few-bids:(\d+):(\d+)$/.exec(reason) ?? /^有效投标 (\d+) 份，少于最少 (\d+) 份/.exec(reason) ?? [];
  return valid === undefined || min === undefined ? reason : TOO_FEW_BIDS[lang].replace('{valid}', valid).replace('{min}', min);
}
