import { describe, expect, it } from 'vitest';
import { closeReasonWords, combinedScore, linesTotal, lowestTotal, priceScoreOf, tooFewBidsReason } from './tender-rules';

describe('tender scores and totals', () => {
  it('a total sums each line rounded to a cent', () => {
    expect(
      linesTotal([
        { unitPrice: 333, quantityMilli: 1_500 },
        { unitPrice: 1, quantityMilli: 499 },
      ]),
    ).toBe(500);
  });

  it('the lowest positive total scores 100 on price, others lowest/total x 100', () => {
    const lowest = lowestTotal([0, 30_000, 40_000]);
    expect(lowest).toBe(30_000);
    expect(priceScoreOf(30_000, lowest)).toBe(100);
    expect(priceScoreOf(40_000, lowest)).toBe(75);
    expect(priceScoreOf(0, lowest)).toBe(0);
    expect(lowestTotal([0])).toBe(0);
  });

  it('scoring weighs the price score by its weight and the technical score by the rest', () => {
    expect(combinedScore('scoring', 75, 90, 60)).toBe(81);
    expect(combinedScore('scoring', 75, null, null)).toBe(75);
    expect(combinedScore('lowest', 75, 90, 60)).toBe(75);
  });
});

describe("a tender's close reason for its reader", () => {
  it("puts the platform's own reason into each language and leaves a buyer's reason as written", () => {
    expect(closeReasonWords(tooFewBidsReason(0, 3), 'zh-CN')).toBe('有效投标 0 份，少于最少 3 份');
    expect(closeReasonWords(tooFewBidsReason(2, 3), 'en-US')).toBe('only 2 valid bids, fewer than the minimum of 3');
    expect(closeReasonWords(tooFewBidsReason(2, 3), 'zh-TW')).toBe('有效投標 2 份，少於最少 3 份');
    // What earlier servers stored, in Chinese, reads the same way.
    expect(closeReasonWords('有效投标 2 份，少于最少 3 份 (2 < 3)', 'en-US')).toBe('only 2 valid bids, fewer than the minimum of 3');
    expect(closeReasonWords('采购计划调整', 'en-US')).toBe('采购计划调整');
  });
});
