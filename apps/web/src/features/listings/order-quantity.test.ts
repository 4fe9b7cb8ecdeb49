import { describe, expect, it } from 'vitest';
import { initialQuantity, nearestValid, quantityProblem } from './order-quantity';

const terms = { objMinNum: 10, objStepNum: 2.5, surplusListingNum: 100 };

describe('the order quantity rule', () => {
  it('accepts the smallest order and the smallest order plus whole steps', () => {
    expect(quantityProblem(10, terms)).toBeNull();
    expect(quantityProblem(12.5, terms)).toBeNull();
    expect(quantityProblem(100, terms)).toBeNull();
  });

  it('refuses nothing, zero and more than three decimals', () => {
    expect(quantityProblem(null, terms)).toBe('required');
    expect(quantityProblem(0, terms)).toBe('required');
    expect(quantityProblem(10.0001, { ...terms, objStepNum: 0 })).toBe('decimals');
  });

  it('refuses below the minimum, off the step and above what is left', () => {
    expect(quantityProblem(9.999, terms)).toBe('belowMin');
    expect(quantityProblem(11, terms)).toBe('offStep');
    expect(quantityProblem(102.5, terms)).toBe('aboveSurplus');
  });

  it('counts steps in thousandths, so 0.1 + 0.2 style sums are exact', () => {
    const fine = { objMinNum: 0.1, objStepNum: 0.2, surplusListingNum: 5 };
    expect(quantityProblem(0.3, fine)).toBeNull();
    expect(quantityProblem(0.7, fine)).toBeNull();
    expect(quantityProblem(0.4, fine)).toBe('offStep');
  });

  it('takes any quantity above the minimum when the listing has no step', () => {
    expect(quantityProblem(10.123, { objMinNum: 10, surplusListingNum: 20 })).toBeNull();
  });

  it('lets the last order take exactly what is left when less than the minimum remains', () => {
    const rest = { objMinNum: 10, objStepNum: 5, surplusListingNum: 3.5 };
    expect(quantityProblem(3.5, rest)).toBeNull();
    expect(quantityProblem(3, rest)).toBe('onlyRest');
    expect(initialQuantity(rest)).toBe(3.5);
    expect(initialQuantity(terms)).toBe(10);
  });

  it('suggests the valid quantities either side of an off-step one, within what is left', () => {
    expect(nearestValid(11, terms)).toEqual([10, 12.5]);
    expect(nearestValid(99, terms)).toEqual([97.5, 100]);
    expect(nearestValid(11, { objMinNum: 10, surplusListingNum: 20 })).toEqual([]);
  });
});
