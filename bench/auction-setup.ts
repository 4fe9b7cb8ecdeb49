/**
 * What the auction benchmarks share: a scratch database (SQLite file or PostgreSQL schema) with
 * the demo data, one or two real apps (two: one PostgreSQL schema, Redis for sessions, counters
 * and events, as several servers run in production), bidder companies signed in, and a running
 * ascending auction with every bidder registered, made through the real calls.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { openDatabase, type DbHandle } from '../apps/server/src/db/database';
import { loadDemoData } from '../apps/server/src/demo/index';
import { migrateToLatest } from '../apps/server/src/migrations';
import { AUCTION_JOBS } from '../apps/server/src/modules/auction-trade/spaces';
import { createLocalBus, createRedisBus, type EventBus } from '../apps/server/src/platform/events';
import { createDbKv, createRedisKv, type KvStore } from '../apps/server/src/platform/kv';
import { hashPassword } from '../apps/server/src/platform/passwords';
import { createSessions } from '../apps/server/src/platform/sessions';
import { loadSettings } from '../apps/server/src/settings';

export const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface BenchServers {
  database: DbHandle;
  apps: FastifyInstance[];
  ports: number[];
  kv: KvStore;
  /** PostgreSQL: the scratch schema the servers work in. */
  schema: string;
  close(): Promise<void>;
}

/** CPU time (user + system) of a process or thread, from Linux's counters at `statPath` (10 ms ticks). */
export function cpuMsOf(statPath: string): number {
  const stat = fs.readFileSync(statPath, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Servers running in processes of their own, on the benchmark's PostgreSQL schema and Redis. */
export interface ServerProcesses {
  ports: number[];
  /** CPU time (user + system, every thread) the processes used so far, in ms. */
  cpuMs(): number;
  /**
   * CPU time the PostgreSQL backends serving them used so far, in ms (their connections name the
   * schema as application_name; the database runs on this machine). What the database spends per
   * order or bid, which the machine's other load changes far less than the latencies.
   */
  databaseCpuMs(): Promise<number>;
  close(): Promise<void>;
}

/**
 * `count` servers in processes of their own on the schema of `s` (PostgreSQL), as several servers
 * run in production: each with its own event loop and pool, meeting the others only through the
 * database and Redis. The in-process apps of `s` are closed first (they made the data); `s`'s
 * database handle stays open for the proof.
 */
export async function serverProcesses(s: BenchServers, count: number): Promise<ServerProcesses> {
  for (const app of s.apps) await app.close();
  const args = JSON.stringify({ databaseUrl: PG_URL, redisUrl: REDIS_URL, schema: s.schema, poolSize: 8 });
  const children = await Promise.all(
    Array.from({ length: count }, async () => {
      const child = fork(path.join(import.meta.dirname, 'auction-server.ts'), [args], {
        execArgv: [
          '--import',
          'tsx',
          ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir=' + process.env.BENCH_CPU_PROF] : []),
        ],
        env: { ...process.env, PGAPPNAME: s.schema },
      });
      const port = await new Promise<number>((resolve, reject) => {
        child.once('message', (m) => resolve((m as { port: number }).port));
        child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
      });
      return { child, port };
    }),
  );
  return {
    ports: children.map((c) => c.port),
    cpuMs: () => children.reduce((sum, c) => sum + cpuMsOf(`/proc/${c.child.pid!}/stat`), 0),
    async databaseCpuMs() {
      const backends = await sql<{ pid: number }>`select pid from pg_stat_activity where application_name = ${s.schema}`.execute(
        s.database.db,
      );
      return backends.rows.reduce((sum, b) => sum + (fs.existsSync(`/proc/${b.pid}/stat`) ? cpuMsOf(`/proc/${b.pid}/stat`) : 0), 0);
    },
    async close() {
      await Promise.all(
        children.map(
          ({ child }) =>
            new Promise<void>((resolve) => {
              child.once('exit', () => resolve());
              child.send('close');
            }),
        ),
      );
    },
  };
}

/** One app on SQLite, or `count` apps on one PostgreSQL schema sharing Redis. */
export async function startServers(dialect: 'sqlite' | 'postgres', count: number, env: Record<string, string> = {}): Promise<BenchServers> {
  const settings = loadSettings({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-auction-'));
  const schema = `bench_auction_${randomBytes(4).toString('hex')}`;
  const handles: DbHandle[] = [];
  const stores: KvStore[] = [];
  const buses: EventBus[] = [];
  const apps: FastifyInstance[] = [];
  if (dialect === 'postgres') {
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    await c.query(`create schema ${schema}`);
    await c.end();
  }
  for (let i = 0; i < (dialect === 'sqlite' ? 1 : count); i++) {
    const database =
      dialect === 'sqlite'
        ? openDatabase({ sqliteFile: path.join(tmp, 'bench.sqlite') })
        : openDatabase({ databaseUrl: PG_URL, searchPath: schema, poolSize: 8 });
    if (i === 0) {
      await migrateToLatest(database.db, database.dialect);
      await loadDemoData(database.db);
    }
    const kv = dialect === 'sqlite' ? createDbKv(database.db) : createRedisKv(REDIS_URL, `${schema}:`);
    const events = dialect === 'sqlite' ? createLocalBus() : await createRedisBus(REDIS_URL, { channel: `${schema}:events` });
    const app = await buildApp({ settings, database, kv, events, webDist: null });
    await app.listen({ host: '127.0.0.1', port: 0 });
    handles.push(database);
    stores.push(kv);
    buses.push(events);
    apps.push(app);
  }
  return {
    database: handles[0]!,
    apps,
    ports: apps.map((app) => (app.server.address() as AddressInfo).port),
    kv: stores[0]!,
    schema,
    async close() {
      for (const app of apps) if (app.server.listening) await app.close();
      for (const bus of buses) await bus.close();
      for (const kv of stores) await kv.close();
      for (const h of handles) await h.close();
      fs.rmSync(tmp, { recursive: true, force: true });
      if (dialect === 'postgres') {
        const c = new pg.Client({ connectionString: PG_URL });
        await c.connect();
        await c.query(`drop schema ${schema} cascade`);
        await c.end();
      }
    },
  };
}

/** Bidder companies with one company user each, signed in on a session of their own. */
export async function addBidders(database: DbHandle, kv: KvStore, count: number): Promise<string[]> {
  const db = database.db;
  const at = new Date().toISOString();
  const role = await db.selectFrom('roles').select('id').where('code', '=', 'company_user').executeTakeFirstOrThrow();
  const hash = await hashPassword('Bench@2026');
  const sessions = createSessions(kv, { idleMs: 3_600_000, absoluteMs: 3_600_000, lockIdleMs: 0, concurrent: true });
  const tokens: string[] = [];
  for (let i = 1; i <= count; i++) {
    const account = `benchbidder${String(i).padStart(4, '0')}`;
    const company = await db
      .insertInto('companies')
      .values({ name: `压测竞买公司 ${i}`, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = await db
      .insertInto('users')
      .values({
        account,
        password_hash: hash,
        nick_name: account,
        user_type: 'comp',
        company_id: company.id,
        tenant_id: 'T001',
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('user_roles').values({ user_id: user.id, role_id: role.id }).execute();
    tokens.push((await sessions.create({ userId: user.id, account, terminal: 'bench', ip: '127.0.0.1' })).token);
  }
  return tokens;
}

interface Answer {
  return_code: string;
  error_info: string;
  data: unknown;
}

/**
 * supplier01's mode-1 space with one piece, approved, every bidder registered (no deposit, so
 * the bench measures bidding), and started now: its start moved into the past, the scheduler
 * starting it. Anti-sniping is off so the end stays put.
 */
export async function runningSpace(s: BenchServers, bidderTokens: string[], basePrice = 60_000, priceStep = 100) {
  const app = s.apps[0]!;
  const db = s.database.db;
  const sessions = createSessions(s.kv, { idleMs: 3_600_000, absoluteMs: 3_600_000, lockIdleMs: 0, concurrent: true });
  const who = await db.selectFrom('users').select(['id', 'account']).where('account', 'in', ['supplier01', 'admin']).execute();
  const token = async (account: string) =>
    (await sessions.create({ userId: who.find((u) => u.account === account)!.id, account, terminal: 'bench', ip: '127.0.0.1' })).token;
  const call = async <T>(as: string, url: string, payload: object): Promise<T> => {
    const res = await app.inject({ method: 'POST', url, payload, headers: { token: as } });
    const answer = res.json() as Answer;
    if (answer.return_code !== '0') throw new Error(`${url} refused: ${answer.error_info}`);
    return answer.data as T;
  };
  const supplier = await token('supplier01');
  const admin = await token('admin');
  const now = Date.now();
  const draft = await call<{ spaceId: string; itemList: { id: string }[] }>(supplier, '/auction/ws/auctionSpaceInfo/save', {
    spaceName: '压测公开增价专场',
    name: '煤炭 / 动力煤',
    spaceAuctionMode: 1,
    auctionBeginTime: new Date(now + 60_000).toISOString(),
    auctionEndTime: new Date(now + 3 * 3_600_000).toISOString(),
    priceStep,
    deposit: 0,
    delayWindowSec: 0,
    delaySec: 0,
    itemList: [
      {
        pieceName: '压测动力煤 Q5500',
        varietyCode: 'COAL-STEAM-5500',
        totalWeight: 10_000,
        basePrice,
        paymentType: 2,
        transportWay: 'A',
        deliveryPlace: '山西晋城',
      },
    ],
  });
  await call(supplier, '/auction/ws/auctionSpaceInfo/submit', { spaceId: draft.spaceId });
  await call(admin, '/auction/ws/auctionSpaceInfo/review', { spaceId: draft.spaceId, pass: true, reviewRemark: 'bench' });
  for (const t of bidderTokens) await call(t, '/auction/ws/auctionSpaceInfo/register', { spaceId: draft.spaceId });
  const begin = new Date(now - 60_000).toISOString();
  await db.updateTable('auction_spaces').set({ begin_at: begin }).where('id', '=', Number(draft.spaceId)).execute();
  await sql`update scheduled_jobs set run_at = ${begin} where kind = ${AUCTION_JOBS.start} and key = ${draft.spaceId}`.execute(db);
  await app.live.scheduler.runDue();
  return { spaceId: draft.spaceId, pieceId: draft.itemList[0]!.id, basePrice, priceStep, supplier, admin };
}

export const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : 0;
