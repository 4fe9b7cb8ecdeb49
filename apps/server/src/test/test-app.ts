import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app';
import { openDatabase, type DbHandle } from '../db/database';
import { loadDemoData } from '../db/demo-data/index';
import { migrateToLatest } from '../db/migrations/index';
import { checkInvariant } from '../modules/deposits';
import { createRedisBus, type EventBus } from '../platform/events';
import { createDbKv, createRedisKv, type KvStore } from '../platform/kv';
import { loadSettings, type Settings } from '../settings';

/**
 * A real app on a real database for route and service tests: in-memory SQLite by default; with
 * TEST_DATABASE_URL a fresh PostgreSQL schema, and with TEST_REDIS_URL Redis under a fresh prefix.
 */
export interface TestApp {
  app: FastifyInstance;
  database: DbHandle;
  kv: KvStore;
  settings: Settings;
  close(): Promise<void>;
}

export async function createTestApp(
  env: Record<string, string> = {},
  opts: { demo?: boolean; now?: () => Date; webDist?: string; logger?: FastifyBaseLogger } = {},
): Promise<TestApp> {
  // Tests write rows directly and read them back at once; the public cache's own tests turn it on.
  const settings = loadSettings({ NODE_ENV: 'test', TEST_HOOKS: 'on', CAPTCHA_TEST_CODE: 'ABCD', PORTAL_CACHE: 'off', ...env });
  const pgUrl = process.env.TEST_DATABASE_URL;
  const redisUrl = process.env.TEST_REDIS_URL;
  let schema: string | undefined;
  if (pgUrl) {
    schema = `t_${randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    await client.query(`create schema ${schema}`);
    await client.end();
  }
  const database = openDatabase(pgUrl ? { databaseUrl: pgUrl, searchPath: schema } : { sqliteFile: ':memory:' });
  await migrateToLatest(database.db, database.dialect);
  if (opts.demo !== false) await loadDemoData(database.db);
  const prefix = `${schema ?? randomBytes(6).toString('hex')}:`;
  const kv = redisUrl ? createRedisKv(redisUrl, prefix) : createDbKv(database.db);
  // With Redis the events go through a channel of this test's own (the app's own bus otherwise).
  const events: EventBus | undefined = redisUrl ? await createRedisBus(redisUrl, { channel: `${prefix}events` }) : undefined;
  const app = await buildApp({
    settings,
    database,
    kv,
    webDist: opts.webDist ?? null,
    ...(opts.now ? { now: opts.now } : {}),
    ...(opts.logger ? { logger: opts.logger } : {}),
    ...(events ? { events } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    kv,
    settings,
    async close() {
      // Money: whatever a test file did, its deposit accounts must still equal their ledgers.
      const deposits = await checkInvariant(database.db).catch(() => null);
      await app.close();
      await events?.close();
      await kv.close();
      await database.close();
      if (pgUrl && schema) {
        const client = new pg.Client({ connectionString: pgUrl });
        await client.connect();
        await client.query(`drop schema ${schema} cascade`);
        await client.end();
      }
      if (deposits && !deposits.ok) throw new Error(`deposit accounts differ from their ledgers:\n${deposits.problems.join('\n')}`);
    },
  };
}

export interface Envelope {
  return_code: string;
  error_no: string;
  error_code: string;
  error_info: string;
  data: unknown;
}

export function envelope(res: LightMyRequestResponse): Envelope {
  return res.json() as Envelope;
}

/** Fetches a picture code and signs in with the test code; returns the token and cookies. */
export async function login(
  app: FastifyInstance,
  account: string,
  password: string,
  extra: Record<string, unknown> = {},
  /** The client address the attempt comes from (default 127.0.0.1). */
  ip?: string,
) {
  const cc = (envelope(await app.inject({ method: 'POST', url: '/gateway/getCheckCode', remoteAddress: ip })).data as { cc: string }).cc;
  const res = await app.inject({
    method: 'POST',
    url: '/omc/submitLogin',
    remoteAddress: ip,
    payload: { account, password, check_code: 'ABCD', req_code_session_id: cc, ...extra },
  });
  const body = envelope(res);
  const data = body.data as { utoken?: string } | null;
  const cookie = res.cookies.find((c) => c.name === 'portal_session');
  return {
    res,
    body,
    token: data?.utoken ?? '',
    cookie: cookie ? `portal_session=${cookie.value}` : '',
    csrf: String(res.headers.csrfcheck ?? ''),
  };
}
