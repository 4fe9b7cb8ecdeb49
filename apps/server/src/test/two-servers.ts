import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { openDatabase, type DbHandle } from '../db/database';
import { loadDemoData } from '../demo/index';
import { migrateToLatest } from '../migrations';
import { checkInvariant } from '../modules/deposits';
import { createRedisBus, type EventBus } from '../platform/events';
import { createRedisKv, type KvStore } from '../platform/kv';
import { loadSettings } from '../settings';
import { postgresForTest } from './pg-template';

/** One of the servers: its app, its own address, and its own stores (same database and Redis). */
export interface ServerInstance {
  app: FastifyInstance;
  url: string;
  database: DbHandle;
  kv: KvStore;
  events: EventBus;
}

export interface TwoServers {
  /** The proxy's address: requests alternate between the servers. */
  url: string;
  servers: [ServerInstance, ServerInstance];
  close(): Promise<void>;
}

/** Whether this run has PostgreSQL and Redis to run several servers on. */
export const canRunTwoServers = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);

/**
 * Two server processes' worth of the app on one PostgreSQL database (or schema) and one Redis prefix, each
 * listening on 127.0.0.1, behind a tiny round-robin proxy on one port: what "several servers"
 * means in production, in one test process. Needs TEST_DATABASE_URL and TEST_REDIS_URL.
 */
export async function startTwoServers(
  opts: { env?: Record<string, string>; demo?: boolean; now?: () => Date; startSchedulers?: boolean } = {},
): Promise<TwoServers> {
  const pgUrl = process.env.TEST_DATABASE_URL;
  const redisUrl = process.env.TEST_REDIS_URL;
  if (!pgUrl || !redisUrl) throw new Error('two servers need TEST_DATABASE_URL and TEST_REDIS_URL');
  const place = await postgresForTest(pgUrl, opts.demo === false ? 'bare' : 'demo');

  const settings = loadSettings({
    NODE_ENV: 'test',
    TEST_HOOKS: 'on',
    CAPTCHA_TEST_CODE: 'ABCD',
    PORTAL_CACHE: 'off',
    // As in test-app.ts: orders are paid at once unless a test turns the contract payment gate on.
    CONTRACT_PAYMENT_GATE: 'off',
    ...opts.env,
  });
  const prefix = `${place.name}:`;
  const started: ServerInstance[] = [];
  for (let i = 0; i < 2; i++) {
    const database = openDatabase({ databaseUrl: place.url, ...(place.searchPath ? { searchPath: place.searchPath } : {}) });
    if (i === 0 && !place.prepared) {
      await migrateToLatest(database.db, database.dialect);
      if (opts.demo !== false) await loadDemoData(database.db);
    }
    const kv = createRedisKv(redisUrl, prefix);
    const events = await createRedisBus(redisUrl, { channel: `${prefix}events` });
    // Each server its own name, as two hosts would have: a claim's owner tells them apart.
    const own = { ...settings, NODE_ID: `${place.name.replace(/_/g, '-')}-${i}` };
    const app = await buildApp({ settings: own, database, kv, events, webDist: null, ...(opts.now ? { now: opts.now } : {}) });
    await app.listen({ host: '127.0.0.1', port: 0 });
    if (opts.startSchedulers) app.live.scheduler.start();
    started.push({ app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, database, kv, events });
  }
  const servers = started as [ServerInstance, ServerInstance];

  // The proxy streams both ways (an SSE answer flows through as it is written).
  let turn = 0;
  const proxy = http.createServer((req, res) => {
    const target = new URL(servers[turn++ % servers.length]!.url);
    const upstream = http.request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers, agent: false },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));

  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    servers,
    async close() {
      // Whatever the servers did together, the deposit accounts must still equal their ledgers.
      const deposits = await checkInvariant(servers[0].database.db).catch(() => null);
      proxy.closeAllConnections();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      for (const s of servers) {
        await s.app.close();
        await s.events.close();
        await s.kv.close();
        await s.database.close();
      }
      await place.drop();
      if (deposits && !deposits.ok) throw new Error(`deposit accounts differ from their ledgers:\n${deposits.problems.join('\n')}`);
    },
  };
}
