/**
 * Listing search speed: POST /listing/ws/listing/portalSalePage at 1,000,000 listings.
 *
 *   npx tsx bench/listing-search.ts
 *   npx tsx bench/listing-search.ts --rows 200000 --seconds 5 --warmup 5 --only sqlite
 *   npx tsx bench/listing-search.ts --only sqlite --sqlite-file /tmp/listings.sqlite   # keeps and reuses the data
 *   npx tsx bench/listing-search.ts --only postgres --pg-schema bench_keep             # the same in PostgreSQL
 *
 * For SQLite (a temporary file) and PostgreSQL (a scratch schema in BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test, dropped afterwards) it generates the listings, starts
 * the real app (buildApp) on a loopback port and, from a worker thread, fires a mix of searches
 * (tag filters, price/quantity/seller filters, both sorts in both directions, shallow and deep
 * pages) from 50 keep-alive connections: first a warm-up, then the measured run. Beside it, a bare
 * node:http server answers the same bytes the app answers, with the same load, in the same run.
 * It prints p50/p99 latency seen by the client and measured inside the server, requests per
 * second, the ratios to the bare server, and the cost of single requests at growing depths.
 * The figures go to docs/performance.md ("Listing search").
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { openDatabase, type DbHandle } from '../apps/server/src/db/database';
import { MARKETS, VARIETY_TREE, pictureId, varietyLeaves } from '../apps/server/src/demo/trading';
import { FACET_COLUMNS } from '../apps/server/src/modules/listings/migrations/004-trading';
import { cardExpression } from '../apps/server/src/modules/listings/migrations/143-listing-cards';
import { migrateToLatest } from '../apps/server/src/migrations';
import { createDbKv } from '../apps/server/src/platform/kv';
import { loadSettings } from '../apps/server/src/settings';
import { arg, bareServer, figures, load, ms, quantile, type LoadResult } from './load';

const ROWS = Number(arg('rows', '1000000'));
const SECONDS = Number(arg('seconds', '10'));
const WARMUP = Number(arg('warmup', '30'));
const CONNECTIONS = Number(arg('connections', '50'));
const ONLY = arg('only', 'both');
/** The public cache's setting for the runs: on, off, or both (one app each, on the same data). */
const CACHE = arg('cache', 'both');
const CACHES = CACHE === 'both' ? (['on', 'off'] as const) : ([CACHE as 'on' | 'off'] as const);
/** Seconds of each fixed-page run (page 1, page 1,000). */
const PAGE_SECONDS = Number(arg('page-seconds', '5'));
/** A SQLite file to generate once and reuse on later runs (kept afterwards). */
const SQLITE_FILE = arg('sqlite-file', '');
/** A PostgreSQL schema to generate once and reuse on later runs (kept afterwards). */
const PG_SCHEMA = arg('pg-schema', '');
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SELLERS = 2000;
const SEARCH_PATH = '/listing/ws/listing/portalSalePage';

/** The same deterministic generator the demo data uses. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!,
  };
}

const LISTING_COLUMNS = [
  'id',
  'trade_listing_code',
  'listing_type',
  'hold_bs',
  'obj_state',
  'single_price',
  'currency',
  'obj_listing_milli',
  'surplus_milli',
  'min_milli',
  'obj_listing_day',
  'obj_period_day',
  'transport_way',
  'payment_type',
  'seller_id',
  'user_name',
  'market_code',
  'variety_l1',
  'variety_l2',
  'variety_code',
  'variety_name',
  'pic_file_id',
  'publish_time',
  'origin',
  'delivery_place',
  'delivery_start',
  'delivery_end',
  'remark',
] as const;
const PG_TYPES: Record<string, string> = {
  id: 'int4',
  hold_bs: 'int4',
  obj_state: 'int4',
  single_price: 'int8',
  obj_listing_milli: 'int8',
  surplus_milli: 'int8',
  min_milli: 'int8',
  obj_listing_day: 'int4',
  obj_period_day: 'int4',
  payment_type: 'int4',
  seller_id: 'int4',
};
const SKU_COLUMNS = ['listing_id', 'sort', 'goods_sku_name', 'variety_unit', 'specs_json'] as const;

const leaves = varietyLeaves();
const cnyPer: Record<string, number> = { CNY: 1, USD: 7.2, HKD: 0.92 };
const START = Date.UTC(2024, 0, 1);
const SPAN = Date.UTC(2026, 0, 1) - START;

/** Listing i, in publication order, with values shaped like the demo data. */
function listingRow(i: number, rnd: ReturnType<typeof random>, sellerIds: number[]): unknown[] {
  const { root, branch, leaf } = leaves[rnd.int(0, leaves.length - 1)]!;
  const market =
    rnd.next() < 0.06
      ? MARKETS[rnd.int(3, 4)]!
      : root.code === 'COAL'
        ? MARKETS[0]!
        : root.code === 'UREA' || root.code === 'NPK'
          ? MARKETS[1]!
          : MARKETS[2]!;
  const listed = rnd.int(leaf.quantity[0], leaf.quantity[1]) * 1000;
  const r = rnd.next();
  const state = r < 0.95 ? 1 : r < 0.99 ? 2 : 3;
  const seller = sellerIds[Math.floor(rnd.next() ** 2 * sellerIds.length)]!;
  const published = START + Math.floor((i / ROWS) * SPAN);
  const date = new Date(published).toISOString().slice(0, 10);
  return [
    i + 1,
    `GP${date.replace(/-/g, '')}${String(i).padStart(7, '0')}`,
    rnd.next() < 0.25 ? 'D' : 'A',
    rnd.next() < 0.1 ? 1 : 2,
    state,
    Math.round((leaf.price / cnyPer[market.currency]!) * (0.85 + rnd.next() * 0.3) * 100),
    market.currency,
    listed,
    state === 2 ? 0 : Math.round((listed * rnd.int(20, 100)) / 100000) * 1000,
    Math.min(listed, rnd.pick([10, 50, 100, 500]) * 1000),
    rnd.pick([7, 10, 15, 30]),
    rnd.pick([15, 30, 45, 60]),
    rnd.next() < 0.55 ? 'A' : 'B',
    rnd.next() < 0.4 ? 1 : 2,
    seller,
    `卖方企业${String(seller).padStart(5, '0')}有限公司`,
    market.market_id,
    root.code,
    branch.code,
    leaf.code,
    `${branch.name} ${leaf.name}`,
    pictureId(leaf.code),
    new Date(published).toISOString(),
    '山西晋城',
    '秦皇岛港',
    date,
    date,
    '',
  ];
}
const skuRow = (row: unknown[]) => {
  const leaf = leaves.find((l) => l.leaf.code === row[19])!.leaf;
  return [row[0], 0, `${String(row[20])}`, leaf.unit, JSON.stringify(leaf.specs.map(([name, value]) => ({ name, value })))];
};

async function referenceData(handle: DbHandle): Promise<number[]> {
  const db = handle.db;
  const at = new Date().toISOString();
  let sort = 0;
  for (const root of VARIETY_TREE) {
    await db.insertInto('varieties').values({ code: root.code, par_code: '', short_name: root.name, level: 1, sort: ++sort }).execute();
    for (const branch of root.branches) {
      await db
        .insertInto('varieties')
        .values({ code: branch.code, par_code: root.code, short_name: branch.name, level: 2, sort: ++sort })
        .execute();
      for (const leaf of branch.leaves) {
        await db
          .insertInto('varieties')
          .values({ code: leaf.code, par_code: branch.code, short_name: leaf.name, level: 3, sort: ++sort })
          .execute();
      }
    }
  }
  await db.insertInto('markets').values(MARKETS).execute();
  const ids: number[] = [];
  for (let i = 0; i < SELLERS; i += 500) {
    const users = Array.from({ length: Math.min(500, SELLERS - i) }, (_, k) => ({
      account: `bench_seller_${i + k}`,
      password_hash: 'none',
      user_type: 'comp',
      created_at: at,
      updated_at: at,
    }));
    ids.push(...(await db.insertInto('users').values(users).returning('id').execute()).map((r) => r.id));
  }
  for (let i = 0; i < ids.length; i += 500) {
    await db
      .insertInto('shops')
      .values(
        ids.slice(i, i + 500).map((id) => ({ user_id: id, company_name: `卖方企业${String(id).padStart(5, '0')}有限公司`, opened_at: at })),
      )
      .execute();
  }
  return ids;
}

async function rebuildFacets(handle: DbHandle): Promise<void> {
  const cols = FACET_COLUMNS.join(', ');
  await sql.raw(`delete from listing_facets`).execute(handle.db);
  await sql.raw(`insert into listing_facets (${cols}, n) select ${cols}, count(*) from listings group by ${cols}`).execute(handle.db);
}

/** SQLite: one transaction of prepared multi-row inserts, indexes and triggers rebuilt after. */
async function generateSqlite(file: string): Promise<void> {
  const handle = openDatabase({ sqliteFile: file });
  await migrateToLatest(handle.db, handle.dialect);
  const sellers = await referenceData(handle);
  await handle.close();

  const raw = new SqliteDatabase(file);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = OFF');
  const schemaObjects = raw
    .prepare(
      `select type, name, sql from sqlite_master where sql is not null
       and ((tbl_name = 'listings' and type in ('index', 'trigger')) or (tbl_name = 'listing_skus' and type = 'trigger'))`,
    )
    .all() as { type: string; name: string; sql: string }[];
  for (const o of schemaObjects) raw.exec(`drop ${o.type} ${o.name}`);
  const BATCH = 100;
  const placeholders = (cols: number) => `(${Array(cols).fill('?').join(',')})`;
  const insertListings = raw.prepare(
    `insert into listings (${LISTING_COLUMNS.join(',')}) values ${Array(BATCH).fill(placeholders(LISTING_COLUMNS.length)).join(',')}`,
  );
  const insertSkus = raw.prepare(
    `insert into listing_skus (${SKU_COLUMNS.join(',')}) values ${Array(BATCH).fill(placeholders(SKU_COLUMNS.length)).join(',')}`,
  );
  const rnd = random(7);
  raw.transaction(() => {
    for (let i = 0; i < ROWS; i += BATCH) {
      const rows = Array.from({ length: BATCH }, (_, k) => listingRow(i + k, rnd, sellers));
      insertListings.run(rows.flat());
      insertSkus.run(rows.map(skuRow).flat());
    }
  })();
  raw.exec(`update listings set card_json = ${cardExpression('sqlite', 'listings')}`);
  for (const o of schemaObjects.filter((x) => x.type === 'index')) raw.exec(o.sql);
  raw.close();
  const again = openDatabase({ sqliteFile: file });
  await rebuildFacets(again);
  await sql.raw('analyze').execute(again.db);
  await again.close();
  const reopened = new SqliteDatabase(file);
  for (const o of schemaObjects.filter((x) => x.type === 'trigger')) reopened.exec(o.sql);
  reopened.close();
}

/** PostgreSQL: batches of unnest() inserts with the facet trigger off, then VACUUM ANALYZE. */
async function generatePostgres(schema: string): Promise<void> {
  const handle = openDatabase({ databaseUrl: PG_URL, searchPath: schema });
  await migrateToLatest(handle.db, handle.dialect);
  const sellers = await referenceData(handle);
  const client = new pg.Client({ connectionString: PG_URL, options: `-c search_path=${schema}` });
  await client.connect();
  const indexes = (
    await client.query<{ indexname: string; indexdef: string }>(
      `select indexname, indexdef from pg_indexes where schemaname = $1 and tablename = 'listings' and indexname like 'listings\\_%' and indexname not like '%pkey' and indexname not like '%\\_key'`,
      [schema],
    )
  ).rows;
  for (const index of indexes) await client.query(`drop index ${index.indexname}`);
  await client.query('alter table listings disable trigger listings_facets');
  await client.query('alter table listings disable trigger listings_card');
  await client.query('alter table listing_skus disable trigger listing_skus_card');
  const typeOf = (c: string) => PG_TYPES[c] ?? 'text';
  const listingSql = `insert into listings (${LISTING_COLUMNS.join(',')}) select * from unnest(${LISTING_COLUMNS.map((c, i) => `$${i + 1}::${typeOf(c)}[]`).join(',')})`;
  const skuSql = `insert into listing_skus (${SKU_COLUMNS.join(',')}) select * from unnest($1::int4[], $2::int4[], $3::text[], $4::text[], $5::text[])`;
  const rnd = random(7);
  const BATCH = 10_000;
  await client.query('begin');
  for (let i = 0; i < ROWS; i += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, ROWS - i) }, (_, k) => listingRow(i + k, rnd, sellers));
    await client.query(
      listingSql,
      LISTING_COLUMNS.map((_, c) => rows.map((r) => r[c])),
    );
    const skus = rows.map(skuRow);
    await client.query(
      skuSql,
      SKU_COLUMNS.map((_, c) => skus.map((r) => r[c])),
    );
  }
  await client.query('commit');
  await client.query(`select setval(pg_get_serial_sequence('listings', 'id'), ${ROWS})`);
  // The market cards, written once for all rows before the search indexes are built again.
  await client.query(`update listings set card_json = ${cardExpression('postgres', 'listings')}`);
  for (const index of indexes) await client.query(index.indexdef);
  await client.query('alter table listings enable trigger listings_card');
  await client.query('alter table listing_skus enable trigger listing_skus_card');
  await client.query('alter table listings enable trigger listings_facets');
  await rebuildFacets(handle);
  await client.query('vacuum analyze listings');
  await client.query('vacuum analyze listing_skus');
  await client.query('vacuum analyze listing_facets');
  await client.end();
  await handle.close();
}

async function post(port: number, body: unknown): Promise<{ status: number; text: string; ms: number }> {
  const t0 = process.hrtime.bigint();
  const res = await fetch(`http://127.0.0.1:${port}${SEARCH_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text, ms: Number(process.hrtime.bigint() - t0) / 1e6 };
}

/** The request mix: mostly tag filters and early pages, a fifth deep pages, some range filters. */
async function buildMix(port: number): Promise<string[]> {
  const rnd = random(42);
  const codes = {
    root: VARIETY_TREE.map((r) => r.code),
    branch: VARIETY_TREE.flatMap((r) => r.branches.map((b) => b.code)),
    leaf: leaves.map((l) => l.leaf.code),
  };
  const filters = (): Record<string, unknown> => {
    const r = rnd.next();
    if (r < 0.3) return {};
    if (r < 0.45) return { varietyCode: rnd.pick(codes.root) };
    if (r < 0.55) return { varietyCode: rnd.pick(codes.branch) };
    if (r < 0.65) return { varietyCode: rnd.pick(codes.leaf) };
    if (r < 0.7) return { marketCode: rnd.pick(MARKETS.slice(0, 5)).market_id };
    if (r < 0.75) return { holdBs: 2, listingType: rnd.pick(['A', 'D']) };
    if (r < 0.8) return { varietyCode: rnd.pick(codes.root), holdBs: 2, listingType: 'A' };
    if (r < 0.86) {
      const min = rnd.int(50, 3000) * 100;
      return { minSinglePrice: min, maxSinglePrice: min + rnd.int(1, 20) * 5000 };
    }
    if (r < 0.9) return { minObjListingNum: rnd.int(100, 5000), maxObjListingNum: rnd.int(5000, 40000) };
    if (r < 0.94) return { userName: String(rnd.int(1, 9999)).padStart(5, '0').slice(0, 4) };
    const min = rnd.int(500, 2000) * 100;
    return { varietyCode: rnd.pick(codes.root), minSinglePrice: min, maxSinglePrice: min + 100000 };
  };
  const totals = new Map<string, number>();
  const bodies: string[] = [];
  for (let i = 0; i < 3000; i++) {
    const f = filters();
    const key = JSON.stringify(f);
    if (!totals.has(key))
      totals.set(key, (JSON.parse((await post(port, { ...f, pageSize: 8 })).text) as { data: { totalItem: number } }).data.totalItem);
    const pageSize = rnd.pick([8, 8, 8, 16, 24, 32]);
    const lastPage = Math.max(1, Math.ceil(totals.get(key)! / pageSize));
    const r = rnd.next();
    const pageNo = r < 0.6 ? rnd.int(1, Math.min(5, lastPage)) : r < 0.8 ? rnd.int(1, Math.min(200, lastPage)) : rnd.int(1, lastPage);
    bodies.push(JSON.stringify({ ...f, sortField: rnd.pick([1, 2]), sortAsc: rnd.pick([0, 1]), pageNo, pageSize }));
  }
  return bodies;
}

/** One app's runs: the mix, and pages 1 and 1,000 of the unfiltered stream hammered alone. */
interface AppRuns {
  cache: 'on' | 'off';
  load: string;
  mix: LoadResult;
  server: number[];
  pages: { pageNo: number; result: LoadResult; server: number[] }[];
}

interface Figures {
  dialect: string;
  generateSeconds: number;
  runs: AppRuns[];
  bare: LoadResult;
  depth: { stream: string; pageNo: number; cold: number; warm: number }[];
  bytes: number;
}

const uptime = () => os.loadavg()[0]!.toFixed(1);

function summary(f: Figures): string {
  const b = figures(f.bare);
  const row = (name: string, r: LoadResult, avg = '') => {
    const x = figures(r);
    return `| ${name} | ${avg} | ${ms(x.p50)} | ${ms(x.p99)} | ${x.rps.toFixed(0)} | ${(x.rps / b.rps).toFixed(2)} | ${r.errors} |`;
  };
  const lines = [
    `### ${f.dialect}: ${ROWS.toLocaleString('en-US')} listings (generated in ${f.generateSeconds.toFixed(0)} s), ${CONNECTIONS} connections; the mix ${SECONDS} s after a ${WARMUP} s warm-up, fixed pages ${PAGE_SECONDS} s`,
    '',
    '| | load average | p50 ms | p99 ms | requests/s | of bare | errors |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const run of f.runs) {
    const s = [...run.server].sort((x, y) => x - y);
    lines.push(row(`mix, cache ${run.cache}, seen by the client`, run.mix, run.load));
    lines.push(`| mix, cache ${run.cache}, inside the server | | ${ms(quantile(s, 0.5))} | ${ms(quantile(s, 0.99))} | | | |`);
    for (const p of run.pages) {
      const name = `page ${p.pageNo.toLocaleString('en-US')} (32, newest first), cache ${run.cache}`;
      const inside = [...p.server].sort((x, y) => x - y);
      lines.push(row(`${name}, seen by the client`, p.result));
      lines.push(`| ${name}, inside the server | | ${ms(quantile(inside, 0.5))} | ${ms(quantile(inside, 0.99))} | | | |`);
    }
  }
  lines.push(row(`bare node:http, same ${f.bytes} bytes`, f.bare));
  return [
    ...lines,
    '',
    'Single requests by depth after the runs, 32 a page (first = first request of that page, again = median of 10 more):',
    '',
    '| stream | page | first ms | again ms |',
    '|---|---|---|---|',
    ...f.depth.map((d) => `| ${d.stream} | ${d.pageNo.toLocaleString('en-US')} | ${ms(d.cold)} | ${ms(d.warm)} |`),
    '',
  ].join('\n');
}

/** The app with the cache `cache` on the data: the mix after a warm-up, then the fixed pages. */
async function runApp(database: DbHandle, cache: 'on' | 'off', mix: string[] | null) {
  const settings = loadSettings({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PORTAL_CACHE: cache });
  const kv = createDbKv(database.db);
  const app = await buildApp({ settings, database, kv, webDist: null });
  let server: number[] = [];
  let recording = false;
  app.addHook('onResponse', async (_request, reply) => {
    if (recording) server.push(reply.elapsedTime);
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as { port: number }).port;
  const run = (bodies: string[], seconds: number) => load({ port, path: SEARCH_PATH, bodies, seconds, connections: CONNECTIONS });
  const before = uptime();
  const bodies = mix ?? (await buildMix(port));
  console.log(`[cache ${cache}] warm-up ${WARMUP} s…`);
  await run(bodies, WARMUP);
  recording = true;
  console.log(`[cache ${cache}] measuring ${SECONDS} s…`);
  const mixResult = await run(bodies, SECONDS);
  recording = false;
  const mixServer = server;
  const pages: AppRuns['pages'] = [];
  for (const pageNo of [1, 1000]) {
    const body = [JSON.stringify({ pageNo, pageSize: 32, sortField: 2, sortAsc: 0 })];
    await run(body, 1);
    server = [];
    recording = true;
    const result = await run(body, PAGE_SECONDS);
    recording = false;
    pages.push({ pageNo, result, server });
  }
  const runs: AppRuns = { cache, load: `${before}-${uptime()}`, mix: mixResult, server: mixServer, pages };
  return { app, port, bodies, runs, close: async () => (await app.close(), await kv.close()) };
}

async function measure(dialect: 'sqlite' | 'postgres'): Promise<Figures> {
  const started = Date.now();
  let database: DbHandle;
  let cleanup: () => Promise<void>;
  if (dialect === 'sqlite' && SQLITE_FILE) {
    if (!fs.existsSync(SQLITE_FILE)) await generateSqlite(SQLITE_FILE);
    database = openDatabase({ sqliteFile: SQLITE_FILE });
    cleanup = async () => {};
  } else if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-listings-'));
    const file = path.join(dir, 'bench.sqlite');
    await generateSqlite(file);
    database = openDatabase({ sqliteFile: file });
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
  } else {
    const schema = PG_SCHEMA || `bench_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    const exists = (await admin.query('select 1 from information_schema.schemata where schema_name = $1', [schema])).rowCount === 1;
    if (!exists) await admin.query(`create schema ${schema}`);
    await admin.end();
    const drop = async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    };
    cleanup = PG_SCHEMA ? async () => {} : drop;
    if (!exists) {
      try {
        await generatePostgres(schema);
      } catch (err) {
        await drop();
        throw err;
      }
    }
    database = openDatabase({ databaseUrl: PG_URL, searchPath: schema });
  }
  const generateSeconds = (Date.now() - started) / 1000;
  console.log(`[${dialect}] ${ROWS} listings ready in ${generateSeconds.toFixed(0)} s`);

  const runs: AppRuns[] = [];
  let mix: string[] | null = null;
  let last: Awaited<ReturnType<typeof runApp>> | null = null;
  try {
    for (const cache of CACHES) {
      await last?.close();
      last = await runApp(database, cache, mix);
      mix = last.bodies;
      runs.push(last.runs);
    }
    const port = last!.port;
    // Single requests at growing depth, after the load: one stream the service walks in the
    // background, and one it walks only on first use (its first deep request is "cold").
    const depth: Figures['depth'] = [];
    for (const [stream, filter] of [
      ['no filter, newest first', {}],
      ['sell + standard listing, cheapest first', { holdBs: 2, listingType: 'A', sortField: 1, sortAsc: 1 }],
    ] as const) {
      const total = (JSON.parse((await post(port, { ...filter, pageSize: 32 })).text) as { data: { totalItem: number } }).data.totalItem;
      const lastPage = Math.ceil(total / 32);
      for (const pageNo of [1, 10, 100, 1000, 5000, 10_000, Math.floor(lastPage / 2), lastPage]) {
        const body = { ...filter, pageSize: 32, pageNo };
        const cold = (await post(port, body)).ms;
        const warm: number[] = [];
        for (let i = 0; i < 10; i++) warm.push((await post(port, body)).ms);
        depth.push({ stream, pageNo, cold, warm: warm.sort((x, y) => x - y)[5]! });
      }
    }
    const bytes = Buffer.from((await post(port, JSON.parse(mix![0]!) as unknown)).text);
    await last!.close();
    last = null;

    const bare = await bareServer(bytes);
    await load({ port: bare.port, path: SEARCH_PATH, bodies: mix!, seconds: 2, connections: CONNECTIONS });
    const bareResult = await load({ port: bare.port, path: SEARCH_PATH, bodies: mix!, seconds: SECONDS, connections: CONNECTIONS });
    await bare.close();
    return {
      dialect: dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL',
      generateSeconds,
      runs,
      bare: bareResult,
      depth,
      bytes: bytes.length,
    };
  } finally {
    await last?.close();
    await database.close();
    await cleanup();
  }
}

const results: Figures[] = [];
for (const dialect of ['sqlite', 'postgres'] as const) {
  if (ONLY !== 'both' && ONLY !== dialect) continue;
  results.push(await measure(dialect));
}
console.log(
  `\nnode ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB\n`,
);
for (const f of results) console.log(summary(f));
