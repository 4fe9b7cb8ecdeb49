import { describe, expect, it } from 'vitest';
import { formatChange, formatDate, formatDateTime, formatNumber, formatPrice, formatQuantity, truncate } from './format';

describe('price display', () => {
  it('divides by 100 for type 1 and groups thousands', () => {
    expect(formatPrice(123456789)).toBe('￥1,234,567.89');
    expect(formatPrice(123456789, { type: 1, currency: 'CNY' })).toBe('￥1,234,567.89');
    expect(formatPrice(1234.5, { type: 0, currency: 'CNY' })).toBe('￥1,234.50');
    expect(formatPrice(0)).toBe('￥0.00');
  });

  it('puts $ before USD, HK$ before HKD and ￥ before anything else', () => {
    expect(formatPrice(12000, { currency: 'USD' })).toBe('$120.00');
    expect(formatPrice(98000, { currency: 'HKD' })).toBe('HK$980.00');
    expect(formatPrice(98000, { currency: 'EUR' })).toBe('￥980.00');
    expect(formatPrice(98000, { currency: null })).toBe('￥980.00');
  });

  it('shows **** for a hidden base price and - for none', () => {
    expect(formatPrice(86700, { hidden: true })).toBe('****');
    expect(formatPrice(null)).toBe('-');
    expect(formatPrice(undefined)).toBe('-');
  });
});

describe('quantities and numbers', () => {
  it('shows 3 decimals with separators and the unit', () => {
    expect(formatQuantity(1250)).toBe('1,250.000');
    expect(formatQuantity(1250.5, '吨')).toBe('1,250.500 吨');
    expect(formatQuantity(0.0005)).toBe('0.001');
    expect(formatQuantity(null, '吨')).toBe('-');
    expect(formatNumber(1234567.891, 1)).toBe('1,234,567.9');
    expect(formatNumber(Number.NaN)).toBe('-');
  });
});

describe('changes', () => {
  it('shows an up or down percentage with 2 decimals and an arrow', () => {
    expect(formatChange(1.254)).toEqual({ text: '↑ 1.25%', trend: 'up' });
    expect(formatChange(-0.5)).toEqual({ text: '↓ 0.50%', trend: 'down' });
    expect(formatChange(0)).toEqual({ text: '0.00%', trend: 'flat' });
    expect(formatChange(-0.001)).toEqual({ text: '0.00%', trend: 'flat' });
  });
});

describe('truncation', () => {
  it('cuts by characters and marks the cut', () => {
    expect(truncate('HBHG-ZB-20261121-000010-A', 22)).toBe('HBHG-ZB-20261121-00001…');
    expect(truncate('华北化工集团有限公司', 8)).toBe('华北化工集团有限…');
    expect(truncate('短名称', 8)).toBe('短名称');
    expect(truncate('𠮷𠮷𠮷', 2)).toBe('𠮷𠮷…');
    expect(truncate(null, 8)).toBe('');
  });
});

describe('dates', () => {
  it('formats in the local time zone and tolerates bad input', () => {
    const iso = new Date(2026, 3, 5, 9, 7).toISOString();
    expect(formatDate(iso)).toBe('2026-04-05');
    expect(formatDateTime(iso)).toBe('2026-04-05 09:07');
    expect(formatDate('nonsense')).toBe('');
    expect(formatDateTime(undefined)).toBe('');
  });
});
