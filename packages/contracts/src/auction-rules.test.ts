import { describe, expect, it } from 'vitest';
import { acceptableLimit, bidPriceProblem, bidQuantityProblem, onStep } from './auction-rules';

const terms = { base: 60_000, step: 1_000 };

describe('the price a bid may have now, mode by mode', () => {
  it('mode 1 (public, selling): the base first, then the best plus a step; on the grid upward', () => {
    expect(bidPriceProblem(1, terms, null, null, 60_000)).toBeNull();
    expect(bidPriceProblem(1, terms, 63_000, null, 63_000)).toBe('tooLow');
    expect(bidPriceProblem(1, terms, 63_000, null, 64_000)).toBeNull();
    expect(bidPriceProblem(1, terms, 63_000, null, 64_500)).toBe('offStep');
  });

  it('mode 2 (free, selling): from the own bid, whatever the best is', () => {
    expect(acceptableLimit(2, terms, 90_000, 62_000)).toBe(63_000);
    expect(bidPriceProblem(2, terms, 90_000, 62_000, 62_000)).toBe('tooLow');
    expect(bidPriceProblem(2, terms, null, null, 61_500)).toBe('offStep');
  });

  it('mode 4 (public, buying): counts down from the ceiling; below the base is on the grid, above is not', () => {
    expect(bidPriceProblem(4, terms, null, null, 61_000)).toBe('tooHigh');
    expect(bidPriceProblem(4, terms, 58_000, null, 57_000)).toBeNull();
    expect(bidPriceProblem(4, terms, 58_000, null, 56_500)).toBe('offStep');
    expect(onStep(4, 59_000, 60_000, 1_000)).toBe(true);
    expect(onStep(4, 61_000, 60_000, 1_000)).toBe(false);
  });

  it('mode 5 (free, buying): down from the own bid', () => {
    expect(acceptableLimit(5, terms, 40_000, 58_000)).toBe(57_000);
    expect(bidPriceProblem(5, terms, null, 58_000, 58_000)).toBe('tooHigh');
    expect(bidPriceProblem(5, terms, null, null, 50_000)).toBeNull();
  });

  it('mode 6 (volume-price): never below the base, the own price may stay; steps upward from the base', () => {
    expect(bidPriceProblem(6, terms, 70_000, 62_000, 62_000)).toBeNull();
    expect(bidPriceProblem(6, terms, null, 62_000, 61_000)).toBe('tooLow');
    expect(bidPriceProblem(6, terms, null, null, 60_500)).toBe('offStep');
    expect(onStep(6, 59_000, 60_000, 1_000)).toBe(false);
  });

  it('a mode 6 quantity: the minimum plus whole steps, at most the total', () => {
    const piece = { minMilli: 20_000, stepMilli: 10_000, totalMilli: 100_000 };
    expect(bidQuantityProblem(30_000, piece)).toBeNull();
    expect(bidQuantityProblem(10_000, piece)).toBe('belowMin');
    expect(bidQuantityProblem(25_000, piece)).toBe('offStep');
    expect(bidQuantityProblem(110_000, piece)).toBe('aboveTotal');
    expect(bidQuantityProblem(25_000, { ...piece, stepMilli: 0 })).toBeNull();
  });
});
