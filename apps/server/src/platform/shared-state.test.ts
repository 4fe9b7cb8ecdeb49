import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openDatabase, type DbHandle } from '../db/database';
import { loadDemoData } from '../demo/index';
import { migrateToLatest } from '../migrations';
import { loadSettings } from '../settings';
import { envelope, login } from '../test/test-app';
import { withTraders, type TradingApp } from '../test/trading';
import type { ChangeEvent } from './events';
import { openSharedState } from './shared-state';

const redisUrl = process.env.TEST_REDIS_URL;

/**
 * One installation: its own database (and so its own installation id), a server on it, and a
 * second server's shared state (the same database, so the same prefix) to see what reached Redis.
 */
async function installation(env: Record<string, string> = {}) {
  const settings = loadSettings({
    NODE_ENV: 'test',
    TEST_HOOKS: 'on',
    CAPTCHA_TEST_CODE: 'ABCD',
    PORTAL_CACHE: 'off',
    REDIS_URL: redisUrl!,
    LOGIN_MAX_FAILURES: '2',
    ...env,
  });
  const database: DbHandle = openDatabase({ sqliteFile: ':memory:' });
  await migrateToLatest(database.db, database.dialect);
  await loadDemoData(database.db);
  const shared = await openSharedState({ settings, db: database.db });
  const app = await buildApp({ settings, database, kv: shared.kv, events: shared.events, webDist: null });
  await app.ready();
  const sibling = await openSharedState({ settings, db: database.db });
  const heard = { server: [] as ChangeEvent[], sibling: [] as ChangeEvent[] };
  shared.events.subscribe((e) => heard.server.push(e));
  sibling.events.subscribe((e) => heard.sibling.push(e));
  const traders = await withTraders({ app, database, kv: shared.kv, settings, close: async () => {} }, ['admin', 'buyer01']);
  return {
    app,
    database,
    shared,
    sibling,
    heard,
    traders,
    async close() {
      await app.close();
      await sibling.close();
      await shared.close();
      await database.close();
    },
  };
}
type Installation = Awaited<ReturnType<typeof installation>>;

/** Resolves once `list` holds an event `match` accepts (events cross Redis asynchronously). */
async function arrival(list: ChangeEvent[], match: (e: ChangeEvent) => boolean): Promise<ChangeEvent> {
  await expect.poll(() => list.some(match), { timeout: 5000, interval: 10 }).toBe(true);
  return list.find(match)!;
}

/**
 * Proves that nothing more from A can still be on its way to B: A's event reached A's own sibling
 * (so Redis had it), then a marker published after it by B's sibling reached B. Redis delivers in
 * the order it received, so anything of A's meant for B would have arrived before the marker.
 */
async function drained(a: Installation, b: Installation, aEvent: (e: ChangeEvent) => boolean): Promise<void> {
  await arrival(a.heard.sibling, aEvent);
  const marker = `marker-${Math.random()}`;
  // A topic no public answer shows, so the marker itself clears no cache.
  b.sibling.events.publish({ topic: 'message', key: marker, action: 'marker' });
  await arrival(b.heard.server, (e) => e.key === marker);
}

const call = (app: FastifyInstance, url: string, token: string, payload: object = {}) =>
  app.inject({ method: 'POST', url, payload, headers: { token } });

describe.skipIf(!redisUrl)('two installations on one Redis server', () => {
  let a: Installation;
  let b: Installation;
  let aTraders: TradingApp;
  beforeAll(async () => {
    a = await installation();
    b = await installation({ PORTAL_CACHE: 'on' });
    aTraders = a.traders;
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('each has its own prefix, derived from its database, shared by its own servers', () => {
    expect(a.shared.redisPrefix).toMatch(/^portal:[0-9a-f-]{36}:$/);
    expect(b.shared.redisPrefix).toMatch(/^portal:[0-9a-f-]{36}:$/);
    expect(a.shared.redisPrefix).not.toBe(b.shared.redisPrefix);
    expect(a.sibling.redisPrefix).toBe(a.shared.redisPrefix);
  });

  it("does not hear the other's events: a deposit credit and its message stay in their installation", async () => {
    await aTraders.credit('buyer01', 12_345);
    const credited = (e: ChangeEvent) => e.topic === 'deposit' && e.action === 'credit';
    const message = await arrival(a.heard.sibling, (e) => e.topic === 'message');
    // The message carries the credited amount in cents, rendered for each reader when read.
    expect(JSON.stringify(message)).toContain('12345');
    await drained(a, b, credited);
    expect(b.heard.server.filter((e) => e.action !== 'marker')).toEqual([]);
    expect(b.heard.sibling.filter((e) => e.action !== 'marker')).toEqual([]);
  });

  it("does not take the other's sessions", async () => {
    const token = aTraders.tokens.buyer01;
    const own = await call(a.app, '/commtrade/ws/deposit/account', token);
    expect(envelope(own).error_no).toBe('0');
    const elsewhere = await call(b.app, '/commtrade/ws/deposit/account', token);
    expect(elsewhere.statusCode).toBe(401);
    expect(await b.shared.kv.keys('')).not.toEqual(expect.arrayContaining(await a.shared.kv.keys('')));
  });

  it("does not take the other's picture codes", async () => {
    const cc = (envelope(await a.app.inject({ method: 'POST', url: '/gateway/getCheckCode' })).data as { cc: string }).cc;
    const res = await b.app.inject({
      method: 'POST',
      url: '/omc/submitLogin',
      payload: { account: 'buyer01', password: 'Buyer@2026', check_code: 'ABCD', req_code_session_id: cc },
    });
    expect(envelope(res).error_no).not.toBe('0');
    // The code was not used up on A either: it is A's to take.
    const onA = await a.app.inject({
      method: 'POST',
      url: '/omc/submitLogin',
      payload: { account: 'buyer01', password: 'Buyer@2026', check_code: 'ABCD', req_code_session_id: cc },
    });
    expect(envelope(onA).error_no).toBe('0');
  });

  it("does not count the other's failures: an account locked on one is free on the other", async () => {
    for (let i = 0; i < 3; i++) await login(a.app, 'buyer02', 'Wrong@2026');
    expect((await login(a.app, 'buyer02', 'Buyer@2026')).body.error_no).toBe('111104');
    expect((await login(b.app, 'buyer02', 'Buyer@2026')).body.error_no).toBe('0');
  });

  it('keeps its public answers when the other changes something', async () => {
    const page = () => b.app.inject({ method: 'POST', url: '/cms/api/portal/cms/get_newstype_by_page', payload: {} });
    expect((await page()).statusCode).toBe(200);
    expect(b.app.publicCache!.size()).toBeGreaterThan(0);
    // A change every server of A clears its cache for.
    a.shared.events.publish({ topic: 'listing', key: '1', action: 'changed' });
    await drained(a, b, (e) => e.topic === 'listing');
    expect(b.app.publicCache!.size()).toBeGreaterThan(0);
  });
});
