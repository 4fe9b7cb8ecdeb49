import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createListingsRepo } from './listings.repo';
import type { ListingItem } from '@portal/contracts/listings';
import { createListingsService, type ListingCardPage } from './listings.service';
import { createPageAnchors } from './page-anchors';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Many equal prices and times make the id tie-breaker matter.
  const db = t.database.db;
  const template = await db.selectFrom('listings').selectAll().where('obj_state', '=', 1).executeTakeFirstOrThrow();
  const { id: _id, ...rest } = template;
  const extra = Array.from({ length: 400 }, (_, i) => ({
    ...rest,
    trade_listing_code: `GPTEST${String(i).padStart(5, '0')}`,
    single_price: 100000 + (i % 7) * 100,
    publish_time: new Date(Date.UTC(2026, 0, 1 + (i % 13))).toISOString(),
  }));
  for (let i = 0; i < extra.length; i += 100)
    await db
      .insertInto('listings')
      .values(extra.slice(i, i + 100))
      .execute();
});
afterAll(async () => {
  await t.close();
});

/** A page's listings as the answer carries them. */
const itemsOf = (page: ListingCardPage) => JSON.parse(`[${page.cards?.toString() ?? ''}]`) as ListingItem[];

const base = { sortField: 2 as const, sortAsc: 0 as const, pageNo: 1, pageSize: 9 };

describe('listing pages through remembered positions', () => {
  it('answer exactly the rows plain offsets answer, for every page, order and direction', async () => {
    const repo = createListingsRepo(t.database.db, t.database.dialect);
    // A tiny block makes nearly every page go through remembered keys and the reversed path.
    const service = createListingsService({ repo, anchors: createPageAnchors({ block: 5, maxStreams: 10, ttlMs: 60_000 }) });
    for (const [sortField, column] of [
      [1, 'single_price'],
      [2, 'publish_time'],
    ] as const) {
      for (const sortAsc of [0, 1] as const) {
        const dir = sortAsc ? 'asc' : 'desc';
        const expected = (
          await t.database.db
            .selectFrom('listings')
            .select('id')
            .where('obj_state', '=', 1)
            .orderBy(column, dir)
            .orderBy('id', dir)
            .execute()
        ).map((r) => String(r.id));
        const seen: string[] = [];
        // Jump around: deep pages first, then the rest, so positions are learnt out of order.
        const pages = Math.ceil(expected.length / base.pageSize);
        const order = [pages, Math.ceil(pages / 2), 3, ...Array.from({ length: pages }, (_, i) => i + 1)];
        for (const pageNo of order) {
          const page = await service.search({ ...base, sortField, sortAsc, pageNo });
          expect(page.totalItem).toBe(expected.length);
          const want = expected.slice((pageNo - 1) * base.pageSize, pageNo * base.pageSize);
          expect(
            itemsOf(page).map((i) => i.id),
            `${column} ${dir} page ${pageNo}`,
          ).toEqual(want);
          if (seen.length < expected.length && pageNo === seen.length / base.pageSize + 1) seen.push(...want);
        }
        expect(seen).toEqual(expected);
      }
    }
  });

  it('answer each search with its own values when the query its shape prepared is reused', async () => {
    const shared = createListingsRepo(t.database.db, t.database.dialect);
    const order = { column: 'single_price' as const, asc: true };
    const searches = [
      { objState: 1, minPrice: 100000, maxPrice: 100200 },
      { objState: 1, minPrice: 100300, maxPrice: 100600 },
      { objState: 1, userNameLike: 'a' },
      { objState: 1, userNameLike: 'co' },
      { objState: 1, sellerIds: [1, 2] },
      { objState: 1, sellerIds: [3, 4] },
    ];
    for (const f of searches) {
      // A repo of its own compiles the query afresh for these values.
      const fresh = createListingsRepo(t.database.db, t.database.dialect);
      expect(await shared.page(f, order, null, 0, 50, order)).toEqual(await fresh.page(f, order, null, 0, 50, order));
      expect(await shared.boundedCount(f, 30)).toBe(await fresh.boundedCount(f, 30));
      expect(await shared.pageWithTotal(f, 30, order, null, 2, 5, order)).toEqual(
        await fresh.pageWithTotal(f, 30, order, null, 2, 5, order),
      );
    }
    expect(new Set(await Promise.all(searches.map((f) => shared.boundedCount(f, 1000)))).size).toBeGreaterThan(1);
  });

  it('gives the total with a page past the end, which has no cards', async () => {
    const repo = createListingsRepo(t.database.db, t.database.dialect);
    const order = { column: 'publish_time' as const, asc: false };
    const f = { objState: 1 };
    const total = await repo.facetTotal(f);
    expect(total).toBeGreaterThan(0);
    expect(await repo.pageWithTotal(f, null, order, null, total + 10, 5, order)).toEqual({ total, cards: null });
    const counted = await repo.boundedCount({ objState: 1, minPrice: 0 }, 30);
    expect(await repo.pageWithTotal({ objState: 1, minPrice: 0 }, 30, order, null, 100000, 5, order)).toEqual({
      total: counted,
      cards: null,
    });
    // And on a page with cards, the same total comes beside them.
    expect((await repo.pageWithTotal(f, null, order, null, 0, 5, order)).total).toBe(total);
  });

  it('stops counting at the cap when a price filter is set, and says so', async () => {
    const repo = createListingsRepo(t.database.db, t.database.dialect);
    const service = createListingsService({ repo, countCap: 60 });
    const capped = await service.search({ ...base, minSinglePrice: 0 });
    expect(capped.totalItem).toBe(60);
    expect(capped.totalCapped).toBe(true);
    expect(itemsOf(capped)).toHaveLength(base.pageSize);
    const narrow = await service.search({ ...base, minSinglePrice: 100600, maxSinglePrice: 100600, pageSize: 50 });
    expect(narrow.totalCapped).toBe(false);
    expect(itemsOf(narrow).every((i) => i.singlePrice === 100600)).toBe(true);
    // Asked again, the count and the page come from one statement: the same answers.
    expect(await service.search({ ...base, minSinglePrice: 0 })).toEqual(capped);
    expect(await service.search({ ...base, minSinglePrice: 100600, maxSinglePrice: 100600, pageSize: 50 })).toEqual(narrow);
    const exact = await t.database.db
      .selectFrom('listings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('obj_state', '=', 1)
      .where('single_price', '=', 100600)
      .executeTakeFirstOrThrow();
    expect(narrow.totalItem).toBe(Number(exact.n));
  });
});

describe('listing pages while the market changes', () => {
  it('answer the current rows and total when listings were added since the total the service remembers', async () => {
    const db = t.database.db;
    const service = createListingsService({ repo: createListingsRepo(db, t.database.dialect) });
    const newestFirst = async () =>
      (
        await db
          .selectFrom('listings')
          .select('id')
          .where('obj_state', '=', 1)
          .orderBy('publish_time', 'desc')
          .orderBy('id', 'desc')
          .execute()
      ).map((r) => String(r.id));
    const before = await newestFirst();
    // Past the middle: this page is read from the oldest end, planned with the remembered total.
    const pageNo = Math.ceil(before.length / base.pageSize) - 1;
    const slice = (ids: string[]) => ids.slice((pageNo - 1) * base.pageSize, pageNo * base.pageSize);
    expect(itemsOf(await service.search({ ...base, pageNo })).map((i) => i.id)).toEqual(slice(before));

    const template = await db.selectFrom('listings').selectAll().where('obj_state', '=', 1).executeTakeFirstOrThrow();
    const { id: _id, ...rest } = template;
    const added = await db
      .insertInto('listings')
      .values(
        [1, 2, 3].map((i) => ({ ...rest, trade_listing_code: `GPNEW${i}`, publish_time: new Date(Date.UTC(2027, 0, i)).toISOString() })),
      )
      .returning('id')
      .execute();
    try {
      const after = await newestFirst();
      const page = await service.search({ ...base, pageNo });
      expect(page.totalItem).toBe(after.length);
      expect(itemsOf(page).map((i) => i.id)).toEqual(slice(after));
    } finally {
      await db
        .deleteFrom('listings')
        .where(
          'id',
          'in',
          added.map((r) => r.id),
        )
        .execute();
    }
  });
});

describe('page anchors', () => {
  it('give the nearest remembered position, expire, and forget the least recently used streams', () => {
    let clock = 0;
    const anchors = createPageAnchors({ block: 10, maxStreams: 2, ttlMs: 100, now: () => clock });
    expect(anchors.nearest('a', 35)).toEqual({ position: 0, key: null });
    anchors.remember('a', 9, { value: 'x', id: 1 });
    anchors.remember('a', 19, { value: 'y', id: 2 });
    expect(anchors.nearest('a', 35)).toEqual({ position: 20, key: { value: 'y', id: 2 } });
    expect(anchors.nearest('a', 15)).toEqual({ position: 10, key: { value: 'x', id: 1 } });
    anchors.remember('a', 5, { value: 'ignored', id: 3 });
    expect(anchors.nearest('a', 9)).toEqual({ position: 0, key: null });
    anchors.remember('b', 9, { value: 'b', id: 4 });
    anchors.nearest('a', 12);
    anchors.remember('c', 9, { value: 'c', id: 5 });
    expect(anchors.nearest('b', 12).key).toBeNull();
    expect(anchors.nearest('a', 12).key).not.toBeNull();
    anchors.rememberTotal('a', { n: 42, capped: false });
    expect(anchors.totalOf('a')).toEqual({ n: 42, capped: false });
    expect(anchors.totalOf('b')).toBeUndefined();
    clock = 101;
    expect(anchors.nearest('a', 12).key).toBeNull();
    expect(anchors.totalOf('a')).toBeUndefined();
  });
});
