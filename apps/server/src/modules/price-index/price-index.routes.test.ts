import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cmsEndpoints, type PriceIndex } from '@portal/contracts/cms';
import { priceIndexEndpoints as ep, type PriceIndexDay, type PriceIndexSeries } from '@portal/contracts/price-index';
import { createTestApp, envelope, login, type TestApp } from '../../test/test-app';
import { addDays, dayStart, publishAt } from './methodology';
import { addDeal, independentDay, someListing } from './price-index-test-kit';

let t: TestApp;
let clock = new Date('2026-03-10T03:00:00.000Z');
let V = '';
let M = '';
let admin = '';
const D1 = '2026-03-10';

const at = (day: string, hours: number) => new Date(dayStart(day).getTime() + hours * 3_600_000).toISOString();
const rowsOf = (variety: string, market: string) =>
  t.database.db
    .selectFrom('price_index_days')
    .selectAll()
    .where('variety_code', '=', variety)
    .where('market_code', '=', market)
    .orderBy('day')
    .execute();
const series = async (query: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `${ep.series.path}?${query}`, headers });
/** Runs due jobs until none is left (a server's loop looks again at once while jobs are due). */
const runAll = async () => {
  let total = 0;
  for (let n = await t.app.live.scheduler.runDue(); n > 0; n = await t.app.live.scheduler.runDue()) total += n;
  return total;
};
const post = (path: string, payload: object, token = admin) => t.app.inject({ method: 'POST', url: path, payload, headers: { token } });

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  const listing = await someListing(t.database.db);
  V = listing.variety_code;
  M = listing.market_code;
  admin = (await login(t.app, 'admin', 'Admin@2026')).token;
});
afterAll(async () => t?.close());

describe('the daily price index', () => {
  it('publishes a day once its time has come, equal to the deals recomputed by an independent query', async () => {
    const { db } = t.database;
    const listing = await someListing(db);
    for (const [hours, cents, qty] of [
      [2, 100_000, 10],
      [5, 101_000, 20],
      [9, 102_000, 30],
      [13, 99_000, 40],
    ] as const)
      await addDeal(db, { variety: V, listingId: listing.id, at: at(D1, hours), unitCents: cents, quantity: qty });
    // A result's order (no market), an order never confirmed and one in another currency.
    await addDeal(db, { variety: V, listingId: null, at: at(D1, 3), unitCents: 100_500, quantity: 5 });
    await addDeal(db, { variety: V, listingId: listing.id, at: at(D1, 4), unitCents: 500_000, quantity: 5, state: 1 });
    await addDeal(db, { variety: V, listingId: null, at: at(D1, 4), unitCents: 20_000, quantity: 5, currency: 'USD' });

    await t.app.live.periodic.runNow('price-index-schedule');
    // A new installation starts with the last day already due (the day before, nothing traded).
    clock = new Date(publishAt(D1).getTime() - 1000);
    expect(await runAll()).toBe(1);
    expect(await rowsOf(V, '')).toEqual([]);

    clock = publishAt(D1);
    expect(await runAll()).toBe(1);
    const [all] = await rowsOf(V, '');
    const expected = await independentDay(db, t.database.dialect, V, dayStart(D1).toISOString(), dayStart(addDays(D1, 1)).toISOString());
    expect(expected.samples).toBe(5);
    expect({ index: Number(all!.index_value), samples: all!.samples, volumeMilli: Number(all!.volume_milli) }).toEqual(expected);
    expect(all).toMatchObject({ day: D1, removed: 0, carried: 0, rule_version: 'v1', withheld: 0 });
    expect([all!.open_price, all!.high_price, all!.low_price, all!.close_price].map(Number)).toEqual([100_000, 102_000, 99_000, 99_000]);
    // In the listing's market only the listing's four deals count.
    const [inMarket] = await rowsOf(V, M);
    expect(inMarket).toMatchObject({ samples: 4, volume_milli: expect.anything() });
    expect(Number(inMarket!.volume_milli)).toBe(100_000);
  });

  it('catches up the days missed while no server ran: outliers removed, too few deals carried and marked', async () => {
    const { db } = t.database;
    const listing = await someListing(db);
    const D2 = addDays(D1, 1);
    const D3 = addDays(D1, 2);
    const D4 = addDays(D1, 3);
    for (const [hours, cents] of [
      [1, 100_000],
      [2, 100_500],
      [3, 101_000],
      [4, 99_500],
      [5, 300_000],
    ] as const)
      await addDeal(db, { variety: V, listingId: listing.id, at: at(D2, hours), unitCents: cents, quantity: 10 });
    await addDeal(db, { variety: V, listingId: listing.id, at: at(D3, 1), unitCents: 150_000, quantity: 10 });

    // The servers were down from D2 to well after D4's publication time: one look catches up day by day.
    clock = new Date(publishAt(D4).getTime() + 3_600_000);
    expect(await runAll()).toBe(3);
    const days = await rowsOf(V, '');
    expect(days.map((d) => d.day)).toEqual([D1, D2, D3, D4]);
    const d2 = days[1]!;
    expect(d2).toMatchObject({ samples: 5, removed: 1, carried: 0 });
    expect(Number(d2.index_value)).toBe(Math.round((100_000 + 100_500 + 101_000 + 99_500) / 4));
    expect(Number(d2.high_price)).toBe(101_000);
    // One deal on D3, none on D4: D2's value is carried, marked, with the day's own counts.
    expect(days[2]).toMatchObject({ samples: 1, removed: 0, carried: 1, open_price: null });
    expect(Number(days[2]!.index_value)).toBe(Number(d2.index_value));
    expect(days[3]).toMatchObject({ samples: 0, carried: 1 });
    expect(Number(days[3]!.index_value)).toBe(Number(d2.index_value));
    // The chain goes on: the next day waits for its time.
    const next = await db
      .selectFrom('scheduled_jobs')
      .select(['key', 'state'])
      .where('kind', '=', 'price-index.publish')
      .where('state', '=', 'pending')
      .execute();
    expect(next).toEqual([{ key: addDays(D4, 1), state: 'pending' }]);
  });

  it('feeds the index as JSON and CSV with validators, and answers 304 to a cache that holds it', async () => {
    const json = await series(`varietyCode=${V}&from=${D1}&to=${addDays(D1, 2)}`);
    expect(json.statusCode).toBe(200);
    expect(json.headers['cache-control']).toBe('public, max-age=300');
    const answer = envelope(json).data as PriceIndexSeries;
    expect(answer).toMatchObject({ varietyCode: V, marketCode: '', currency: 'CNY' });
    expect(answer.days.map((d) => [d.date, d.samples, d.carried])).toEqual([
      [D1, 5, false],
      [addDays(D1, 1), 5, false],
      [addDays(D1, 2), 1, true],
    ]);
    const again = await series(`varietyCode=${V}&from=${D1}&to=${addDays(D1, 2)}`, { 'if-none-match': String(json.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const csv = await series(`varietyCode=${V}&marketCode=${M}&format=csv`);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[1]).toBe('date,index,open,high,low,close,volume,samples,removed,carried,withheld,note,ruleVersion');
    expect(lines[2]).toMatch(new RegExp(`^${D1},\\d+,100000,102000,99000,99000,100,4,0,false,false,,v1$`));
    const negotiated = await series(`varietyCode=${V}&marketCode=${M}`, { accept: 'text/csv' });
    expect(negotiated.body).toBe(csv.body);
    expect(negotiated.headers.etag).toBe(csv.headers.etag);
    expect(negotiated.headers.etag).not.toBe(json.headers.etag);

    expect(envelope(await series('varietyCode=nosuch')).error_code).toBeTruthy();
    // The API reference describes the feed: its path and what it takes.
    const doc = (await t.app.inject({ method: 'GET', url: '/api-docs/json' })).json() as {
      paths: Record<string, { get?: { parameters?: { name: string }[] } }>;
    };
    const feed = doc.paths[ep.series.path]?.get;
    expect(feed?.parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(['varietyCode', 'marketCode', 'from', 'to', 'format']));
    expect(doc.paths[ep.indices.path]?.get).toBeDefined();
    const bad = await series(`varietyCode=${V}&from=2026-13-01`);
    expect(bad.statusCode).toBe(400);
    expect(envelope(bad).error_info).toContain('from');
  });

  it('gives the portal the index from deals, and the operator-typed ones beside it, each saying where it comes from', async () => {
    const res = await t.app.inject({ method: 'GET', url: cmsEndpoints.priceIndices.path });
    const indices = envelope(res).data as PriceIndex[];
    const fromDeals = indices.find((i) => i.varietyCode === V)!;
    const d2 = (await rowsOf(V, '')).find((r) => r.day === addDays(D1, 1))!;
    expect(fromDeals).toMatchObject({
      source: 'deals',
      indexDate: addDays(D1, 3),
      priceIndex: Number(d2.index_value) / 100,
      comparedWithYesterday: 0,
    });
    const typed = indices.filter((i) => i.source === 'operator');
    expect(typed.length).toBeGreaterThan(0);
    expect(typed.every((i) => i.varietyCode === '' && i.goodsName !== fromDeals.goodsName)).toBe(true);
  });

  it('lets an operator annotate or withhold a value, never change it, each step in the operation log', async () => {
    const { db } = t.database;
    const D2 = addDays(D1, 1);
    const before = (await rowsOf(V, '')).find((r) => r.day === D2)!;
    const company = (await login(t.app, 'buyer01', 'Buyer@2026')).token;
    expect(envelope(await post(ep.annotate.path, { varietyCode: V, date: D2, note: 'x' }, company)).error_code).toBe('-106');
    const missing = await post(ep.withhold.path, { varietyCode: V, date: D2, reason: '  ' });
    expect(missing.statusCode).toBe(400);
    expect(envelope(missing).error_info).toContain('reason');

    const annotated = envelope(await post(ep.annotate.path, { varietyCode: V, date: D2, note: '一笔异常高价成交已按规则剔除' }))
      .data as PriceIndexDay;
    expect(annotated).toMatchObject({ note: '一笔异常高价成交已按规则剔除', index: Number(before.index_value), removed: 1 });
    const withheld = envelope(await post(ep.withhold.path, { varietyCode: V, date: D2, reason: '成交数据待核实' })).data as PriceIndexDay;
    expect(withheld).toMatchObject({ withheld: true, index: null, note: '成交数据待核实' });
    const feed = envelope(await series(`varietyCode=${V}&from=${D2}&to=${D2}`)).data as PriceIndexSeries;
    expect(feed.days[0]).toMatchObject({ withheld: true, index: null, open: null });
    // The stored value is the same; only the marks changed.
    const after = (await rowsOf(V, '')).find((r) => r.day === D2)!;
    expect({ ...after, note: before.note, withheld: 0, updated_at: before.updated_at }).toEqual(before);

    const log = await db
      .selectFrom('operation_log')
      .select(['action', 'resource', 'record_id', 'before_json', 'after_json', 'account'])
      .where('resource', '=', 'price-index')
      .where('action', 'in', ['annotate', 'withhold'])
      .orderBy('id')
      .execute();
    expect(log.map((l) => [l.action, l.record_id, l.account])).toEqual([
      ['annotate', `${V}//${D2}`, 'admin'],
      ['withhold', `${V}//${D2}`, 'admin'],
    ]);
    expect(JSON.parse(log[1]!.after_json!)).toEqual({ withheld: true, note: '成交数据待核实' });
    expect(envelope(await post(ep.annotate.path, { varietyCode: V, date: '2020-01-01', note: 'x' })).error_code).toBeTruthy();

    const page = envelope(await post(ep.operatorDays.path, { varietyCode: V, pageNo: 1, pageSize: 2 })).data as {
      rows: PriceIndexDay[];
      total: number;
    };
    expect(page.total).toBe(4);
    expect(page.rows.map((r) => r.date)).toEqual([addDays(D1, 3), addDays(D1, 2)]);
    await post(ep.withhold.path, { varietyCode: V, date: D2, reason: '已核实', withhold: false });
  });
});
