import { describe, expect, it } from 'vitest';
import { dayOf, dayStart, dayValue, lastDueDay, publishAt, removeOutliers, type Deal } from './methodology';

const deal = (unitCents: number, quantity = 1, at = '2026-03-10T02:00:00.000Z'): Deal => ({
  at,
  amount: unitCents * quantity,
  quantityMilli: quantity * 1000,
});

describe('the index methodology', () => {
  it('removes a deal beyond 3 median absolute deviations from the median, and nothing when the deviation is 0', () => {
    // Median 1010, deviations 20, 10, 0, 10, 2990: MAD 10, so only the price 4000 (299 MADs away) goes.
    const deals = [deal(990), deal(1000), deal(1010), deal(1020), deal(4000)];
    const { kept, removed } = removeOutliers(deals);
    expect(removed.map((d) => d.amount)).toEqual([4000]);
    expect(kept).toHaveLength(4);
    // 1040 is 3 MADs from 1010 exactly: kept (the rule removes only what is beyond).
    expect(removeOutliers([deal(990), deal(1000), deal(1010), deal(1020), deal(1040)]).removed).toEqual([]);
    // Three of five at one price: MAD 0, no spread to judge by, all kept.
    expect(removeOutliers([deal(1000), deal(1000), deal(1000), deal(1, 1), deal(9000)]).removed).toEqual([]);

    const value = dayValue(
      [
        deal(1000, 10, '2026-03-10T03:00:00Z'),
        deal(990, 30, '2026-03-10T01:00:00Z'),
        deal(1020, 20, '2026-03-10T05:00:00Z'),
        deal(4000, 1),
      ],
      null,
    )!;
    // Volume-weighted: (9900*3 ... ) = (990*30 + 1000*10 + 1020*20) / 60.
    expect(value).toMatchObject({
      index: Math.round((990 * 30 + 1000 * 10 + 1020 * 20) / 60),
      open: 990,
      close: 1020,
      high: 1020,
      low: 990,
    });
    expect(value).toMatchObject({ samples: 4, removed: 1, volumeMilli: 60_000, carried: false });
  });

  it('carries the previous value, marked, when fewer than 3 deals are kept; with nothing to carry there is no value', () => {
    expect(dayValue([deal(1000, 2), deal(1100, 1)], 987)).toEqual({
      index: 987,
      open: null,
      high: null,
      low: null,
      close: null,
      volumeMilli: 3000,
      amount: 3100,
      samples: 2,
      removed: 0,
      carried: true,
    });
    expect(dayValue([], 987)).toMatchObject({ index: 987, carried: true, samples: 0 });
    expect(dayValue([deal(1000)], null)).toBeNull();
  });

  it('counts days in China Standard Time and publishes a day at 00:30 of the next', () => {
    expect(dayOf(new Date('2026-03-10T15:59:59Z'))).toBe('2026-03-10');
    expect(dayOf(new Date('2026-03-10T16:00:00Z'))).toBe('2026-03-11');
    expect(dayStart('2026-03-11').toISOString()).toBe('2026-03-10T16:00:00.000Z');
    expect(publishAt('2026-03-10').toISOString()).toBe('2026-03-10T16:30:00.000Z');
    expect(lastDueDay(new Date('2026-03-10T16:30:00Z'))).toBe('2026-03-10');
    expect(lastDueDay(new Date('2026-03-10T16:29:59Z'))).toBe('2026-03-09');
  });
});
