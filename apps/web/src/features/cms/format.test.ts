import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { cutText, formatChange, formatDate, formatIndexValue, formatShortDate, trendOf } from './format';

describe('content formats', () => {
  it('cuts titles at the given number of characters, counting Chinese characters as one', () => {
    const title = '华北化工集团有限公司2026年第二季度生产用动力煤（5500大卡）公开采购招标公告';
    expect(cutText(title, 32)).toBe(`${Array.from(title).slice(0, 32).join('')}…`);
    expect(cutText('短标题', 32)).toBe('短标题');
    expect(cutText('a'.repeat(32), 32)).toBe('a'.repeat(32));
  });

  it('shows index values with thousands separators and two decimals', () => {
    expect(formatIndexValue(2590)).toBe('2,590.00');
    expect(formatIndexValue(862.5)).toBe('862.50');
  });

  it('shows changes as signed percentages with two decimals', () => {
    expect(formatChange(1.294)).toBe('+1.29%');
    expect(formatChange(-2.16)).toBe('-2.16%');
    expect(formatChange(0)).toBe('0.00%');
    expect([trendOf(1), trendOf(-1), trendOf(0)]).toEqual(['up', 'down', 'flat']);
  });

  it('reads and shows dates as dayjs did', () => {
    const dates = [
      '2026-05-01',
      '2026-05-01 08:30:00',
      '2026-05-01T23:59:59.999',
      '2026-05-01T16:30:00Z',
      '2026-05-01T16:30:00+08:00',
      '2026/5/1',
      '20260501',
      '2026-12-31 00:00',
      'not a date',
      '',
    ];
    for (const iso of dates) {
      const d = dayjs(iso);
      expect(formatDate(iso)).toBe(d.isValid() ? d.format('YYYY-MM-DD') : '');
      expect(formatShortDate(iso)).toBe(d.isValid() ? d.format('MM-DD') : '');
    }
    expect(formatDate('2026-05-01 08:30:00')).toBe('2026-05-01');
    expect(formatShortDate('2026-05-01')).toBe('05-01');
    expect(formatDate(null as unknown as string)).toBe('');
  });
});
