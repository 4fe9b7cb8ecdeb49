import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { openDatabase, type Db, type DbHandle } from '../db/database';
import { migrateToLatest } from '../migrations';
import { createDbKv } from './kv';
import { loadSettings } from '../settings';
import { createTestApp, type TestApp } from '../test/test-app';
import { createLocalBus, type ChangeEvent } from './events';
import { createScheduler, type DueJob } from './scheduler';
import { createWritePath } from './write-path';

/** A clock the test moves by hand; nothing here sleeps. */
function manualClock(start = '2026-11-25T10:00:00.000Z') {
  let t = new Date(start).getTime();
  return {
    now: () => new Date(t),
    advance(ms: number) {
      t += ms;
    },
  };
}

/** What a job leaves behind: one kv row per run, so a second run of the same job shows. */
async function runsOf(db: Db, key: string): Promise<string[]> {
  const rows = await db.selectFrom('kv').select('key').where('key', 'like', `ran:${key}:%`).execute();
  return rows.map((r) => r.key);
}

async function recordRun(trx: Db, job: DueJob): Promise<void> {
  await trx
    .insertInto('kv')
    .values({ key: `ran:${job.key}:${randomBytes(4).toString('hex')}`, value: job.runAt, expires_at: Date.now() + 3600_000 })
    .execute();
}

describe('scheduler', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('runs a job once, at its time, with the time it was due', async () => {
    const clock = manualClock();
    t = await createTestApp({}, { demo: false, now: clock.now });
    const { scheduler, events } = t.app.live;
    const db = t.database.db;
    const seen: DueJob[] = [];
    const published: ChangeEvent[] = [];
    events.subscribe((e) => published.push(e));
    scheduler.define('test.expire', async (trx, job, emit) => {
      seen.push(job);
      await recordRun(trx, job);
      emit({ topic: 'test', key: job.key, action: 'expired' });
    });
    const due = new Date(clock.now().getTime() + 60_000);
    await scheduler.schedule(db, { kind: 'test.expire', key: 'a', runAt: due });

    expect(await scheduler.runDue()).toBe(0);
    clock.advance(59_999);
    expect(await scheduler.runDue()).toBe(0);
    expect(await runsOf(db, 'a')).toHaveLength(0);

    // Long past the time (a server that was down): it still runs once, told when it was due.
    clock.advance(3600_000);
    expect(await scheduler.runDue()).toBe(1);
    expect(await scheduler.runDue()).toBe(0);
    expect(await runsOf(db, 'a')).toHaveLength(1);
    expect(seen).toEqual([{ kind: 'test.expire', key: 'a', runAt: due.toISOString() }]);
    expect(published).toEqual([{ topic: 'test', key: 'a', action: 'expired' }]);
    const row = await db.selectFrom('scheduled_jobs').selectAll().where('key', '=', 'a').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'done', attempts: 1, lease_owner: null });
    // The run is in the operation log as the system's.
    const log = await db.selectFrom('operation_log').selectAll().where('resource', '=', 'test.expire').execute();
    expect(log).toMatchObject([{ user_id: null, account: 'system', action: 'scheduled', record_id: 'a' }]);
  });

  it('moves and cancels pending jobs', async () => {
    const clock = manualClock();
    t = await createTestApp({}, { demo: false, now: clock.now });
    const { scheduler } = t.app.live;
    const db = t.database.db;
    scheduler.define('test.deadline', async (trx, job) => recordRun(trx, job));
    const at = (ms: number) => new Date(clock.now().getTime() + ms);
    await scheduler.schedule(db, { kind: 'test.deadline', key: 'moved', runAt: at(1000) });
    await scheduler.schedule(db, { kind: 'test.deadline', key: 'cancelled', runAt: at(1000) });
    await scheduler.schedule(db, { kind: 'test.deadline', key: 'moved', runAt: at(5000) });
    await scheduler.cancel(db, 'test.deadline', 'cancelled');

    clock.advance(2000);
    expect(await scheduler.runDue()).toBe(0);
    clock.advance(3000);
    expect(await scheduler.runDue()).toBe(1);
    expect(await runsOf(db, 'moved')).toHaveLength(1);
    expect(await runsOf(db, 'cancelled')).toHaveLength(0);

    // A job done can be scheduled again (a new deadline for the same record) and runs again.
    await scheduler.schedule(db, { kind: 'test.deadline', key: 'moved', runAt: at(1000) });
    clock.advance(1000);
    expect(await scheduler.runDue()).toBe(1);
    expect(await runsOf(db, 'moved')).toHaveLength(2);
  });

  it('retries a failing job later, undoing its writes, without holding up the others', async () => {
    const clock = manualClock();
    t = await createTestApp({}, { demo: false, now: clock.now });
    const { scheduler, events } = t.app.live;
    const db = t.database.db;
    const published: ChangeEvent[] = [];
    events.subscribe((e) => published.push(e));
    let failuresLeft = 2;
    scheduler.define('test.flaky', async (trx, job, emit) => {
      await recordRun(trx, job);
      emit({ topic: 'test', key: job.key, action: 'ran' });
      if (failuresLeft-- > 0) throw new Error('the payment provider did not answer');
    });
    scheduler.define('test.steady', async (trx, job) => recordRun(trx, job));
    await scheduler.schedule(db, { kind: 'test.flaky', key: 'flaky', runAt: clock.now() });
    await scheduler.schedule(db, { kind: 'test.steady', key: 'steady', runAt: clock.now() });

    expect(await scheduler.runDue()).toBe(1);
    expect(await runsOf(db, 'steady')).toHaveLength(1);
    expect(await runsOf(db, 'flaky')).toHaveLength(0);
    expect(published).toEqual([]);
    const failed = await db.selectFrom('scheduled_jobs').selectAll().where('key', '=', 'flaky').executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ state: 'pending', attempts: 1, last_error: 'the payment provider did not answer' });

    // Not again at once: it waits (5 s, then 10 s) before the next attempt.
    expect(await scheduler.runDue()).toBe(0);
    clock.advance(5000);
    expect(await scheduler.runDue()).toBe(0);
    expect(await runsOf(db, 'flaky')).toHaveLength(0);
    clock.advance(10_000);
    expect(await scheduler.runDue()).toBe(1);
    expect(await runsOf(db, 'flaky')).toHaveLength(1);
    expect(published).toEqual([{ topic: 'test', key: 'flaky', action: 'ran' }]);
    expect(await db.selectFrom('scheduled_jobs').select(['state', 'attempts']).where('key', '=', 'flaky').executeTakeFirst()).toEqual({
      state: 'done',
      attempts: 3,
    });
  });

  it('catches up after a restart past the time: the job runs once on the next server', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scheduler-'));
    const clock = manualClock();
    const settings = loadSettings({ NODE_ENV: 'test' });
    const start = async () => {
      const database = openDatabase({ sqliteFile: path.join(dir, 'portal.sqlite') });
      await migrateToLatest(database.db, database.dialect);
      const app = await buildApp({ settings, database, kv: createDbKv(database.db), now: clock.now });
      app.live.scheduler.define('test.restart', async (trx, job) => recordRun(trx, job));
      return { app, database };
    };
    try {
      const first = await start();
      await first.app.live.scheduler.schedule(first.database.db, {
        kind: 'test.restart',
        key: 'r',
        runAt: new Date(clock.now().getTime() + 1000),
      });
      await first.app.close();
      await first.database.close();

      clock.advance(24 * 3600_000);
      const second = await start();
      // start() catches up before anything else; runDue() is what it runs.
      expect(await second.app.live.scheduler.runDue()).toBe(1);
      expect(await second.app.live.scheduler.runDue()).toBe(0);
      expect(await runsOf(second.database.db, 'r')).toHaveLength(1);
      await second.app.close();
      await second.database.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a restarted node frees the claims its previous run held, and only its own', async () => {
    const clock = manualClock();
    t = await createTestApp({}, { demo: false, now: clock.now });
    const db = t.database.db;
    const writes = t.app.live.writes;
    const nodeOf = (node: string) => createScheduler({ db, writes, now: clock.now, node, leaseMs: 60_000 });
    const [restarted, other] = [nodeOf('node-a'), nodeOf('node-b')];
    for (const s of [restarted, other]) s.define('test.held', async (trx, job) => recordRun(trx, job));
    for (const key of ['mine', 'theirs']) await restarted.schedule(db, { kind: 'test.held', key, runAt: clock.now() });
    // Claims a killed run left behind: node-a's (a name like node-ab is another node) and node-b's.
    const leaseUntil = new Date(clock.now().getTime() + 60_000).toISOString();
    await db
      .updateTable('scheduled_jobs')
      .set({ lease_owner: 'node-a:dead0001', lease_until: leaseUntil })
      .where('key', '=', 'mine')
      .execute();
    await db
      .updateTable('scheduled_jobs')
      .set({ lease_owner: 'node-ab:live0001', lease_until: leaseUntil })
      .where('key', '=', 'theirs')
      .execute();
    clock.advance(1);
    expect(await restarted.runDue()).toBe(0);

    expect(await restarted.releasePreviousRun()).toBe(1);
    expect(await restarted.runDue()).toBe(1);
    expect(await runsOf(db, 'mine')).toHaveLength(1);
    // Another node's claim waits for its lease.
    expect(await runsOf(db, 'theirs')).toHaveLength(0);
    clock.advance(60_000);
    expect(await other.runDue()).toBe(1);
    expect(await runsOf(db, 'theirs')).toHaveLength(1);
  });

  // On SQLite the job's transaction holds the one connection, so nothing else (a renewal, another
  // server) reaches the table while it runs; servers sharing a database means PostgreSQL.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'a running job renews its short claim, so no other node takes it over while it runs',
    async () => {
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
      try {
        const clock = manualClock();
        t = await createTestApp({}, { demo: false, now: clock.now });
        const db = t.database.db;
        const writes = t.app.live.writes;
        const leaseMs = 3000;
        const nodeOf = (node: string) => createScheduler({ db, writes, now: clock.now, node, leaseMs });
        const [runner, other] = [nodeOf('node-a'), nodeOf('node-b')];
        let release: () => void = () => {};
        let started: () => void = () => {};
        const running = new Promise<void>((resolve) => (started = resolve));
        runner.define('test.long', async (trx, job) => {
          started();
          await new Promise<void>((resolve) => (release = resolve));
          await recordRun(trx, job);
        });
        other.define('test.long', async (trx, job) => recordRun(trx, job));
        await runner.schedule(db, { kind: 'test.long', key: 'long', runAt: clock.now() });
        const leaseOf = async () =>
          (await db.selectFrom('scheduled_jobs').select('lease_until').where('key', '=', 'long').executeTakeFirstOrThrow()).lease_until;

        const run = runner.runDue();
        await running;
        const first = await leaseOf();
        // Twice the lease goes by while the job runs; each third of it the claim is renewed.
        for (let step = 0; step < 6; step++) {
          clock.advance(leaseMs / 3);
          const before = await leaseOf();
          await vi.advanceTimersByTimeAsync(leaseMs / 3);
          await vi.waitFor(async () => expect(await leaseOf()).not.toBe(before));
        }
        expect(Date.parse((await leaseOf())!)).toBeGreaterThan(Date.parse(first!) + leaseMs);
        expect(await other.runDue()).toBe(0);
        release();
        expect(await run).toBe(1);
        expect(await runsOf(db, 'long')).toHaveLength(1);
        expect(await db.selectFrom('scheduled_jobs').select(['state', 'lease_owner']).where('key', '=', 'long').executeTakeFirst()).toEqual(
          {
            state: 'done',
            lease_owner: null,
          },
        );
      } finally {
        vi.useRealTimers();
      }
    },
  );

  it('start() runs due jobs on its own timer and stop() ends it', async () => {
    t = await createTestApp({}, { demo: false });
    const { scheduler } = t.app.live;
    const db = t.database.db;
    let resolveRan: () => void = () => {};
    const ran = new Promise<void>((resolve) => (resolveRan = resolve));
    scheduler.define('test.timer', async (trx, job) => {
      await recordRun(trx, job);
      resolveRan();
    });
    const due = Date.now() + 300;
    await scheduler.schedule(db, { kind: 'test.timer', key: 'timer', runAt: new Date(due) });
    scheduler.start();
    await ran;
    // On time: within a second of the job's time (the loop looks at least every 250 ms).
    expect(Date.now() - due).toBeLessThan(1000);
    await scheduler.stop();
    expect(await runsOf(db, 'timer')).toHaveLength(1);
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!pgUrl)('scheduler on PostgreSQL with two servers', () => {
  it('runs each job exactly once while both servers run due jobs at the same time', async () => {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    const handles: DbHandle[] = [];
    try {
      const clock = manualClock();
      const servers = [0, 1].map((i) => {
        const database = openDatabase({ databaseUrl: pgUrl!, searchPath: schema, poolSize: 4 });
        handles.push(database);
        const writes = createWritePath({ db: database.db, events: createLocalBus(), now: clock.now });
        return createScheduler({ db: database.db, writes, now: clock.now, node: `node-${i}`, batch: 20 });
      });
      await migrateToLatest(handles[0]!.db, 'postgres');
      servers.forEach((scheduler) => scheduler.define('test.race', async (trx, job) => recordRun(trx, job)));
      const jobs = 120;
      for (let i = 0; i < jobs; i++) {
        await servers[0]!.schedule(handles[0]!.db, { kind: 'test.race', key: `job${i}`, runAt: clock.now() });
      }
      clock.advance(1);
      // Both servers, three overlapping runs each (as timers and catch-up would).
      const completed = await Promise.all(servers.flatMap((s) => [s.runDue(), s.runDue(), s.runDue()]));
      expect(completed.reduce((a, b) => a + b, 0)).toBe(jobs);
      const runs = await handles[0]!.db.selectFrom('kv').select('key').where('key', 'like', 'ran:%').execute();
      expect(runs).toHaveLength(jobs);
      expect(new Set(runs.map((r) => r.key.split(':')[1])).size).toBe(jobs);
      // Each run is one operation-log row of its own.
      const owners = await handles[0]!.db.selectFrom('operation_log').select('record_id').where('resource', '=', 'test.race').execute();
      expect(owners).toHaveLength(jobs);
    } finally {
      for (const h of handles) await h.close();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    }
  });
});
