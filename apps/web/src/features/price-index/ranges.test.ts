import { describe, expect, it } from 'vitest';
import type { PriceIndexDay } from '@portal/contracts/price-index';
import { daysInRange, monthsBefore, yuan } from './ranges';

const day = (date: string): PriceIndexDay => ({
  date,
  index: 100,
  open: null,
  high: null,
  low: null,
  close: null,
  volume: 0,
  samples: 0,
  removed: 0,
  carried: true,
  withheld: false,
  note: '',
  ruleVersion: 'v1',
});

describe('the price page ranges', () => {
  it('cuts 1 M, 3 M and 1 Y back from the last publication by calendar months, and keeps everything for all', () => {
    const days = ['2025-11-27', '2025-11-28', '2026-08-28', '2026-08-29', '2026-10-28', '2026-10-29', '2026-11-28'].map(day);
    expect(monthsBefore('2026-03-31', 1)).toBe('2026-03-03');
    expect(daysInRange(days, '1M').map((d) => d.date)).toEqual(['2026-10-29', '2026-11-28']);
    expect(daysInRange(days, '3M').map((d) => d.date)).toEqual(['2026-08-29', '2026-10-28', '2026-10-29', '2026-11-28']);
    expect(daysInRange(days, '1Y').map((d) => d.date)[0]).toBe('2026-08-28');
    expect(daysInRange(days, 'all')).toHaveLength(7);
    expect(daysInRange([], '1M')).toEqual([]);
    expect(yuan(123456)).toBe('1,234.56');
    expect(yuan(null)).toBe('-');
  });
});
