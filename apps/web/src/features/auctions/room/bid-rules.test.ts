import { describe, expect, it } from 'vitest';
import { acceptableNow, centsOf, milliOf, priceProblem, quantityProblem, stepped } from './bid-rules';

const base = { basePrice: 300_000, priceStep: 5_000, currentPrice: null, myPrice: null };

describe('the price a bidder may bid now', () => {
  it('public ascending: the base price first, then the best plus one step', () => {
    expect(acceptableNow({ ...base, mode: 1 })).toEqual({ kind: 'min', price: 300_000 });
    expect(acceptableNow({ ...base, mode: 1, currentPrice: 310_000, myPrice: 305_000 })).toEqual({ kind: 'min', price: 315_000 });
  });

  it('free bidding: each bidder raises its own bid, whatever others bid', () => {
    expect(acceptableNow({ ...base, mode: 2, currentPrice: 400_000 })).toEqual({ kind: 'min', price: 300_000 });
    expect(acceptableNow({ ...base, mode: 2, myPrice: 320_000 })).toEqual({ kind: 'min', price: 325_000 });
  });

  it('buy side counts down from the ceiling: public from the best, free from the own bid', () => {
    expect(acceptableNow({ ...base, mode: 4 })).toEqual({ kind: 'max', price: 300_000 });
    expect(acceptableNow({ ...base, mode: 4, currentPrice: 290_000 })).toEqual({ kind: 'max', price: 285_000 });
    expect(acceptableNow({ ...base, mode: 5, currentPrice: 200_000, myPrice: 280_000 })).toEqual({ kind: 'max', price: 275_000 });
  });

  it('volume-price: never below the base price, and the own price may stay (the quantity changes)', () => {
    expect(acceptableNow({ ...base, mode: 6 })).toEqual({ kind: 'min', price: 300_000 });
    expect(acceptableNow({ ...base, mode: 6, myPrice: 340_000 })).toEqual({ kind: 'min', price: 340_000 });
  });
});

describe('why a typed price would be refused', () => {
  it('names the side of the limit it misses', () => {
    expect(priceProblem({ ...base, mode: 1, currentPrice: 310_000 }, 310_000)).toBe('tooLow');
    expect(priceProblem({ ...base, mode: 4, currentPrice: 290_000 }, 290_000)).toBe('tooHigh');
  });

  it('keeps prices on the step grid from the base price', () => {
    expect(priceProblem({ ...base, mode: 1 }, 302_500)).toBe('offStep');
    expect(priceProblem({ ...base, mode: 4 }, 297_500)).toBe('offStep');
    expect(priceProblem({ ...base, mode: 1, currentPrice: 310_000 }, 330_000)).toBeNull();
    expect(priceProblem({ ...base, mode: 5 }, 250_000)).toBeNull();
  });
});

describe('steps and quantities', () => {
  it('a step is better for the owner: up when selling, down when buying', () => {
    expect(stepped(1, 300_000, 2, 5_000)).toBe(310_000);
    expect(stepped(5, 300_000, 2, 5_000)).toBe(290_000);
  });

  it('a mode 6 quantity is the minimum plus whole steps, at most the total', () => {
    const rule = { min: 10_000, step: 5_000, max: 100_000 };
    expect(quantityProblem(rule, 5_000)).toBe('belowMin');
    expect(quantityProblem(rule, 12_000)).toBe('offStep');
    expect(quantityProblem(rule, 105_000)).toBe('aboveTotal');
    expect(quantityProblem(rule, 25_000)).toBeNull();
    expect(quantityProblem({ ...rule, step: 0 }, 12_345)).toBeNull();
  });

  it('reads quantities as text into thousandths', () => {
    expect(milliOf('12.5')).toBe(12_500);
    expect(milliOf('0.001')).toBe(1);
    expect(milliOf(3)).toBe(3_000);
    expect(milliOf('1.2345')).toBeNull();
    expect(milliOf('-1')).toBeNull();
    expect(milliOf('')).toBeNull();
  });
});

describe('amounts typed by a person', () => {
  it('reads cents as text, with separators, never through a float product', () => {
    expect(centsOf('0.29')).toBe(29);
    expect(centsOf('1,234.5')).toBe(123_450);
    expect(centsOf('12.345')).toBeNull();
    expect(centsOf('abc')).toBeNull();
  });
});
