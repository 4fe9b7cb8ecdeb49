import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { openDatabase, type DbHandle } from '../db/database';
import { installErrorHandling } from './http';
import { createRedisKv, type KvStore } from './kv';

/**
 * The error handler against real database refusals. The contracts refuse such input before any
 * handler runs; these routes hand it to the database on purpose, as a handler with a gap would.
 */
let t: TestApp;
let app: FastifyInstance;
// Nothing listens on port 9 of this host: every connection is refused at once, as while the
// database or Redis restarts.
let databaseDown: DbHandle;
let redisDown: KvStore;
beforeEach(async () => {
  t = await createTestApp();
  app = Fastify({ logger: false });
  installErrorHandling(app, 1024);
  const db = t.database.db;
  databaseDown = openDatabase({ databaseUrl: 'postgres://portal@127.0.0.1:9/portal', connectTimeoutMs: 2000 });
  redisDown = createRedisKv('redis://127.0.0.1:9', 'down:');
  app.post('/database-down', async () => databaseDown.db.selectFrom('users').selectAll().execute());
  app.post('/redis-down', async () => redisDown.get('session:x'));
  app.post('/duplicate', async () => {
    await db.insertInto('tenants').values({ tenant_id: 'T1', tenant_name: 'first' }).execute();
    await db.insertInto('tenants').values({ tenant_id: 'T1', tenant_name: 'second' }).execute();
    return 'unreachable';
  });
  app.post('/not-null', async () => {
    await db
      .insertInto('tenants')
      .values({ tenant_id: 'T2', tenant_name: null as unknown as string })
      .execute();
    return 'unreachable';
  });
  app.post('/nul', async () => {
    await db.insertInto('tenants').values({ tenant_id: 'T3', tenant_name: 'a\u0000b' }).execute();
    return { stored: true };
  });
  app.post('/broken-sql', async () => {
    await sql`select * from no_such_table`.execute(db);
    return 'unreachable';
  });
  await app.ready();
});
afterEach(async () => {
  await app.close();
  await t.close();
  await databaseDown.close();
  await redisDown.close().catch(() => {});
});

const call = async (url: string) => {
  const res = await app.inject({ method: 'POST', url });
  return { status: res.statusCode, body: res.json() as { error_no: string; error_info: string; data: unknown } };
};
const leaksNothing = (text: string) => expect(text).not.toMatch(/insert|select|tenants|constraint|sqlite|postgres|\n\s+at /i);

describe('database refusals caused by input', () => {
  it('answer a duplicate key with 409 "the record already exists"', async () => {
    const { status, body } = await call('/duplicate');
    expect(status).toBe(409);
    expect(body.error_no).toBe('113014');
    leaksNothing(body.error_info);
  });

  it('answer a value a column cannot take with 400 instead of 500', async () => {
    const { status, body } = await call('/not-null');
    expect(status).toBe(400);
    expect(body.error_no).toBe('100001');
    expect(body.data).toEqual({ field: 'body', reason: 'invalidValue' });
    leaksNothing(body.error_info);
  });

  it('answer NUL with 400 where the database refuses it (PostgreSQL); SQLite stores it', async () => {
    const { status, body } = await call('/nul');
    if (t.database.dialect === 'postgres') {
      expect(status).toBe(400);
      expect(body.error_no).toBe('100001');
      leaksNothing(body.error_info);
    } else {
      expect(status).toBe(200);
    }
  });

  it('leave a fault of the server itself a 500 with a request id and no SQL', async () => {
    const { status, body } = await call('/broken-sql');
    expect(status).toBe(500);
    expect(body.error_no).toBe('100007');
    leaksNothing(body.error_info);
  });
});

describe('a store out of reach', () => {
  it('answers the retryable 503 with its catalogue code and Retry-After, never a 500', async () => {
    for (const url of ['/database-down', '/redis-down']) {
      const res = await app.inject({ method: 'POST', url, headers: { 'accept-language': 'en-US' } });
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      const body = res.json() as { error_no: string; error_info: string };
      expect(body.error_no).toBe('100010');
      expect(body.error_info).toContain('sending the same request again is safe');
      leaksNothing(body.error_info);
    }
  });
});
