import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuctionDetail, AuctionPage, AuctionSpace } from '@portal/contracts/auctions';
import { createTestApp, envelope, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const URL = '/auction/ws/auctionSpaceInfo/buyerPageNoLogin';
const page = async (payload: Record<string, unknown>) => {
  const res = await t.app.inject({ method: 'POST', url: URL, payload });
  expect(res.statusCode, res.body).toBe(200);
  return envelope(res).data as AuctionPage;
};
const all = async (payload: Record<string, unknown>): Promise<AuctionSpace[]> => {
  const first = await page({ ...payload, pageSize: 50 });
  expect(first.items.length).toBe(first.totalItem);
  return first.items;
};

describe('buyerPageNoLogin', () => {
  it('answers only spaces in status 2, 4, 7 or 8, 8 a page, with totals that agree with the rows', async () => {
    const spaces = await t.database.db.selectFrom('auction_spaces').select(['id', 'space_status']).execute();
    // The demo data covers every space status.
    expect(new Set(spaces.map((s) => s.space_status))).toEqual(new Set([0, 1, 2, 3, 4, 5, 6, 7, 8]));
    const publicIds = spaces.filter((s) => [2, 4, 7, 8].includes(s.space_status)).map((s) => String(s.id));
    const first = await page({ pageNo: 1 });
    expect(first.pageSize).toBe(8);
    expect(first.items).toHaveLength(8);
    expect(first.totalItem).toBe(publicIds.length);
    const seen: string[] = [];
    for (let pageNo = 1; (pageNo - 1) * 8 < first.totalItem; pageNo++) seen.push(...(await page({ pageNo })).items.map((s) => s.spaceId));
    expect(seen.sort()).toEqual(publicIds.sort());
    const items = await all({});
    expect(items.every((s) => [2, 4, 7, 8].includes(s.spaceStatus))).toBe(true);
    expect(items.every((s) => s.itemList.length > 0)).toBe(true);
  });

  it('covers every trade status among the pieces and filters on it', async () => {
    const pieces = await t.database.db.selectFrom('auction_pieces').select('trade_status').execute();
    expect(new Set(pieces.map((p) => p.trade_status))).toEqual(new Set([0, 1, 2, 3, 4]));
    for (const tradeStatus of [0, 1, 2, 3, 4]) {
      const items = await all({ tradeStatus });
      expect(items.length, String(tradeStatus)).toBeGreaterThan(0);
      for (const space of items) {
        expect(space.itemList.some((p) => p.tradeStatus === tradeStatus)).toBe(true);
        expect(space.tradeStatus).toBe(tradeStatus);
      }
    }
  });

  it('filters by one public status and by auction mode', async () => {
    for (const spaceStatus of [2, 4, 7, 8]) {
      const items = await all({ spaceStatus });
      expect(items.length).toBeGreaterThan(0);
      expect(items.every((s) => s.spaceStatus === spaceStatus)).toBe(true);
    }
    for (const mode of [1, 2, 4, 5, 6]) {
      const items = await all({ spaceAuctionMode: mode });
      expect(items.every((s) => s.spaceAuctionMode === mode)).toBe(true);
    }
  });

  it('sorts by start time and by the lowest open base price in both directions', async () => {
    for (const dir of ['ASC', 'DESC'] as const) {
      const times = (await all({ timeSort: dir })).map((s) => s.auctionBeginTime);
      const sorted = [...times].sort();
      expect(times).toEqual(dir === 'ASC' ? sorted : sorted.reverse());
      const prices = (await all({ priceSort: dir })).map((s) => {
        const open = s.itemList.filter((p) => p.basePrice !== null).map((p) => p.basePrice!);
        return open.length ? Math.min(...open) : null;
      });
      const known = prices.filter((p): p is number => p !== null);
      const knownSorted = [...known].sort((a, b) => a - b);
      expect(known).toEqual(dir === 'ASC' ? knownSorted : knownSorted.reverse());
      // Spaces without an open price come last either way.
      expect(prices.slice(known.length).every((p) => p === null)).toBe(true);
    }
    const byDefault = (await all({ timeSort: '' })).map((s) => s.auctionBeginTime);
    expect(byDefault).toEqual([...byDefault].sort().reverse());
  });

  it('never sends a base price that is not open', async () => {
    const pieces = (await all({})).flatMap((s) => s.itemList);
    expect(pieces.some((p) => p.openBasePrice === 0)).toBe(true);
    for (const p of pieces) expect(p.basePrice === null).toBe(p.openBasePrice !== 1);
  });

  it('answers nothing for a status the public never sees, whichever form it is sent in', async () => {
    for (const spaceStatus of [0, '0', 1, 6, '6']) {
      const res = await t.app.inject({ method: 'POST', url: URL, payload: { spaceStatus } });
      expect(res.statusCode, String(spaceStatus)).toBe(200);
      expect(envelope(res).data, String(spaceStatus)).toMatchObject({ items: [], totalItem: 0 });
    }
  });

  it('refuses values outside the enumerations and other bad input with 400', async () => {
    const before = await t.database.db.selectFrom('auction_spaces').selectAll().execute();
    for (const [payload, field] of [
      [{ spaceStatus: 9 }, 'spaceStatus'],
      [{ spaceStatus: 'x' }, 'spaceStatus'],
      [{ spaceAuctionMode: 3 }, 'spaceAuctionMode'],
      [{ tradeStatus: 5 }, 'tradeStatus'],
      [{ timeSort: 'UP' }, 'timeSort'],
      [{ pageSize: 0 }, 'pageSize'],
      [{ pageNo: 'one' }, 'pageNo'],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: URL, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(envelope(res).error_info).toContain(field);
    }
    expect(await t.database.db.selectFrom('auction_spaces').selectAll().execute()).toEqual(before);
  });
});

describe('spaceDetailNoLogin', () => {
  it('answers a public space with its pieces and rules, and 404 for others', async () => {
    const spaces = await t.database.db.selectFrom('auction_spaces').select(['id', 'space_status']).orderBy('id').execute();
    const open = spaces.find((s) => s.space_status === 4)!;
    const res = await t.app.inject({
      method: 'POST',
      url: '/auction/ws/auctionSpaceInfo/spaceDetailNoLogin',
      payload: { spaceId: String(open.id) },
    });
    expect(res.statusCode).toBe(200);
    const detail = envelope(res).data as AuctionDetail;
    expect(detail.spaceStatus).toBe(4);
    expect(detail.itemList.length).toBeGreaterThan(0);
    expect(detail.deposit).toBeGreaterThan(0);
    expect(detail.description).not.toBe('');
    const hidden = spaces.find((s) => s.space_status === 1)!;
    for (const spaceId of [String(hidden.id), '999999']) {
      const missing = await t.app.inject({ method: 'POST', url: '/auction/ws/auctionSpaceInfo/spaceDetailNoLogin', payload: { spaceId } });
      expect(missing.statusCode).toBe(404);
      expect(envelope(missing).error_no).toBe('100004');
    }
    const bad = await t.app.inject({ method: 'POST', url: '/auction/ws/auctionSpaceInfo/spaceDetailNoLogin', payload: { spaceId: 'x' } });
    expect(bad.statusCode).toBe(400);
  });
});
