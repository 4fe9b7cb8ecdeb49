import { describe, expect, it } from 'vitest';
import { amountOf, centsOf, centsText, depositOf, fromMilli, milliOf, orderQuantityProblem, toMilli } from './quantity';

describe('quantities and money in whole units', () => {
  it('reads typed numbers as text, never through a float product', () => {
    expect(centsOf('0.29')).toBe(29);
    expect(centsOf('1,234.5')).toBe(123_450);
    expect(centsOf('1.234')).toBeNull();
    expect(milliOf('12.345')).toBe(12_345);
    expect(milliOf('-1')).toBeNull();
    expect(toMilli(0.1 + 0.2)).toBe(300);
    expect(fromMilli(12_345)).toBe(12.345);
  });

  it('an amount is price x quantity rounded half up to a cent; a deposit its share, likewise', () => {
    expect(amountOf(1, 500)).toBe(1);
    expect(amountOf(1, 499)).toBe(0);
    expect(amountOf(333, 1_500)).toBe(500);
    expect(depositOf(1_005, 10)).toBe(101);
    expect(depositOf(1_004, 10)).toBe(100);
    expect(centsText(-123_405)).toBe('-1234.05');
  });
});

describe('the order quantity rule', () => {
  const terms = { minMilli: 10_000, stepMilli: 2_000, restMilli: 100_000 };

  it('at least the smallest order, plus whole steps, never more than is left', () => {
    expect(orderQuantityProblem(10_000, terms)).toBeNull();
    expect(orderQuantityProblem(14_000, terms)).toBeNull();
    expect(orderQuantityProblem(9_000, terms)).toBe('belowMin');
    expect(orderQuantityProblem(13_000, terms)).toBe('offStep');
    expect(orderQuantityProblem(13_000, { ...terms, stepMilli: 0 })).toBeNull();
    expect(orderQuantityProblem(100_001, terms)).toBe('aboveSurplus');
  });

  it('when less than the smallest order remains, the only order takes all of it; nothing left refuses all', () => {
    const rest = { ...terms, restMilli: 7_000 };
    expect(orderQuantityProblem(7_000, rest)).toBeNull();
    expect(orderQuantityProblem(5_000, rest)).toBe('onlyRest');
    expect(orderQuantityProblem(0, { ...terms, restMilli: 0 })).toBe('aboveSurplus');
  });
});
