import { describe, expect, it } from 'vitest';
import { centsOf } from './money-input';

describe('centsOf', () => {
  it('reads whole and decimal amounts exactly', () => {
    expect(centsOf('0.29')).toBe(29);
    expect(centsOf('1,234.5')).toBe(123450);
    expect(centsOf('100')).toBe(10000);
    expect(centsOf(19.99)).toBe(1999);
  });

  it('refuses more than two decimals, signs and text', () => {
    expect(centsOf('1.234')).toBeNull();
    expect(centsOf('-5')).toBeNull();
    expect(centsOf('abc')).toBeNull();
    expect(centsOf('')).toBeNull();
    expect(centsOf(null)).toBeNull();
  });
});
