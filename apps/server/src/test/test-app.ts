import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import { openDatabase, type DbHandle } from '../db/database';
import { loadDemoData } from '../demo/index';
import { migrateToLatest } from '../migrations';
import { checkInvariant } from '../modules/deposits';
import { createRedisBus, type EventBus } from '../platform/events';
import { createDbKv, createRedisKv, type KvStore } from '../platform/kv';
import { loadSettings, type Settings } from '../settings';
import { postgresForTest } from './pg-template';

/**
 * A real app on a real database for route and service tests: in-memory SQLite by default; with
 * TEST_DATABASE_URL a fresh PostgreSQL schema, and with TEST_REDIS_URL Redis under a fresh prefix.
 */
export interface TestApp {
  app: FastifyInstance;
  database: DbHandle;
  kv: KvStore;
  settings: Settings;
  /** PostgreSQL: the address of the database the app uses (its own copy of a template, or TEST_DATABASE_URL). */
  databaseUrl?: string;
  close(): Promise<void>;
}

export async function createTestApp(
  env: Record<string, string> = {},
  opts: {
    demo?: boolean;
    now?: () => Date;
    webDist?: string;
    logger?: FastifyBaseLogger;
    /** The PostgreSQL address the app connects through (a proxy in front of TEST_DATABASE_URL a test can cut). */
    databaseUrl?: (testDatabaseUrl: string) => string;
    /** A SQLite file instead of an in-memory database (a backup opens it beside the app). */
    sqliteFile?: string;
  } = {},
): Promise<TestApp> {
  // Tests write rows directly and read them back at once; the public cache's own tests turn it on.
  // Orders are paid at once in other modules' tests; the contracts' tests turn the payment gate on.
  const settings = loadSettings({
    NODE_ENV: 'test',
    TEST_HOOKS: 'on',
    CAPTCHA_TEST_CODE: 'ABCD',
    PORTAL_CACHE: 'off',
    CONTRACT_PAYMENT_GATE: 'off',
    ...env,
  });
  const pgUrl = process.env.TEST_DATABASE_URL;
  const redisUrl = process.env.TEST_REDIS_URL;
  // PostgreSQL: a copy of this run's prepared template when there is one, else a fresh schema.
  const place = pgUrl ? await postgresForTest(pgUrl, opts.demo === false ? 'bare' : 'demo') : undefined;
  const databaseUrl = place?.url;
  const database = openDatabase(
    place
      ? { databaseUrl: opts.databaseUrl?.(place.url) ?? place.url, ...(place.searchPath ? { searchPath: place.searchPath } : {}) }
      : { sqliteFile: opts.sqliteFile ?? ':memory:' },
  );
  if (!place?.prepared) {
    await migrateToLatest(database.db, database.dialect);
    if (opts.demo !== false) await loadDemoData(database.db);
  }
  const prefix = `${place?.name ?? randomBytes(6).toString('hex')}:`;
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
    ...(databaseUrl ? { databaseUrl } : {}),
    async close() {
      // Money: whatever a test file did, its deposit accounts must still equal their ledgers.
      const deposits = await checkInvariant(database.db).catch(() => null);
      await app.close();
      await events?.close();
      await kv.close();
      await database.close();
      await place?.drop();
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

/**
 * Signs in an account an operator made, whose password is an initial one: changes it first, as
 * the forced dialog makes people do, then signs in with the new one. Answers the new session's token.
 */
export async function signInChangingInitialPassword(
  app: FastifyInstance,
  account: string,
  initial: string,
  changed: string,
): Promise<string> {
  const first = (await login(app, account, initial)).token;
  const res = await app.inject({
    method: 'POST',
    url: '/omc/api/user/resetPwd',
    headers: { token: first },
    payload: { pwd: initial, resetedPwd: changed },
  });
  if (envelope(res).return_code !== '0') throw new Error(`${account} could not change the initial password: ${res.body}`);
  return (await login(app, account, changed)).token;
}
