import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../db/database';
import { allMigrations, migrateToLatest } from '../migrations';
import { createTestApp, type TestApp } from '../test/test-app';
import { startTcpProxy, throughProxy, type TcpProxy } from '../test/tcp-proxy';
import {
  createHealth,
  databaseProbe,
  drainThenClose,
  migrationsProbe,
  ProbeFailure,
  redisProbe,
  schedulerProbe,
  type Probe,
  type Readiness,
} from './health';

const probe = (name: string, check: () => Promise<void>): Probe => ({ name, check });

describe('readiness', () => {
  afterEach(() => vi.useRealTimers());

  it('is ready when every probe answers, and names each one that did not', async () => {
    const changes: [string, boolean][] = [];
    let databaseUp = true;
    const health = createHealth({
      probes: [
        probe('database', async () => {
          if (!databaseUp) throw new Error('connect ECONNREFUSED 10.0.0.5:5432');
        }),
        probe('migrations', async () => {
          throw new ProbeFailure('1 not applied: 250-x');
        }),
      ],
      onChange: (name, result) => changes.push([name, result.ok]),
    });
    const first = await health.readiness();
    expect(first.status).toBe('not ready');
    expect(first.failed).toEqual(['migrations']);
    expect(first.checks.database!.ok).toBe(true);
    expect(first.checks.migrations).toMatchObject({ ok: false, error: '1 not applied: 250-x' });

    databaseUp = false;
    const second = await health.readiness();
    expect(second.failed).toEqual(['database', 'migrations']);
    // A driver's message (hosts, ports) is logged, not answered.
    expect(second.checks.database).toMatchObject({ ok: false, error: 'unavailable' });
    expect(JSON.stringify(second)).not.toContain('10.0.0.5');
    databaseUp = true;
    await health.readiness();
    // Only changes are reported: the first failure, the database's loss and its return.
    expect(changes).toEqual([
      ['migrations', false],
      ['database', false],
      ['database', true],
    ]);
  });

  it('answers within the timeout when a probe hangs, without starting it again while it hangs', async () => {
    vi.useFakeTimers();
    let calls = 0;
    let hung = true;
    let release = () => {};
    const health = createHealth({
      timeoutMs: 800,
      probes: [
        probe('database', () => {
          calls++;
          return hung ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
        }),
      ],
    });
    const answer = health.readiness();
    await vi.advanceTimersByTimeAsync(799);
    let settled: Readiness | null = null;
    void answer.then((r) => (settled = r));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(await answer).toMatchObject({ status: 'not ready', failed: ['database'] });
    expect((await answer).checks.database!.error).toBe('no answer within 800 ms');

    const again = health.readiness();
    await vi.advanceTimersByTimeAsync(800);
    expect((await again).failed).toEqual(['database']);
    expect(calls).toBe(1);
    hung = false;
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect((await health.readiness()).status).toBe('ready');
    expect(calls).toBe(2);
  });

  it('is not ready while draining, without asking the probes', async () => {
    const check = vi.fn(async () => {});
    const health = createHealth({ probes: [probe('database', check)] });
    health.startDraining();
    expect(await health.readiness()).toEqual({ status: 'draining', failed: ['draining'], checks: {} });
    expect(check).not.toHaveBeenCalled();
  });
});

describe('probes', () => {
  it('database: a query answers, and fails once the database is gone', async () => {
    const database = openDatabase({ sqliteFile: ':memory:' });
    await expect(databaseProbe(database.db).check()).resolves.toBeUndefined();
    await database.close();
    await expect(databaseProbe(database.db).check()).rejects.toThrow();
  });

  it('migrations: every migration the code knows is applied; newer ones do not matter', async () => {
    const database = openDatabase({ sqliteFile: ':memory:' });
    const names = Object.keys(allMigrations('sqlite'));
    const last = names.at(-1)!;
    await migrateToLatest(database.db, 'sqlite', { skip: (name) => name === last });
    await expect(migrationsProbe(database.db, names).check()).rejects.toThrow(`1 not applied: ${last}`);
    await migrateToLatest(database.db, 'sqlite');
    await expect(migrationsProbe(database.db, names).check()).resolves.toBeUndefined();
    // A newer release migrated further: this server's migrations are all there.
    await expect(migrationsProbe(database.db, names.slice(0, 5)).check()).resolves.toBeUndefined();
    await database.close();
  });

  it('redis: PING answers or the probe fails', async () => {
    await expect(redisProbe(async () => {}).check()).resolves.toBeUndefined();
    await expect(
      redisProbe(async () => {
        throw new Error('Connection is closed.');
      }).check(),
    ).rejects.toThrow('Connection is closed.');
  });

  it('scheduler: running, and its loop turned recently', async () => {
    let at: number | null = null;
    let now = 100_000;
    const scheduler = { lastTurnAt: () => at };
    const check = () => schedulerProbe(scheduler, { staleMs: 30_000, clock: () => now }).check();
    await expect(check()).rejects.toThrow('not running');
    at = 90_000;
    await expect(check()).resolves.toBeUndefined();
    now = 125_000;
    await expect(check()).rejects.toThrow('no turn for 35 s');
  });
});

describe('GET /readyz and /healthz', () => {
  let t: TestApp | null = null;
  afterEach(async () => {
    await t?.close();
    t = null;
  });

  it('answers 503 naming the scheduler until it runs, then 200 with each check', async () => {
    t = await createTestApp({}, { demo: false });
    const before = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(before.statusCode).toBe(503);
    expect(before.headers['cache-control']).toBe('no-store');
    expect(before.json()).toMatchObject({ status: 'not ready', failed: ['scheduler'], checks: { scheduler: { error: 'not running' } } });

    t.app.live.scheduler.start();
    const after = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(after.statusCode).toBe(200);
    const body = after.json<Readiness>();
    expect(body.status).toBe('ready');
    const expected = ['database', 'migrations', 'scheduler', ...(process.env.TEST_REDIS_URL ? ['redis'] : [])];
    expect(Object.keys(body.checks).sort()).toEqual(expected.sort());
    // Liveness looks at nothing: it answers while readiness fails too.
    await t.app.live.scheduler.stop();
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('drains: 503 on /readyz at once, requests still served until the delay ends, then no new connections', async () => {
    t = await createTestApp({}, { demo: false });
    t.app.live.scheduler.start();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const port = (t.app.server.address() as AddressInfo).port;
    const get = (url: string) =>
      new Promise<number>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: url, agent: false }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          })
          .on('error', reject);
      });
    expect(await get('/readyz')).toBe(200);

    let endDrain = () => {};
    const waited: number[] = [];
    const closed = drainThenClose({
      health: t.app.health,
      drainMs: 5000,
      close: () => t!.app.close(),
      wait: (ms) => {
        waited.push(ms);
        return new Promise<void>((resolve) => (endDrain = resolve));
      },
    });
    expect(await get('/readyz')).toBe(503);
    expect(await get('/healthz')).toBe(200);
    expect(await get('/omc/api/sys/public_settings')).toBe(200);
    expect(waited).toEqual([5000]);

    endDrain();
    await closed;
    await expect(get('/healthz')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!pgUrl)('readiness when PostgreSQL goes away (through a proxy the test cuts)', () => {
  let proxy: TcpProxy | null = null;
  let t: TestApp | null = null;
  afterEach(async () => {
    proxy?.restore();
    await t?.close();
    await proxy?.close();
    t = null;
    proxy = null;
  });

  /** Milliseconds until /readyz answers `status`, asking as a load balancer would, every 100 ms. */
  async function untilStatus(app: TestApp['app'], status: number, within: number): Promise<number> {
    const started = performance.now();
    for (;;) {
      const res = await app.inject({ method: 'GET', url: '/readyz' });
      const took = performance.now() - started;
      if (res.statusCode === status) return took;
      if (took > within) throw new Error(`/readyz still ${res.statusCode} after ${Math.round(took)} ms: ${res.body}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('stays ready while every pooled connection is busy: a busy pool is not a database gone', async () => {
    t = await createTestApp({}, { demo: false });
    t.app.live.scheduler.start();
    await untilStatus(t.app, 200, 2000);
    const db = t.database.db;
    // More slow queries than the pool has connections: the rest wait in its queue, as under overload.
    const busy = Array.from({ length: 12 }, () => sql`select pg_sleep(2)`.execute(db));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(t.database.poolStats()!.waiting).toBeGreaterThan(0);
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.json<Readiness>()).toMatchObject({ status: 'ready', failed: [] });
    await Promise.all(busy);
  });

  it('turns 503 within 2 s of the database stopping, or hanging, and 200 again when it is back', async () => {
    const target = new URL(pgUrl!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    t = await createTestApp({}, { demo: false, databaseUrl: (url) => throughProxy(url, proxy!) });
    t.app.live.scheduler.start();
    await untilStatus(t.app, 200, 2000);

    proxy.cut();
    expect(await untilStatus(t.app, 503, 2000)).toBeLessThan(2000);
    const down = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(down.json<Readiness>().failed).toContain('database');
    proxy.restore();
    expect(await untilStatus(t.app, 200, 2000)).toBeLessThan(2000);

    // A database that accepts connections but answers nothing: the probe's timeout answers.
    proxy.hang();
    expect(await untilStatus(t.app, 503, 2000)).toBeLessThan(2000);
    proxy.restore();
    expect(await untilStatus(t.app, 200, 3000)).toBeLessThan(3000);
  });
});
