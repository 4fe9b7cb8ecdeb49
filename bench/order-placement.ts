/**
 * Order placement on one hot listing: 50 buyer companies order at once over HTTP.
 *
 *   npx tsx bench/order-placement.ts
 *   npx tsx bench/order-placement.ts --seconds 5 --buyers 50 --stock 40000 --only sqlite
 *   npx tsx bench/order-placement.ts --proxy --listings 50   (orders spread: each buyer on a listing of its own)
 *
 * For SQLite (a temporary file) and PostgreSQL (a scratch schema in BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test, dropped afterwards) it loads the demo data, adds the
 * buyer companies, has supplier01 publish one listing through the real calls (save, submit, the
 * operator's approval), starts the real app (buildApp) on a loopback port and, from a worker
 * thread, lets every buyer place orders back to back on its own keep-alive connection (each with a
 * fresh requestId) until the time is up or the stock is gone; a second, short run then empties the
 * stock so the refusals are exercised too. It prints orders per second and the p50/p99 latency the
 * buyers saw, then the proof: the quantities of the orders stored equal the stock sold, the stock
 * never went below zero, and every accepted answer is one stored order. Loopback only; every loop
 * is bounded by time and by the stock. The figures go to docs/performance.md ("Order placement").
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { openDatabase, type DbHandle } from '../apps/server/src/db/database';
import { loadDemoData } from '../apps/server/src/demo/index';
import { migrateToLatest } from '../apps/server/src/migrations';
import { hashPassword } from '../apps/server/src/platform/passwords';
import { createDbKv, type KvStore } from '../apps/server/src/platform/kv';
import { createSessions } from '../apps/server/src/platform/sessions';
import { loadSettings } from '../apps/server/src/settings';
import { freePort } from '../apps/server/src/faults/support/cluster';
import { startHaproxy, type Haproxy } from '../apps/server/src/test/haproxy';
import { cpuMsOf, PG_URL, serverProcesses, startServers, type ServerProcesses } from './auction-setup';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] ? args[at + 1]! : fallback;
};
const SECONDS = Number(arg('seconds', '10'));
const WARMUP = Number(arg('warmup', '2'));
const BUYERS = Number(arg('buyers', '50'));
/** The hot listing's stock, in tonnes; orders take 1-3 t each (some with decimals). */
const STOCK = Number(arg('stock', '100000'));
/** PostgreSQL only, two server processes behind HAProxy (ops/haproxy.cfg) instead of one app in this process. */
const PROXY = args.includes('--proxy');
/** Listings the buyers order on: buyer i on listing i mod N (1: every buyer on one hot listing). */
const LISTINGS = Number(arg('listings', '1'));
const ONLY = PROXY ? 'postgres' : arg('only', 'both');
const PLACE_PATH = '/commtrade/ws/order/place';

interface Answer {
  return_code: string;
  error_code?: string;
  error_info: string;
  data: unknown;
}

/** Calls the app in process as one of its users (setup only; the load goes over the network). */
async function callAs(app: FastifyInstance, token: string, url: string, payload: object): Promise<unknown> {
  const res = await app.inject({ method: 'POST', url, payload, headers: { token } });
  const answer = res.json() as Answer;
  if (answer.return_code !== '0') throw new Error(`${url} refused: ${answer.error_info}`);
  return answer.data;
}

/** Buyer companies with one company user each, signed in on a session of their own. */
async function addBuyers(database: DbHandle, kv: KvStore): Promise<string[]> {
  const db = database.db;
  const at = new Date().toISOString();
  const role = await db.selectFrom('roles').select('id').where('code', '=', 'company_user').executeTakeFirstOrThrow();
  const hash = await hashPassword('Bench@2026');
  const sessions = createSessions(kv, { idleMs: 3_600_000, absoluteMs: 3_600_000, lockIdleMs: 0, concurrent: true });
  const tokens: string[] = [];
  for (let i = 1; i <= BUYERS; i++) {
    const account = `benchbuyer${String(i).padStart(3, '0')}`;
    const company = await db
      .insertInto('companies')
      .values({ name: `压测采购公司 ${i}`, created_at: at })
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

/** The listings ordered on: supplier01 publishes each and the operator approves it, through the real calls. */
async function publishListings(app: FastifyInstance, database: DbHandle, kv: KvStore): Promise<{ id: number; code: string }[]> {
  const sessions = createSessions(kv, { idleMs: 3_600_000, absoluteMs: 3_600_000, lockIdleMs: 0, concurrent: true });
  const who = await database.db.selectFrom('users').select(['id', 'account']).where('account', 'in', ['supplier01', 'admin']).execute();
  const token = async (account: string) =>
    (await sessions.create({ userId: who.find((u) => u.account === account)!.id, account, terminal: 'bench', ip: '127.0.0.1' })).token;
  const supplier = await token('supplier01');
  const admin = await token('admin');
  const listings: { id: number; code: string }[] = [];
  for (let i = 0; i < LISTINGS; i++) listings.push(await publishOne(app, supplier, admin));
  return listings;
}

async function publishOne(app: FastifyInstance, supplier: string, admin: string): Promise<{ id: number; code: string }> {
  const draft = (await callAs(app, supplier, '/listing/ws/listing/save', {
    varietyCode: 'COAL-STEAM-5500',
    goodsSkuName: '压测 Q5500 动力煤',
    marketCode: 'M01',
    listingType: 'A',
    singlePrice: 86_000,
    currency: 'CNY',
    objListingNum: STOCK,
    objMinNum: 1,
    objListingDay: 30,
    objPeriodDay: 15,
    transportWay: 'A',
    paymentType: 1,
    deliveryPlace: '山西晋城',
  })) as { id: string };
  await callAs(app, supplier, '/listing/ws/listing/submit', { id: draft.id });
  const approved = (await callAs(app, admin, '/listing/ws/listing/review', { id: draft.id, pass: true, reviewRemark: 'bench' })) as {
    id: string;
    tradeListingCode: string;
  };
  return { id: Number(approved.id), code: approved.tradeListingCode };
}

interface LoadResult {
  latencies: number[];
  placed: number;
  refused: Record<string, number>;
  failed: number;
  /** Failed requests by HTTP status (an answer that is not the envelope: a proxy's 502-504) or network error. */
  failures: Record<string, number>;
  /** Sum of the accepted orders' quantities in thousandths, as the answers gave them. */
  acceptedMilli: number;
  seconds: number;
}

/** One keep-alive connection per buyer in a worker thread, so the server keeps the main thread. */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { port, path, tokens, codes, seconds, run } = workerData;
const latencies = [];
const refused = {};
const failures = {};
let placed = 0, failed = 0, acceptedMilli = 0, seq = 0;
const started = Date.now();
const deadline = started + seconds * 1000;
const quantities = [1, 2, 3, 1.5, 2.25, 1];
// Answers true when the listing refused for its stock: that buyer stops.
const one = (agent, token, buyer) => new Promise((resolve) => {
  seq += 1;
  const quantity = quantities[seq % quantities.length];
  const body = JSON.stringify({ tradeListingCode: codes[buyer % codes.length], quantity, deliveryAddress: '天津港 3 号库', contactName: '压测',
    contactPhone: '022-65881234', requestId: 'bench-' + run + '-' + buyer + '-' + seq });
  const t0 = process.hrtime.bigint();
  const req = http.request({ host: '127.0.0.1', port, path, method: 'POST', agent,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), token } }, (res) => {
    const chunks = [];
    res.on('data', (c) => chunks.push(c));
    res.on('end', () => {
      latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
      let soldOut = false;
      try {
        const answer = JSON.parse(Buffer.concat(chunks).toString());
        if (answer.return_code === '0') { placed++; acceptedMilli += Math.round(answer.data.quantity * 1000); }
        else { refused[answer.error_code] = (refused[answer.error_code] || 0) + 1; if (res.statusCode === 200) soldOut = true; }
      } catch { failed++; failures['HTTP ' + res.statusCode] = (failures['HTTP ' + res.statusCode] || 0) + 1; }
      resolve(soldOut);
    });
  });
  req.on('error', (err) => { failed++; failures[err.code || 'error'] = (failures[err.code || 'error'] || 0) + 1; resolve(false); });
  req.end(body);
});
const buyer = async (token, index) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  // Bounded: by time, and by the stock (a buyer stops after its listing refused for stock).
  while (Date.now() < deadline && !(await one(agent, token, index)));
  agent.destroy();
};
Promise.all(tokens.map(buyer)).then(() => {
  parentPort.postMessage({ latencies, placed, refused, failed, failures, acceptedMilli, seconds: (Date.now() - started) / 1000 });
});
`;

function load(port: number, tokens: string[], codes: string[], seconds: number, run: string): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { eval: true, workerData: { port, path: PLACE_PATH, tokens, codes, seconds, run } });
    worker.once('message', (m: LoadResult) => {
      void worker.terminate();
      resolve(m);
    });
    worker.once('error', reject);
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;

interface Figures {
  dialect: string;
  orders: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
  refused: Record<string, number>;
  failed: number;
  failures: Record<string, number>;
  proof: string[];
  proven: boolean;
}

/** Where the buyers send their orders, and what to close afterwards. */
interface Target {
  database: DbHandle;
  kv: KvStore;
  /** The app the data is prepared through (in this process). */
  app: FastifyInstance;
  /** Starts serving; answers the port the buyers connect to. */
  serve(): Promise<number>;
  /** What serves: one app, or two server processes behind HAProxy. */
  what: string;
  /** Behind the proxy: CPU used so far by the server processes, their database backends and the proxy, in ms. */
  cpu?(): Promise<{ servers: number; database: number; proxy: number }>;
  close(): Promise<void>;
}

/** One app in this process on SQLite or PostgreSQL, as production runs a single server. */
async function singleApp(dialect: 'sqlite' | 'postgres'): Promise<Target> {
  let database: DbHandle;
  let cleanup: () => Promise<void>;
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-orders-'));
    database = openDatabase({ sqliteFile: path.join(dir, 'bench.sqlite') });
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
  } else {
    const schema = `bench_orders_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    database = openDatabase({ databaseUrl: PG_URL, searchPath: schema, poolSize: Number(arg('pool', '8')) });
    cleanup = async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    };
  }
  const settings = loadSettings({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const kv = createDbKv(database.db);
  await migrateToLatest(database.db, database.dialect);
  await loadDemoData(database.db);
  const app = await buildApp({ settings, database, kv, webDist: null });
  return {
    database,
    kv,
    app,
    what: 'one app in this process',
    async serve() {
      await app.listen({ host: '127.0.0.1', port: 0 });
      return (app.server.address() as { port: number }).port;
    },
    async close() {
      await app.close();
      await kv.close();
      await database.close();
      await cleanup();
    },
  };
}

/**
 * Two server processes on one PostgreSQL schema sharing Redis (sessions, counters, events), behind
 * HAProxy running ops/haproxy.cfg: production's several nodes, every order through the proxy.
 */
async function nodesBehindProxy(): Promise<Target> {
  const servers = await startServers('postgres', 1);
  let processes: ServerProcesses | null = null;
  let proxy: Haproxy | null = null;
  return {
    database: servers.database,
    kv: servers.kv,
    app: servers.apps[0]!,
    what: 'two server processes behind HAProxy',
    async serve() {
      processes = await serverProcesses(servers, 2);
      proxy = await startHaproxy({
        port: await freePort(),
        statsPort: await freePort(),
        nodes: processes.ports.map((p) => `127.0.0.1:${p}`),
      });
      return Number(new URL(proxy.url).port);
    },
    async cpu() {
      return {
        servers: processes!.cpuMs(),
        database: await processes!.databaseCpuMs(),
        proxy: cpuMsOf(`/proc/${proxy!.child.pid!}/stat`),
      };
    },
    async close() {
      await proxy?.stop();
      await processes?.close();
      await servers.close();
    },
  };
}

async function measure(dialect: 'sqlite' | 'postgres'): Promise<Figures> {
  const target = PROXY ? await nodesBehindProxy() : await singleApp(dialect);
  const { database, kv, app } = target;
  try {
    const tokens = await addBuyers(database, kv);
    const listings = await publishListings(app, database, kv);
    const ids = listings.map((l) => l.id);
    const codes = listings.map((l) => l.code);
    const port = await target.serve();

    console.log(`[${dialect}] ${target.what}`);
    const what = LISTINGS === 1 ? `listing ${codes[0]}` : `${LISTINGS} listings (buyer i on listing i mod ${LISTINGS})`;
    console.log(`[${dialect}] ${BUYERS} buyers, ${what} with ${STOCK} t each; warm-up ${WARMUP} s…`);
    const warm = await load(port, tokens, codes, WARMUP, 'warm');
    console.log(`[${dialect}] measuring ${SECONDS} s…`);
    const cpuFrom = await target.cpu?.();
    const measured = await load(port, tokens, codes, SECONDS, 'run');
    const cpuTo = await target.cpu?.();
    if (cpuFrom && cpuTo) {
      const per = (k: keyof typeof cpuTo) => ((cpuTo[k] - cpuFrom[k]) / Math.max(1, measured.placed)).toFixed(2);
      console.log(`[${dialect}] CPU per order: servers ${per('servers')} ms, database ${per('database')} ms, proxy ${per('proxy')} ms`);
    }
    // Then the stock is emptied, so the last lots are raced for and the refusals are real.
    const rest = await database.db
      .selectFrom('listings')
      .select((eb) => eb.fn.sum<number | string>('surplus_milli').as('surplus_milli'))
      .where('id', 'in', ids)
      .executeTakeFirstOrThrow();
    await database.db
      .updateTable('listings')
      .set({
        surplus_milli: sql<number>`case when surplus_milli > 2000 then 2000 else surplus_milli end`,
        obj_listing_milli: sql<number>`obj_listing_milli - (case when surplus_milli > 2000 then surplus_milli - 2000 else 0 end)`,
      })
      .where('id', 'in', ids)
      .execute();
    console.log(`[${dialect}] ${(Number(rest.surplus_milli) / 1000).toFixed(3)} t left; the stock is cut to at most 2 t and raced for…`);
    const drain = await load(port, tokens, codes, 5, 'drain');

    // The proof, from the database
    const rows = await database.db
      .selectFrom('listings')
      .select(['obj_listing_milli', 'surplus_milli', 'obj_state'])
      .where('id', 'in', ids)
      .execute();
    const after = {
      obj_listing_milli: rows.reduce((sum, r) => sum + Number(r.obj_listing_milli), 0),
      surplus_milli: rows.reduce((sum, r) => sum + Number(r.surplus_milli), 0),
      obj_state: [...new Set(rows.map((r) => r.obj_state))].join('/'),
      negative: rows.filter((r) => Number(r.surplus_milli) < 0).length,
    };
    const stored = await sql<{ n: number | string; milli: number | string | null }>`
      select count(*) as n, sum(quantity_milli) as milli from orders where listing_id in (${sql.join(ids)})`.execute(database.db);
    const orderCount = Number(stored.rows[0]!.n);
    const orderedMilli = Number(stored.rows[0]!.milli ?? 0);
    const sold = Number(after.obj_listing_milli) - Number(after.surplus_milli);
    const accepted = warm.placed + measured.placed + drain.placed;
    const acceptedMilli = warm.acceptedMilli + measured.acceptedMilli + drain.acceptedMilli;
    const proof = [
      `orders stored ${orderCount} = orders accepted ${accepted}: ${orderCount === accepted}`,
      `sum of ordered quantities ${(orderedMilli / 1000).toFixed(3)} t = stock sold ${(sold / 1000).toFixed(3)} t (listed ${(Number(after.obj_listing_milli) / 1000).toFixed(3)} - left ${(Number(after.surplus_milli) / 1000).toFixed(3)}): ${orderedMilli === sold}`,
      `quantities the answers gave ${(acceptedMilli / 1000).toFixed(3)} t = stored ${(orderedMilli / 1000).toFixed(3)} t: ${acceptedMilli === orderedMilli}`,
      `stock left ${(Number(after.surplus_milli) / 1000).toFixed(3)} t, on no listing negative: ${after.negative === 0}; listing state ${after.obj_state}`,
      `refusals while racing for the last lots: ${JSON.stringify(drain.refused)}`,
    ];
    const proven = orderCount === accepted && orderedMilli === sold && acceptedMilli === orderedMilli && after.negative === 0;
    const sorted = [...measured.latencies].sort((a, b) => a - b);
    return {
      dialect,
      orders: measured.placed,
      seconds: measured.seconds,
      perSecond: measured.placed / measured.seconds,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      max: sorted[sorted.length - 1] ?? 0,
      refused: measured.refused,
      failed: measured.failed + drain.failed,
      failures: { ...drain.failures, ...measured.failures },
      proof,
      proven,
    };
  } finally {
    await target.close();
  }
}

async function main(): Promise<void> {
  const cpus = os.cpus();
  console.log(`machine: ${cpus.length} x ${cpus[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}`);
  const dialects = ONLY === 'both' ? (['sqlite', 'postgres'] as const) : [ONLY as 'sqlite' | 'postgres'];
  let allProven = true;
  for (const dialect of dialects) {
    const f = await measure(dialect);
    console.log(
      `[${f.dialect}] ${f.orders} orders in ${f.seconds.toFixed(1)} s: ${f.perSecond.toFixed(0)} orders/s, p50 ${f.p50.toFixed(1)} ms, p99 ${f.p99.toFixed(1)} ms, max ${f.max.toFixed(1)} ms; refused during the run ${JSON.stringify(f.refused)}; failed ${f.failed} ${JSON.stringify(f.failures)}`,
    );
    for (const line of f.proof) console.log(`[${f.dialect}]   ${line}`);
    allProven &&= f.proven && f.failed === 0;
  }
  if (!allProven) {
    console.log('PROOF FAILED');
    process.exitCode = 1;
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
