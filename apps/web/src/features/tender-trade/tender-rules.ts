import { hasAtMostThreeDecimals, toMilli } from '@portal/contracts/quantity';
import { combinedScore, priceScoreOf } from '@portal/contracts/tender-rules';
import type { ManagedTender, TenderBid } from '@portal/contracts/tender-trade';

/** What the buyer may do with its tender now, as the server allows it. */
export function buyerActions(tender: Pick<ManagedTender, 'objState' | 'opening' | 'evaluation' | 'negotiation'>) {
  const s = tender.objState;
  const roundOpen = Boolean(tender.negotiation && !tender.negotiation.closed);
  return {
    edit: s === 0,
    publish: s === 0,
    cancel: s >= 0 && s <= 3,
    evaluate: s === 3 && tender.opening !== null && tender.evaluation === null,
    // One round only, and only after evaluation.
    negotiate: s === 4 && tender.negotiation === null,
    // From 4 while no round is running (an open round must close first), or from 5.
    award: (s === 4 && !roundOpen) || s === 5,
  };
}

export type TimeProblem = 'endBeforeBegin' | 'tooShort' | 'openBeforeEnd';

/** The shortest bidding period the server accepts, in milliseconds (a setting; 10 s by default). */
export const SHORTEST_BIDDING_MS = 10_000;

/** What is wrong with a tender's times: bidding must last at least the shortest period and the opening may not come before its end. */
export function timeProblems(begin: number, end: number, open: number | null): TimeProblem[] {
  const problems: TimeProblem[] = [];
  if (end <= begin) problems.push('endBeforeBegin');
  else if (end - begin < SHORTEST_BIDDING_MS) problems.push('tooShort');
  if (open !== null && open < end) problems.push('openBeforeEnd');
  return problems;
}

/** One evaluation decision as the form holds it. */
export interface EvaluationDraft {
  bidId: string;
  valid: boolean;
  reason?: string;
  technicalScore?: number | null;
}

export type EvaluationProblem = { bidId: string; kind: 'reason' | 'score' };

/**
 * What stops an evaluation: an invalid bid needs a reason, and under the scoring method each valid
 * bid needs a technical score of 0-100. `failing` warns that fewer valid bids than the tender's
 * minimum remain, which fails the tender (流标) once sent.
 */
export function evaluationProblems(
  drafts: readonly EvaluationDraft[],
  method: ManagedTender['evaluationMethod'],
  minValidBids: number,
): { problems: EvaluationProblem[]; failing: boolean } {
  const problems: EvaluationProblem[] = [];
  for (const d of drafts) {
    if (!d.valid && !d.reason?.trim()) problems.push({ bidId: d.bidId, kind: 'reason' });
    const score = d.technicalScore;
    if (d.valid && method === 'scoring' && (score === null || score === undefined || score < 0 || score > 100)) {
      problems.push({ bidId: d.bidId, kind: 'score' });
    }
  }
  return { problems, failing: drafts.filter((d) => d.valid).length < minValidBids };
}

/**
 * The scores the evaluation will give, shown while the buyer fills the form: the lowest total
 * scores 100 on price and every other total lowest/total × 100; under scoring the price score
 * weighs priceWeight percent and the technical score the rest. Ranks follow the score (ties share
 * the better rank's order of totals).
 */
export function previewScores(
  drafts: readonly EvaluationDraft[],
  totals: ReadonlyMap<string, number>,
  method: ManagedTender['evaluationMethod'],
  priceWeight: number | null,
): Map<string, { priceScore: number; score: number; rank: number }> {
  const valid = drafts.filter((d) => d.valid && (totals.get(d.bidId) ?? 0) > 0);
  const lowest = Math.min(...valid.map((d) => totals.get(d.bidId)!));
  const scored = valid.map((d) => {
    const priceScore = priceScoreOf(totals.get(d.bidId)!, lowest);
    const score = combinedScore(method, priceScore, d.technicalScore, priceWeight);
    return { bidId: d.bidId, priceScore, score, total: totals.get(d.bidId)! };
  });
  scored.sort((a, b) => b.score - a.score || a.total - b.total);
  return new Map(scored.map((s, i) => [s.bidId, { priceScore: s.priceScore, score: s.score, rank: i + 1 }]));
}

/** One award row as the form holds it: this line (or part of it) to this bid. */
export interface AwardDraft {
  lineNo: number;
  bidId: string;
  quantity?: number | null;
}

export type AwardProblem =
  | { kind: 'none' }
  | { kind: 'quantity'; index: number }
  | { kind: 'notOffered'; index: number }
  | { kind: 'aboveBid'; index: number; max: number }
  | { kind: 'duplicate'; index: number }
  | { kind: 'aboveLine'; lineNo: number; max: number; sum: number };

/**
 * What stops an award: at least one row; each row a positive quantity of at most three decimals
 * for a line the bid offered, no more than the bid offered on it, one row per line and bid; and
 * the quantities of a line, split between bids, never above the line's.
 */
export function awardProblems(
  drafts: readonly AwardDraft[],
  lines: readonly { lineNo: number; quantity: number }[],
  bids: readonly Pick<TenderBid, 'bidId' | 'lines'>[],
): AwardProblem[] {
  const rows = drafts.filter((d) => d.bidId);
  if (rows.length === 0) return [{ kind: 'none' }];
  const problems: AwardProblem[] = [];
  const seen = new Set<string>();
  const perLine = new Map<number, number>();
  drafts.forEach((d, index) => {
    if (!d.bidId) return;
    const key = `${d.lineNo}:${d.bidId}`;
    if (seen.has(key)) problems.push({ kind: 'duplicate', index });
    seen.add(key);
    const offered = bids.find((b) => b.bidId === d.bidId)?.lines.find((l) => l.lineNo === d.lineNo);
    const q = d.quantity;
    if (!offered) problems.push({ kind: 'notOffered', index });
    if (q === null || q === undefined || !(q > 0) || !hasAtMostThreeDecimals(q)) {
      problems.push({ kind: 'quantity', index });
      return;
    }
    if (offered && toMilli(q) > toMilli(offered.quantity)) problems.push({ kind: 'aboveBid', index, max: offered.quantity });
    perLine.set(d.lineNo, (perLine.get(d.lineNo) ?? 0) + toMilli(q));
  });
  for (const line of lines) {
    const sum = perLine.get(line.lineNo) ?? 0;
    if (sum > toMilli(line.quantity)) problems.push({ kind: 'aboveLine', lineNo: line.lineNo, max: line.quantity, sum: sum / 1000 });
  }
  return problems;
}

/**
 * The award the form starts from: each line to its best-ranked valid bid that offered it, for
 * the smaller of the line's and the bid's quantity. The buyer then splits or changes it.
 */
export function suggestedAward(
  lines: readonly { lineNo: number; quantity: number }[],
  bids: readonly Pick<TenderBid, 'bidId' | 'lines' | 'rank' | 'state'>[],
): AwardDraft[] {
  const ranked = bids.filter((b) => b.rank !== null && b.state !== 'invalid').sort((a, b) => a.rank! - b.rank!);
  return lines.flatMap((line) => {
    const best = ranked.find((b) => b.lines.some((l) => l.lineNo === line.lineNo));
    if (!best) return [];
    const offered = best.lines.find((l) => l.lineNo === line.lineNo)!;
    return [{ lineNo: line.lineNo, bidId: best.bidId, quantity: Math.min(offered.quantity, line.quantity) }];
  });
}
