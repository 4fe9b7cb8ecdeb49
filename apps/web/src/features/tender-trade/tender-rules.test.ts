import { describe, expect, it } from 'vitest';
import { awardProblems, buyerActions, evaluationProblems, previewScores, suggestedAward, timeProblems } from './tender-rules';

const bid = (bidId: string, lines: [number, number][], rank: number | null = null) => ({
  bidId,
  rank,
  state: 'valid' as const,
  lines: lines.map(([lineNo, quantity]) => ({ lineNo, quantity, unitPrice: 100, deliveryDate: '2026-12-01' })),
});
const LINES = [
  { lineNo: 1, quantity: 100 },
  { lineNo: 2, quantity: 0.3 },
];

describe('buyerActions', () => {
  const base = { opening: null, evaluation: null, negotiation: null };
  it('edits and publishes a draft only; cancels up to bid close', () => {
    expect(buyerActions({ ...base, objState: 0 })).toMatchObject({ edit: true, publish: true, cancel: true, award: false });
    expect(buyerActions({ ...base, objState: 2 })).toMatchObject({ edit: false, publish: false, cancel: true });
    expect(buyerActions({ ...base, objState: 4 })).toMatchObject({ cancel: false, negotiate: true, award: true });
    expect(buyerActions({ ...base, objState: 6 })).toEqual({
      edit: false,
      publish: false,
      cancel: false,
      evaluate: false,
      negotiate: false,
      award: false,
    });
  });
  it('evaluates only once the opening is recorded', () => {
    expect(buyerActions({ ...base, objState: 3 }).evaluate).toBe(false);
    const opening = { time: '', bids: [], digest: 'x' };
    expect(buyerActions({ ...base, objState: 3, opening }).evaluate).toBe(true);
  });
  it('holds the award while a negotiation round runs, and allows one round only', () => {
    const open = { kind: 'finalQuote' as const, question: 'q', deadline: '', time: '', answerCount: 0, closed: false, answers: [] };
    expect(buyerActions({ ...base, objState: 4, negotiation: open })).toMatchObject({ award: false, negotiate: false });
    expect(buyerActions({ ...base, objState: 5, negotiation: { ...open, closed: true } })).toMatchObject({ award: true, negotiate: false });
  });
});

describe('timeProblems', () => {
  it('needs the end after the begin by at least the shortest period, and the opening not before the end', () => {
    expect(timeProblems(0, 60_000, 60_000)).toEqual([]);
    expect(timeProblems(0, 60_000, null)).toEqual([]);
    expect(timeProblems(60_000, 60_000, null)).toEqual(['endBeforeBegin']);
    expect(timeProblems(0, 9_000, null)).toEqual(['tooShort']);
    expect(timeProblems(0, 60_000, 59_999)).toEqual(['openBeforeEnd']);
  });
});

describe('evaluationProblems', () => {
  it('asks a reason for an invalid bid and a 0-100 technical score for a valid one under scoring', () => {
    const drafts = [
      { bidId: 'a', valid: true, technicalScore: 80 },
      { bidId: 'b', valid: false, reason: '  ' },
      { bidId: 'c', valid: true, technicalScore: null },
      { bidId: 'd', valid: true, technicalScore: 101 },
    ];
    expect(evaluationProblems(drafts, 'scoring', 1).problems).toEqual([
      { bidId: 'b', kind: 'reason' },
      { bidId: 'c', kind: 'score' },
      { bidId: 'd', kind: 'score' },
    ]);
    expect(evaluationProblems(drafts, 'lowest', 1).problems).toEqual([{ bidId: 'b', kind: 'reason' }]);
  });
  it('warns when fewer valid bids than the minimum remain', () => {
    const drafts = [
      { bidId: 'a', valid: true },
      { bidId: 'b', valid: false, reason: '资质不全' },
    ];
    expect(evaluationProblems(drafts, 'lowest', 2).failing).toBe(true);
    expect(evaluationProblems(drafts, 'lowest', 1).failing).toBe(false);
  });
});

describe('previewScores', () => {
  const totals = new Map([
    ['a', 10_000],
    ['b', 12_500],
    ['c', 20_000],
  ]);
  it('ranks by total under the lowest-price method, lowest = 100', () => {
    const drafts = ['a', 'b', 'c'].map((bidId) => ({ bidId, valid: true }));
    const scores = previewScores(drafts, totals, 'lowest', null);
    expect(scores.get('a')).toEqual({ priceScore: 100, score: 100, rank: 1 });
    expect(scores.get('b')).toEqual({ priceScore: 80, score: 80, rank: 2 });
    expect(scores.get('c')?.rank).toBe(3);
  });
  it('combines price and technical scores by the price weight, leaving invalid bids out', () => {
    const drafts = [
      { bidId: 'a', valid: true, technicalScore: 50 },
      { bidId: 'b', valid: true, technicalScore: 100 },
      { bidId: 'c', valid: false, reason: 'x' },
    ];
    const scores = previewScores(drafts, totals, 'scoring', 40);
    // a: 100×0.4 + 50×0.6 = 70; b: 80×0.4 + 100×0.6 = 92.
    expect(scores.get('b')).toEqual({ priceScore: 80, score: 92, rank: 1 });
    expect(scores.get('a')).toEqual({ priceScore: 100, score: 70, rank: 2 });
    expect(scores.has('c')).toBe(false);
  });
});

describe('awardProblems', () => {
  const bids = [
    bid('a', [
      [1, 60],
      [2, 0.3],
    ]),
    bid('b', [[1, 100]]),
  ];
  it('accepts a line split between two bids up to the line', () => {
    const drafts = [
      { lineNo: 1, bidId: 'a', quantity: 60 },
      { lineNo: 1, bidId: 'b', quantity: 40 },
      { lineNo: 2, bidId: 'a', quantity: 0.3 },
    ];
    expect(awardProblems(drafts, LINES, bids)).toEqual([]);
  });
  it('refuses a split whose sum exceeds the line, counting thousandths exactly', () => {
    const drafts = [
      { lineNo: 1, bidId: 'a', quantity: 60 },
      { lineNo: 1, bidId: 'b', quantity: 40.001 },
      { lineNo: 2, bidId: 'a', quantity: 0.1 },
      { lineNo: 2, bidId: 'a', quantity: 0.2 },
    ];
    expect(awardProblems(drafts, LINES, bids)).toEqual([
      { kind: 'duplicate', index: 3 },
      { kind: 'aboveLine', lineNo: 1, max: 100, sum: 100.001 },
    ]);
  });
  it('refuses more than the bid offered, a line the bid did not offer, and bad quantities', () => {
    const drafts = [
      { lineNo: 1, bidId: 'a', quantity: 61 },
      { lineNo: 2, bidId: 'b', quantity: 0.1 },
      { lineNo: 1, bidId: 'b', quantity: 0 },
      { lineNo: 1, bidId: 'b', quantity: 1.0005 },
    ];
    expect(awardProblems(drafts, LINES, bids)).toEqual([
      { kind: 'aboveBid', index: 0, max: 60 },
      { kind: 'notOffered', index: 1 },
      { kind: 'quantity', index: 2 },
      { kind: 'duplicate', index: 3 },
      { kind: 'quantity', index: 3 },
    ]);
  });
  it('needs at least one row', () => {
    expect(awardProblems([], LINES, bids)).toEqual([{ kind: 'none' }]);
  });
});

describe('suggestedAward', () => {
  it('gives each line to the best-ranked bid that offered it, no more than it offered', () => {
    const bids = [
      bid('b', [[1, 100]], 2),
      bid(
        'a',
        [
          [1, 60],
          [2, 0.3],
        ],
        1,
      ),
      { ...bid('x', [[1, 100]], null), state: 'invalid' as const },
    ];
    expect(suggestedAward(LINES, bids)).toEqual([
      { lineNo: 1, bidId: 'a', quantity: 60 },
      { lineNo: 2, bidId: 'a', quantity: 0.3 },
    ]);
  });
});
