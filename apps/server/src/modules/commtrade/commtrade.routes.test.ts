import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Market, RecommendedShop, ShopDetail, VarietyNode } from '@portal/contracts/commtrade';
import { ENUM_CLASS_NAMES } from '@portal/contracts/trade-constants';
import { createTestApp, envelope, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload?: unknown, lang?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    ...(lang ? { cookies: { lang } } : {}),
  });

const counts = async () => {
  const n = async (table: 'varieties' | 'markets' | 'shops') =>
    Number(
      (
        await t.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return [await n('varieties'), await n('markets'), await n('shops')];
};

describe('portalQueryVarietyTree', () => {
  it('answers the 3-level tree of the six commodities', async () => {
    const res = await post('/commtrade/ws/variety/portalQueryVarietyTree');
    expect(res.statusCode).toBe(200);
    const tree = envelope(res).data as VarietyNode[];
    expect(tree.map((n) => n.shortName)).toEqual(['煤炭', '尿素', '甲醇', '液氨', '复合肥', '精细化工']);
    expect(tree[0]!.children.map((n) => n.shortName)).toEqual(['动力煤', '炼焦煤', '无烟煤']);
    let leaves = 0;
    for (const root of tree) {
      expect(root.level).toBe(1);
      expect(root.parCode).toBe('');
      for (const branch of root.children) {
        expect(branch.parCode).toBe(root.code);
        expect(branch.children.length).toBeGreaterThan(0);
        for (const leaf of branch.children) {
          expect([leaf.level, leaf.parCode, leaf.children.length]).toEqual([3, branch.code, 0]);
          leaves++;
        }
      }
    }
    expect(leaves).toBeGreaterThanOrEqual(20);
  });
});

describe('queryMarketListByModeForCms', () => {
  it('answers the markets of one mode or of any of a list', async () => {
    const one = envelope(await post('/commtrade/ext/cb/queryMarketListByModeForCms', { objMode: 7 })).data as Market[];
    expect(one.length).toBeGreaterThan(0);
    expect(one.every((m) => m.objMode === 7)).toBe(true);
    const both = envelope(await post('/commtrade/ext/cb/queryMarketListByModeForCms', { objMode: [1, 7], currUserNo: '3' }))
      .data as Market[];
    expect(new Set(both.map((m) => m.objMode))).toEqual(new Set([1, 7]));
    expect(both.map((m) => m.marketId)).not.toContain('M09');
    expect(both.find((m) => m.marketId === 'M01')?.marketNameZh).toBe('煤炭现货挂牌市场');
  });

  it('refuses a malformed mode with 400 naming objMode, writing nothing', async () => {
    const before = await counts();
    for (const payload of [{ objMode: 'x' }, { objMode: [] }, {}, { objMode: 1, extra: true }]) {
      const res = await post('/commtrade/ext/cb/queryMarketListByModeForCms', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(envelope(res).error_info).toMatch(/objMode|extra/);
    }
    expect(await counts()).toEqual(before);
  });
});

describe('queryListingMoneyTypeList', () => {
  it('answers the currency of every market: CNY, USD and HKD', async () => {
    const rows = envelope(await post('/commtrade/comm/queryListingMoneyTypeList')).data as { marketCode: string; currency: string }[];
    expect(new Set(rows.map((r) => r.currency))).toEqual(new Set(['CNY', 'USD', 'HKD']));
    expect(rows.find((r) => r.marketCode === 'M04')?.currency).toBe('USD');
    expect(rows.find((r) => r.marketCode === 'M05')?.currency).toBe('HKD');
  });
});

describe('queryEnumValues', () => {
  it('answers every enumeration with labels in the caller language', async () => {
    for (const className of ENUM_CLASS_NAMES) {
      const rows = envelope(await post('/commtrade/comm/queryEnumValues', { className })).data as { value: string; label: string }[];
      expect(rows.length, className).toBeGreaterThan(1);
    }
    const zh = envelope(await post('/commtrade/comm/queryEnumValues', { className: 'AuctionMode' })).data;
    expect(zh).toEqual([
      { value: '1', label: '公开增价' },
      { value: '2', label: '自由竞价' },
      { value: '4', label: '公开降价' },
      { value: '5', label: '自由降价' },
      { value: '6', label: '量价组合' },
    ]);
    const en = envelope(await post('/commtrade/comm/queryEnumValues', { className: 'TransportWay' }, 'en-US')).data;
    expect(en).toEqual([
      { value: 'A', label: 'Train' },
      { value: 'B', label: 'Truck' },
    ]);
    const tw = envelope(await post('/commtrade/comm/queryEnumValues', { className: 'SpaceStatus' }, 'zh-TW')).data as { label: string }[];
    expect(tw.find((r) => r.label === '審核通過')).toBeTruthy();
    const tenders = envelope(await post('/commtrade/comm/queryEnumValues', { className: 'TenderState' })).data as { value: string }[];
    expect(tenders.map((r) => r.value)).toEqual(['2', '3', '4', '5', '6', '7']);
  });

  it('refuses an unknown class name with 400', async () => {
    const res = await post('/commtrade/comm/queryEnumValues', { className: 'Nope' });
    expect(res.statusCode).toBe(400);
    expect(envelope(res).error_info).toContain('className');
  });
});

describe('shops', () => {
  it('recommends suppliers with logos served by /file/download', async () => {
    const shops = envelope(await post('/commtrade/ws/shop/getRecommend')).data as RecommendedShop[];
    expect(shops.length).toBeGreaterThanOrEqual(4);
    expect(shops[0]!.companyName).toBe('山西晋煤能源有限公司');
    const logo = await t.app.inject({ method: 'GET', url: shops[0]!.shopLogo });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toContain('image/svg+xml');
  });

  it('answers one store with the number of its listings on the market', async () => {
    const supplier = await t.database.db.selectFrom('users').select('id').where('account', '=', 'supplier01').executeTakeFirstOrThrow();
    const res = await post('/commtrade/ws/shop/portalShopDetail', { userId: String(supplier.id) });
    expect(res.statusCode).toBe(200);
    const shop = envelope(res).data as ShopDetail;
    const onMarket = await t.database.db
      .selectFrom('listings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('seller_id', '=', supplier.id)
      .where('obj_state', '=', 1)
      .executeTakeFirstOrThrow();
    expect(shop.listingCount).toBe(Number(onMarket.n));
    expect(shop.introduction).toContain('山西晋煤能源有限公司');
    expect((await post('/commtrade/ws/shop/portalShopDetail', { userId: '999999' })).statusCode).toBe(404);
    const bad = await post('/commtrade/ws/shop/portalShopDetail', { userId: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(envelope(bad).error_info).toContain('userId');
  });
});
