import zlib from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { friendLinksResource } from '@portal/contracts/admin-content';
import type { ListingPage } from '@portal/contracts/listings';
import { createTestApp, envelope, login, type TestApp } from '../test/test-app';
import { createPublicCache } from './public-cache';
import { canRunTwoServers, startTwoServers, type TwoServers } from '../test/two-servers';

const SEARCH = '/listing/ws/listing/portalSalePage';
const search = { pageNo: 1, pageSize: 8, sortField: 2, sortAsc: 0 };

async function firstPage(app: FastifyInstance, headers: Record<string, string> = {}, body: object = search) {
  const res = await app.inject({ method: 'POST', url: SEARCH, payload: body, headers });
  return { res, page: envelope(res).data as ListingPage };
}

/** Changes a listing's price behind the app's back, as another server's write would. */
async function setPrice(t: TestApp, id: string, cents: number) {
  await t.database.db.updateTable('listings').set({ single_price: cents }).where('id', '=', Number(id)).execute();
}

describe('public answers kept for visitors', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PORTAL_CACHE: 'on' });
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => t.app.publicCache?.clear());

  it('answers a repeated search from the copy until a change event clears it', async () => {
    const before = await firstPage(t.app);
    const item = before.page.items[0]!;
    await setPrice(t, item.id, item.singlePrice + 100);
    // The same search, and the same search spelled differently (defaults written out), both kept.
    expect((await firstPage(t.app)).page.items[0]!.singlePrice).toBe(item.singlePrice);
    expect((await firstPage(t.app)).res.headers.etag).toBe(before.res.headers.etag);
    // A change through the write path: its event clears the copy.
    await t.app.live.writes.write({ actorUserId: null, action: 'test', target: `listing:${item.id}` }, async (trx, emit) => {
      await trx
        .updateTable('listings')
        .set({ single_price: item.singlePrice + 200 })
        .where('id', '=', Number(item.id))
        .execute();
      emit({ topic: 'listing', key: item.tradeListingCode, action: 'updated' });
    });
    const after = await firstPage(t.app);
    expect(after.page.items[0]!.singlePrice).toBe(item.singlePrice + 200);
    expect(after.res.headers.etag).not.toBe(before.res.headers.etag);
    await setPrice(t, item.id, item.singlePrice);
  });

  it('is not cleared by changes no public answer shows (messages, deposits)', async () => {
    const before = await firstPage(t.app);
    const item = before.page.items[0]!;
    await setPrice(t, item.id, item.singlePrice + 1);
    t.app.live.events.publish({ topic: 'message', key: '1', action: 'sent', userIds: [1] });
    t.app.live.events.publish({ topic: 'deposit', key: '1', action: 'credited', companyIds: [1] });
    expect((await firstPage(t.app)).page.items[0]!.singlePrice).toBe(item.singlePrice);
    t.app.live.events.publish({ topic: 'tender', key: '1', action: 'published' });
    expect((await firstPage(t.app)).page.items[0]!.singlePrice).toBe(item.singlePrice + 1);
    await setPrice(t, item.id, item.singlePrice);
  });

  it('keeps one copy for the spellings of one request and one per language', async () => {
    await firstPage(t.app);
    const size = t.app.publicCache!.size();
    // The contract's defaults, and the order of the keys, make these the same search.
    await firstPage(t.app, {}, { pageSize: 8 });
    await firstPage(t.app, {}, { sortAsc: 0, pageSize: 8, pageNo: 1, sortField: 2 });
    expect(t.app.publicCache!.size()).toBe(size);
    await firstPage(t.app, { cookie: 'lang=en-US' });
    expect(t.app.publicCache!.size()).toBe(size + 1);
  });

  it('never answers a signed-in caller from the copy, nor keeps what one was answered', async () => {
    const buyer = await login(t.app, 'buyer01', 'Buyer@2026');
    const mine = await firstPage(t.app, { token: buyer.token });
    expect(mine.res.headers.etag).toBeUndefined();
    expect(t.app.publicCache!.size()).toBe(0);
    const item = (await firstPage(t.app)).page.items[0]!;
    await setPrice(t, item.id, item.singlePrice + 300);
    expect((await firstPage(t.app, { token: buyer.token })).page.items[0]!.singlePrice).toBe(item.singlePrice + 300);
    expect((await firstPage(t.app)).page.items[0]!.singlePrice).toBe(item.singlePrice);
    await setPrice(t, item.id, item.singlePrice);
  });

  it('answers 304 to a GET naming the copy it has, and the new answer once it changed', async () => {
    const id = (await t.database.db.selectFrom('cms_articles').select('id').executeTakeFirstOrThrow()).id;
    const url = `/cms/api/portal/cms/content/news/get?news_id=${id}`;
    const first = await t.app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    await t.database.db.updateTable('cms_articles').set({ title: 'Changed title' }).where('id', '=', id).execute();
    t.app.live.events.publish({ topic: 'cms', key: String(id), action: 'updated' });
    const changed = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(JSON.stringify(changed.json())).toContain('Changed title');
  });

  it('sends kept answers compressed as the client accepts, small ones as they are', async () => {
    const plain = await t.app.inject({ method: 'POST', url: SEARCH, payload: { ...search, pageSize: 32 } });
    const br = await t.app.inject({
      method: 'POST',
      url: SEARCH,
      payload: { ...search, pageSize: 32 },
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await t.app.inject({
      method: 'POST',
      url: SEARCH,
      payload: { ...search, pageSize: 32 },
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    const small = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('compresses answers that are not kept too (a signed-in caller)', async () => {
    const buyer = await login(t.app, 'buyer01', 'Buyer@2026');
    const res = await t.app.inject({
      method: 'POST',
      url: SEARCH,
      payload: { ...search, pageSize: 32 },
      headers: { token: buyer.token, 'accept-encoding': 'br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect((JSON.parse(zlib.brotliDecompressSync(res.rawPayload).toString()) as { return_code: string }).return_code).toBe('0');
  });

  it('announces a back-office change, so the portal shows it at once', async () => {
    const admin = await login(t.app, 'admin', 'Admin@2026');
    const links = async () =>
      JSON.stringify((await t.app.inject({ method: 'POST', url: '/cms/api/portal/cms/content/friend_link/query' })).json());
    const before = await links();
    const heard: string[] = [];
    const stop = t.app.live.events.subscribe((e) => heard.push(e.topic));
    const res = await t.app.inject({
      method: 'POST',
      url: friendLinksResource.endpoints.create.path,
      headers: { token: admin.token },
      payload: { name: 'Cache probe', url: 'https://example.com/probe', logo: '', sort: 1 },
    });
    stop();
    expect(envelope(res).return_code).toBe('0');
    expect(heard).toEqual(['friend-links']);
    const after = await links();
    expect(after).not.toBe(before);
    expect(after).toContain('Cache probe');
  });
});

describe('answers computed once for requests that miss together', () => {
  const request = (body: object) => ({ method: 'POST', url: SEARCH, body }) as unknown as FastifyRequest;
  let clock = 0;
  const cache = createPublicCache({ enabled: true, ttlMs: 1000, now: () => clock });

  it('makes requests that miss together wait for one computation, and keeps its answer for a second', async () => {
    let computed = 0;
    const compute = async () => Buffer.from(`{"n":${++computed}}`);
    const answers = await Promise.all([1, 2, 3].map(() => cache.answer(request(search), 'zh-CN', 'k', compute)));
    expect(computed).toBe(1);
    expect(new Set(answers.map((a) => a.body.toString()))).toEqual(new Set(['{"n":1}']));
    clock += 999;
    expect((await cache.answer(request(search), 'zh-CN', 'k', compute)).body.toString()).toBe('{"n":1}');
    clock += 1;
    expect((await cache.answer(request(search), 'zh-CN', 'k', compute)).body.toString()).toBe('{"n":2}');
  });

  it('never lets a request that came after a change join, or keep, a computation that started before it', async () => {
    cache.clear();
    let release: (body: Buffer) => void = () => {};
    const slow = cache.answer(request(search), 'zh-CN', 'k', () => new Promise<Buffer>((r) => (release = r)));
    cache.clear();
    const after = cache.answer(request(search), 'zh-CN', 'k', async () => Buffer.from('{"after":true}'));
    release(Buffer.from('{"before":true}'));
    expect((await slow).body.toString()).toBe('{"before":true}');
    expect((await after).body.toString()).toBe('{"after":true}');
    expect(cache.byRaw(request(search), 'zh-CN')?.body.toString()).toBe('{"after":true}');
  });
});

describe('public answers with the cache off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PORTAL_CACHE: 'off' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('reads every request afresh and sends no tag', async () => {
    const before = await firstPage(t.app);
    expect(before.res.headers.etag).toBeUndefined();
    const item = before.page.items[0]!;
    await setPrice(t, item.id, item.singlePrice + 5);
    expect((await firstPage(t.app)).page.items[0]!.singlePrice).toBe(item.singlePrice + 5);
  });
});

describe.skipIf(!canRunTwoServers)('public answers kept on two servers', () => {
  let two: TwoServers;
  beforeAll(async () => {
    // A clock that stands still: copies never age, so only the event can clear server B's.
    const clock = new Date();
    two = await startTwoServers({ env: { PORTAL_CACHE: 'on' }, now: () => clock });
  });
  afterAll(async () => {
    await two?.close();
  });

  const priceOn = async (url: string) => {
    const res = await fetch(`${url}${SEARCH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(search),
    });
    return ((await res.json()) as { data: ListingPage }).data.items[0]!;
  };

  it('shows a change written on one server on both, once its event has crossed', async () => {
    const [a, b] = two.servers;
    const item = await priceOn(a.url);
    expect((await priceOn(b.url)).singlePrice).toBe(item.singlePrice);
    await a.app.live.writes.write({ actorUserId: null, action: 'test', target: `listing:${item.id}` }, async (trx, emit) => {
      await trx
        .updateTable('listings')
        .set({ single_price: item.singlePrice + 700 })
        .where('id', '=', Number(item.id))
        .execute();
      emit({ topic: 'listing', key: item.tradeListingCode, action: 'updated' });
    });
    expect((await priceOn(a.url)).singlePrice).toBe(item.singlePrice + 700);
    await expect.poll(async () => (await priceOn(b.url)).singlePrice, { timeout: 5000 }).toBe(item.singlePrice + 700);
  });
});
