/**
 * The portal's public API against a bare server: POST /listing/ws/listing/portalSalePage on the
 * demo data (223 listings on sale), in one run.
 *
 *   npx tsx bench/portal-api.ts
 *   npx tsx bench/portal-api.ts --seconds 5 --warmup 2 --connections 50 --log-sample 1 --pg
 *
 * It loads the demo data into SQLite (a temporary file; with --pg a scratch schema in
 * BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test, dropped afterwards) and
 * sends the same searches from 50 keep-alive connections in a worker thread to, one after the
 * other: a bare node:http server answering the bytes the app answers to the first search; the real
 * app (buildApp, logging one line per request to /dev/null as a server logs to its output) with
 * the public cache on; the same app with PORTAL_CACHE=off. Each gets a warm-up first. It prints
 * p50/p99 latency seen by the client, requests per second and the ratios to the bare server.
 * Options: --seconds N (10), --warmup N (3), --connections N (50), --log-sample R (1; 0 logs
 * nothing), --bodies N (1: page 1 of 32 listings; more adds pages and sorts), --br (the client
 * accepts brotli), --pg. The figures go to docs/performance.md ("Portal API").
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../apps/server/src/app';
import { openDatabase, type DbHandle } from '../apps/server/src/db/database';
import { loadDemoData } from '../apps/server/src/demo/index';
import { migrateToLatest } from '../apps/server/src/migrations';
import { createDbKv } from '../apps/server/src/platform/kv';
import { createLogger } from '../apps/server/src/platform/logger';
import { loadSettings } from '../apps/server/src/settings';
import { arg, bareServer, figures, load, ms, type LoadResult } from './load';

const args = process.argv.slice(2);
const SECONDS = Number(arg('seconds', '10'));
const WARMUP = Number(arg('warmup', '3'));
const CONNECTIONS = Number(arg('connections', '50'));
const LOG_SAMPLE = arg('log-sample', '1');
const BODIES = Number(arg('bodies', '1'));
const BROTLI = args.includes('--br');
const PG = args.includes('--pg');
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SEARCH_PATH = '/listing/ws/listing/portalSalePage';

/** Page 1 of 32 newest first, then other pages and sorts (the market's first screens). */
const bodies = Array.from({ length: BODIES }, (_, i) =>
  JSON.stringify({ pageNo: 1 + Math.floor(i / 4), pageSize: 32, sortField: i % 2 ? 1 : 2, sortAsc: (i >> 1) % 2 }),
);
const headers: Record<string, string> = BROTLI ? { 'accept-encoding': 'br' } : {};

async function openData(): Promise<{ database: DbHandle; cleanup: () => Promise<void> }> {
  if (PG) {
    const schema = `bench_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const database = openDatabase({ databaseUrl: PG_URL, searchPath: schema });
    return {
      database,
      cleanup: async () => {
        const c = new pg.Client({ connectionString: PG_URL });
        await c.connect();
        await c.query(`drop schema ${schema} cascade`);
        await c.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-portal-'));
  const database = openDatabase({ sqliteFile: path.join(dir, 'bench.sqlite') });
  return { database, cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** The app with the given cache setting on a loopback port: its load result and its answer to the first body. */
async function runApp(database: DbHandle, cache: 'on' | 'off'): Promise<{ result: LoadResult; sample: Buffer }> {
  const settings = loadSettings({ NODE_ENV: 'test', LOG_SAMPLE_RATE: LOG_SAMPLE, PORTAL_CACHE: cache });
  const logger = createLogger('info', pino.destination({ dest: '/dev/null', sync: true }));
  const kv = createDbKv(database.db);
  const app = await buildApp({ settings, database, kv, logger, webDist: null });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as { port: number }).port;
  try {
    const res = await fetch(`http://127.0.0.1:${port}${SEARCH_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: bodies[0],
    });
    const sample = Buffer.from(await res.arrayBuffer());
    await load({ port, path: SEARCH_PATH, bodies, seconds: WARMUP, connections: CONNECTIONS, headers });
    const result = await load({ port, path: SEARCH_PATH, bodies, seconds: SECONDS, connections: CONNECTIONS, headers });
    return { result, sample };
  } finally {
    await app.close();
    await kv.close();
  }
}

const uptime = () => os.loadavg()[0]!.toFixed(1);
const { database, cleanup } = await openData();
const rows: { name: string; result: LoadResult; load: string }[] = [];
let bytes = 0;
try {
  await migrateToLatest(database.db, database.dialect);
  await loadDemoData(database.db);
  const listings = await database.db
    .selectFrom('listings')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('obj_state', '=', 1)
    .executeTakeFirstOrThrow();
  console.log(`${PG ? 'PostgreSQL' : 'SQLite'}, demo data: ${Number(listings.n)} listings on sale; ${bodies.length} search bodies`);

  let before = uptime();
  const cached = await runApp(database, 'on');
  rows.push({ name: 'app, public cache on', result: cached.result, load: `${before}-${uptime()}` });
  before = uptime();
  const uncached = await runApp(database, 'off');
  rows.push({ name: 'app, PORTAL_CACHE=off', result: uncached.result, load: `${before}-${uptime()}` });
  bytes = uncached.sample.length;

  before = uptime();
  const bare = await bareServer(uncached.sample);
  await load({ port: bare.port, path: SEARCH_PATH, bodies, seconds: WARMUP, connections: CONNECTIONS, headers });
  const bareResult = await load({ port: bare.port, path: SEARCH_PATH, bodies, seconds: SECONDS, connections: CONNECTIONS, headers });
  await bare.close();
  rows.unshift({ name: `bare node:http, the same ${bytes} bytes`, result: bareResult, load: `${before}-${uptime()}` });
} finally {
  await database.close();
  await cleanup();
}

const bareRps = figures(rows[0]!.result).rps;
console.log(
  `\nnode ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}); ${CONNECTIONS} connections, ${SECONDS} s after ${WARMUP} s warm-up; log sample ${LOG_SAMPLE}${BROTLI ? '; client accepts br' : ''}\n`,
);
console.log('| | load average | p50 ms | p99 ms | requests/s | of bare | KB/answer | errors |');
console.log('|---|---|---|---|---|---|---|---|');
for (const { name, result, load: avg } of rows) {
  const f = figures(result);
  const kb = result.latencies.length ? result.bytes / result.latencies.length / 1024 : 0;
  console.log(
    `| ${name} | ${avg} | ${ms(f.p50)} | ${ms(f.p99)} | ${f.rps.toFixed(0)} | ${(f.rps / bareRps).toFixed(2)} | ${kb.toFixed(1)} | ${result.errors} |`,
  );
}
