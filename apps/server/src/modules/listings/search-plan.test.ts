import { describe, expect, it } from 'vitest';
import type { ListingOrder } from './listings.repo';
import { TAG_COLUMNS, boundedTotal, countsFirst, facetsCover, planRead, readsAgain, tagFilter, warmTargets } from './search-plan';

const byTime: ListingOrder = { column: 'publish_time', asc: false };

describe('facet coverage', () => {
  it('counts tag filters from the facet table and anything else row by row', () => {
    expect(facetsCover({ objState: 1 })).toBe(true);
    expect(facetsCover({ objState: 1, holdBs: 2, listingType: '1', marketCode: 'M', variety: { level: 2, code: 'V' } })).toBe(true);
    expect(facetsCover({ objState: 1, holdBs: undefined, minPrice: undefined })).toBe(true);
    for (const extra of [{ sellerIds: [1] }, { userNameLike: 'x' }, { minPrice: 1 }, { maxPrice: 1 }, { minMilli: 1 }, { maxMilli: 1 }]) {
      expect(facetsCover({ objState: 1, ...extra }), JSON.stringify(extra)).toBe(false);
    }
  });

  it('turns a value of every tag column into the filter the search builds for it', () => {
    expect(TAG_COLUMNS).toEqual(['hold_bs', 'listing_type', 'market_code', 'variety_l1', 'variety_l2', 'variety_code']);
    expect(tagFilter('hold_bs', '2', 1)).toEqual({ objState: 1, holdBs: 2 });
    expect(tagFilter('listing_type', 1, 1)).toEqual({ objState: 1, listingType: '1' });
    expect(tagFilter('market_code', 'COAL', 2)).toEqual({ objState: 2, marketCode: 'COAL' });
    expect(tagFilter('variety_l1', 'METH', 1)).toEqual({ objState: 1, variety: { level: 1, code: 'METH' } });
    expect(tagFilter('variety_l2', 'M2', 1)).toEqual({ objState: 1, variety: { level: 2, code: 'M2' } });
    expect(tagFilter('variety_code', 'M3', 1)).toEqual({ objState: 1, variety: { level: 3, code: 'M3' } });
    // Every tag stream is counted by the facet table.
    for (const column of TAG_COLUMNS) expect(facetsCover(tagFilter(column, '1', 1))).toBe(true);
  });
});

describe('bounded counts', () => {
  it('caps a row count past the cap and keeps a facet total exact at any size', () => {
    expect(boundedTotal(1001, false, 1000)).toEqual({ n: 1000, capped: true });
    expect(boundedTotal(1000, false, 1000)).toEqual({ n: 1000, capped: false });
    expect(boundedTotal(5000, true, 1000)).toEqual({ n: 5000, capped: false });
  });

  it('counts first only when nothing is known and the count decides the read', () => {
    expect(countsFirst(undefined, false, 0, 100)).toBe(true);
    expect(countsFirst(undefined, true, 100, 100)).toBe(true);
    expect(countsFirst(undefined, true, 99, 100)).toBe(false);
    expect(countsFirst({ n: 10, capped: false }, false, 500, 100)).toBe(false);
  });
});

describe('which index and which end a page is read from', () => {
  it('reads from the start when the total is unknown, and walks the index of the order when it is capped', () => {
    expect(planRead(byTime, 40, 20, undefined)).toEqual({ order: { ...byTime, steer: false }, skip: 40, take: 20, reversed: false });
    expect(planRead(byTime, 40, 20, { n: 1000, capped: true })).toEqual({
      order: { ...byTime, steer: true },
      skip: 40,
      take: 20,
      reversed: false,
    });
  });

  it('reads the first half from the start and the second half backwards from the end', () => {
    expect(planRead(byTime, 40, 20, { n: 100, capped: false })).toEqual({ order: byTime, skip: 40, take: 20, reversed: false });
    expect(planRead(byTime, 60, 20, { n: 100, capped: false })).toEqual({
      order: { ...byTime, asc: true },
      skip: 20,
      take: 20,
      reversed: true,
    });
    // The last, short page: the rows left, from the very end.
    expect(planRead(byTime, 90, 20, { n: 100, capped: false })).toEqual({
      order: { ...byTime, asc: true },
      skip: 0,
      take: 10,
      reversed: true,
    });
  });

  it('reads nothing past the end', () => {
    expect(planRead(byTime, 100, 20, { n: 100, capped: false })).toBeNull();
  });

  it('reads again rows read from the end when the total changed under them', () => {
    const reversed = planRead(byTime, 60, 20, { n: 100, capped: false })!;
    expect(readsAgain(reversed, { n: 100, capped: false }, { n: 100, capped: false })).toBe(false);
    expect(readsAgain(reversed, { n: 100, capped: false }, { n: 101, capped: false })).toBe(true);
    expect(readsAgain(reversed, { n: 100, capped: false }, { n: 100, capped: true })).toBe(true);
    const forward = planRead(byTime, 0, 20, { n: 100, capped: false })!;
    expect(readsAgain(forward, { n: 100, capped: false }, { n: 150, capped: false })).toBe(false);
  });
});

describe('streams warmed ahead of time', () => {
  it('walk to the middle of each long stream in all four orders and skip short ones', () => {
    const long = { f: { objState: 1 }, n: 1000 };
    const short = { f: { objState: 1, holdBs: 1 }, n: 200 };
    const targets = warmTargets([long, short], 100);
    expect(targets.map(({ order, offset }) => [order.column, order.asc, offset])).toEqual([
      ['publish_time', false, 500],
      ['publish_time', true, 500],
      ['single_price', false, 500],
      ['single_price', true, 500],
    ]);
    expect(targets.every(({ f }) => f === long.f)).toBe(true);
  });
});
