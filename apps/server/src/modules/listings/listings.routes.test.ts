import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingDetail, ListingItem, ListingPage } from '@portal/contracts/listings';
import { createTestApp, envelope, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const URL = '/listing/ws/listing/portalSalePage';
const search = async (payload: Record<string, unknown>) => {
  const res = await t.app.inject({ method: 'POST', url: URL, payload });
  expect(res.statusCode, res.body).toBe(200);
  return envelope(res).data as ListingPage;
};

/** Every page of a search, checking that the pages agree with the total. */
async function allPages(payload: Record<string, unknown>): Promise<{ items: ListingItem[]; total: number }> {
  const first = await search({ ...payload, pageSize: 32, pageNo: 1 });
  const items = [...first.items];
  for (let pageNo = 2; (pageNo - 1) * 32 < first.totalItem; pageNo++) {
    const page = await search({ ...payload, pageSize: 32, pageNo });
    expect(page.totalItem).toBe(first.totalItem);
    items.push(...page.items);
  }
  expect(items.length).toBe(first.totalItem);
  expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
  return { items, total: first.totalItem };
}

/** The ids the database holds for a condition, counted independently of the search code. */
async function idsWhere(where: (row: Awaited<ReturnType<typeof rows>>[number]) => boolean): Promise<string[]> {
  return (await rows()).filter(where).map((r) => String(r.id));
}
const rows = () => t.database.db.selectFrom('listings').selectAll().execute();

const tableCounts = async () => {
  const db = t.database.db;
  const n = async (table: 'listings' | 'listing_skus' | 'listing_facets' | 'shops') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return [await n('listings'), await n('listing_skus'), await n('listing_facets'), await n('shops')];
};

describe('portalSalePage', () => {
  it('answers listings on the market, newest first, 8 a page, with a total that agrees with the rows', async () => {
    const page = await search({});
    expect(page.pageSize).toBe(8);
    expect(page.items).toHaveLength(8);
    expect(page.totalCapped).toBe(false);
    const expected = await idsWhere((r) => r.obj_state === 1);
    expect(page.totalItem).toBe(expected.length);
    const { items } = await allPages({});
    expect(items.map((i) => i.id).sort()).toEqual(expected.sort());
    const times = items.map((i) => i.publishTime);
    expect([...times].sort().reverse()).toEqual(times);
    const item = page.items[0]!;
    expect(item.picPath).toMatch(/^\/file\/download\?fileId=/);
    expect(item.skuList.length).toBeGreaterThan(0);
    expect(item.skuList[0]!.varietyUnit).toBe('吨');
    expect(item.singlePrice).toBeGreaterThan(0);
    expect(Number.isInteger(item.singlePrice)).toBe(true);
  });

  it('sorts by price and by time in both directions', async () => {
    for (const sortAsc of [0, 1]) {
      const byPrice = (await allPages({ sortField: 1, sortAsc })).items.map((i) => i.singlePrice);
      const sorted = [...byPrice].sort((a, b) => a - b);
      expect(byPrice).toEqual(sortAsc ? sorted : sorted.reverse());
      const byTime = (await allPages({ sortField: 2, sortAsc })).items.map((i) => i.publishTime);
      const timeSorted = [...byTime].sort();
      expect(byTime).toEqual(sortAsc ? timeSorted : timeSorted.reverse());
    }
  });

  it('filters by the variety tree at each of its three levels', async () => {
    for (const [code, column] of [
      ['COAL', 'variety_l1'],
      ['COAL-COKING', 'variety_l2'],
      ['UREA-AGRI-SMALL', 'variety_code'],
    ] as const) {
      const { items, total } = await allPages({ varietyCode: code });
      const expected = await idsWhere((r) => r.obj_state === 1 && r[column] === code);
      expect(total, code).toBe(expected.length);
      expect(total).toBeGreaterThan(0);
      expect(items.map((i) => i.id).sort()).toEqual(expected.sort());
    }
    expect((await search({ varietyCode: 'NO-SUCH' })).totalItem).toBe(0);
  });

  it('filters by market, listing type, direction, seller name, price and quantity, alone and together', async () => {
    const cases: [Record<string, unknown>, (r: Awaited<ReturnType<typeof rows>>[number]) => boolean][] = [
      [{ marketCode: 'M04' }, (r) => r.market_code === 'M04'],
      [{ listingType: 'D' }, (r) => r.listing_type === 'D'],
      [{ holdBs: 2 }, (r) => r.hold_bs === 2],
      [{ holdBs: 1 }, (r) => r.hold_bs === 1],
      [{ userName: '蒙泰' }, (r) => r.user_name.includes('蒙泰')],
      [{ minSinglePrice: 100000, maxSinglePrice: 250000 }, (r) => r.single_price >= 100000 && r.single_price <= 250000],
      [{ minObjListingNum: 1000, maxObjListingNum: 5000.5 }, (r) => r.surplus_milli >= 1_000_000 && r.surplus_milli <= 5_000_500],
      [
        { varietyCode: 'COAL', holdBs: 2, listingType: 'A', minSinglePrice: 80000 },
        (r) => r.variety_l1 === 'COAL' && r.hold_bs === 2 && r.listing_type === 'A' && r.single_price >= 80000,
      ],
    ];
    for (const [filter, where] of cases) {
      const { items, total } = await allPages(filter);
      const expected = await idsWhere((r) => r.obj_state === 1 && where(r));
      expect(total, JSON.stringify(filter)).toBe(expected.length);
      expect(total, JSON.stringify(filter)).toBeGreaterThan(0);
      expect(items.map((i) => i.id).sort()).toEqual(expected.sort());
    }
    expect((await search({ userName: '不存在的公司' })).totalItem).toBe(0);
  });

  it('shows sold-out listings on request and one seller for the store page', async () => {
    const soldOut = await allPages({ objState: 2 });
    expect(soldOut.total).toBeGreaterThan(0);
    expect(soldOut.items.every((i) => i.objState === 2 && i.surplusListingNum === 0)).toBe(true);
    const supplier = String(
      (await t.database.db.selectFrom('users').select('id').where('account', '=', 'supplier01').executeTakeFirstOrThrow()).id,
    );
    const store = await allPages({ shopUserId: supplier });
    expect(store.items.every((i) => i.userId === supplier)).toBe(true);
    expect(store.total).toBe((await idsWhere((r) => r.obj_state === 1 && String(r.seller_id) === supplier)).length);
    // supplier01 owns most listings.
    expect(store.total * 2).toBeGreaterThan((await search({})).totalItem);
  });

  it('answers an empty page past the end with the total, so the page can go back to page 1', async () => {
    const page = await search({ pageNo: 500, pageSize: 32 });
    expect(page.items).toEqual([]);
    expect(page.totalItem).toBeGreaterThan(0);
  });

  it('refuses malformed conditions with 400 naming the field, and writes nothing', async () => {
    const before = await tableCounts();
    const bad: [unknown, string][] = [
      [{ pageSize: 0 }, 'pageSize'],
      [{ pageSize: 51 }, 'pageSize'],
      [{ pageNo: 0 }, 'pageNo'],
      [{ sortField: 3 }, 'sortField'],
      [{ sortAsc: 2 }, 'sortAsc'],
      [{ minSinglePrice: 'cheap' }, 'minSinglePrice'],
      [{ minSinglePrice: -1 }, 'minSinglePrice'],
      [{ minSinglePrice: 10.5 }, 'minSinglePrice'],
      [{ minSinglePrice: 500, maxSinglePrice: 100 }, 'minSinglePrice'],
      [{ minObjListingNum: 9, maxObjListingNum: 1 }, 'minObjListingNum'],
      [{ userName: 'x'.repeat(31) }, 'userName'],
      [{ holdBs: 3 }, 'holdBs'],
      [{ listingType: 'Z' }, 'listingType'],
      [{ shopUserId: 'abc' }, 'shopUserId'],
      [{ surprise: 1 }, 'surprise'],
    ];
    for (const [payload, field] of bad) {
      const res = await t.app.inject({ method: 'POST', url: URL, payload: payload as object });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const body = envelope(res);
      expect(body.error_no).toBe('100001');
      expect(body.error_info, JSON.stringify(payload)).toContain(field);
      expect(res.body).not.toMatch(/select|sqlite|stack/i);
    }
    const broken = await t.app.inject({ method: 'POST', url: URL, headers: { 'content-type': 'application/json' }, payload: '{"pageNo":' });
    expect(broken.statusCode).toBe(400);
    expect(await tableCounts()).toEqual(before);
  });

  it('answers in the caller language', async () => {
    const res = await t.app.inject({ method: 'POST', url: URL, payload: { pageSize: 99 }, cookies: { lang: 'en-US' } });
    expect(envelope(res).error_info).toMatch(/^Invalid input: pageSize/);
  });
});

describe('listing facets', () => {
  it('keep the tag totals exact when listings change state or go away', async () => {
    const db = t.database.db;
    const before = (await search({ varietyCode: 'METH' })).totalItem;
    const victim = await db
      .selectFrom('listings')
      .select(['id'])
      .where('variety_l1', '=', 'METH')
      .where('obj_state', '=', 1)
      .executeTakeFirstOrThrow();
    await db.updateTable('listings').set({ obj_state: 2 }).where('id', '=', victim.id).execute();
    expect((await search({ varietyCode: 'METH' })).totalItem).toBe(before - 1);
    await db.updateTable('listings').set({ obj_state: 1 }).where('id', '=', victim.id).execute();
    expect((await search({ varietyCode: 'METH' })).totalItem).toBe(before);
    const facetSum = await db
      .selectFrom('listing_facets')
      .select((eb) => eb.fn.sum<number>('n').as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(facetSum.n)).toBe((await rows()).length);
  });
});

describe('portalListingDetail', () => {
  const DETAIL = '/listing/ws/listing/portalListingDetail';

  it('answers a listing with its SKUs and specifications, seller and terms', async () => {
    const code = (await search({ varietyCode: 'COAL-STEAM-5500', marketCode: 'M01' })).items[0]!.tradeListingCode;
    const res = await t.app.inject({ method: 'POST', url: DETAIL, payload: { tradeListingCode: code } });
    expect(res.statusCode).toBe(200);
    const detail = envelope(res).data as ListingDetail;
    expect(detail.tradeListingCode).toBe(code);
    expect(detail.varietyPath).toEqual(['煤炭', '动力煤', 'Q5500']);
    expect(detail.skuList[0]!.specs.find((s) => s.name === '低位发热量')?.value).toBe('5500 kcal/kg');
    expect(detail.seller.companyName).toBe(detail.userName);
    expect(detail.seller.shopLogo).toMatch(/^\/file\/download\?fileId=shop-logo-/);
    expect(detail.marketName).toBe('煤炭现货挂牌市场');
    expect(detail.deliveryPlace).not.toBe('');
  });

  it('carries the order step and the deposit share, so the order box checks what the server will', async () => {
    const row = await t.database.db
      .selectFrom('listings')
      .select(['trade_listing_code', 'step_milli', 'deposit_ratio'])
      .where('obj_state', '=', 1)
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('listings')
      .set({ step_milli: 2500, deposit_ratio: 15 })
      .where('trade_listing_code', '=', row.trade_listing_code)
      .execute();
    const res = await t.app.inject({ method: 'POST', url: DETAIL, payload: { tradeListingCode: row.trade_listing_code } });
    const detail = envelope(res).data as ListingDetail;
    expect(detail.objStepNum).toBe(2.5);
    expect(detail.depositRatio).toBe(15);
  });

  it('answers 404 for an unknown listing, for one in any state but on sale or sold out, and 400 for a bad code', async () => {
    const missing = await t.app.inject({ method: 'POST', url: DETAIL, payload: { tradeListingCode: 'GP0000' } });
    expect(missing.statusCode).toBe(404);
    expect(envelope(missing).error_no).toBe('100004');
    const withdrawn = await t.database.db
      .selectFrom('listings')
      .select('trade_listing_code')
      .where('obj_state', '=', 3)
      .executeTakeFirstOrThrow();
    const res = await t.app.inject({ method: 'POST', url: DETAIL, payload: { tradeListingCode: withdrawn.trade_listing_code } });
    expect(res.statusCode).toBe(404);
    // Draft, pending review, rejected, expired and suspended listings stay out of sight as well.
    for (const state of [0, 4, 5, 6, 7]) {
      await t.database.db
        .updateTable('listings')
        .set({ obj_state: state })
        .where('trade_listing_code', '=', withdrawn.trade_listing_code)
        .execute();
      const hidden = await t.app.inject({ method: 'POST', url: DETAIL, payload: { tradeListingCode: withdrawn.trade_listing_code } });
      expect(hidden.statusCode, `state ${state}`).toBe(404);
    }
    const bad = await t.app.inject({ method: 'POST', url: DETAIL, payload: { tradeListingCode: '' } });
    expect(bad.statusCode).toBe(400);
    expect(envelope(bad).error_info).toContain('tradeListingCode');
  });
});
