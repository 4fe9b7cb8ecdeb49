/**
 * Opening a sealed tender with many bids.
 *
 *   npx tsx bench/tender-opening.ts
 *   npx tsx bench/tender-opening.ts --bids 500 --runs 3 --only sqlite
 *
 * For SQLite (a temporary file) and PostgreSQL (a scratch schema in BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test, dropped afterwards) it loads the demo data, adds the
 * supplier companies to buyer01's supplier list, has buyer01 publish a two-line tender through the
 * real calls, seals one bid per supplier exactly as `tenderBid/save` does (AES-256-GCM, receipt
 * digest) and then moves the app's clock past openTime and times the scheduler's opening job: it
 * decrypts every bid, verifies each against its receipt, ranks them, writes the opening record into
 * the chain and tells every bidder, in one transaction. It prints the time per run and the proof:
 * every bid opened, the chain verifies, the ranks run 1..n. The target is under one second for 500
 * bids. The figures go to docs/performance.md ("Tender opening").
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { openDatabase, type DbHandle } from '../apps/server/src/db/database';
import { loadDemoData } from '../apps/server/src/demo/index';
import { migrateToLatest } from '../apps/server/src/migrations';
import { verifyTenderChains } from '../apps/server/src/modules/tender-trade/tender-chain-check';
import { bidAad, bidDigest, type BidContent } from '../apps/server/src/modules/tender-trade/tender-sealing';
import { createDbKv, type KvStore } from '../apps/server/src/platform/kv';
import { canonicalJson } from '../apps/server/src/platform/hash-chain';
import { createSealer, sealKeySource } from '../apps/server/src/platform/sealing';
import { createSessions } from '../apps/server/src/platform/sessions';
import { loadSettings } from '../apps/server/src/settings';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] ? args[at + 1]! : fallback;
};
const BIDS = Number(arg('bids', '500'));
const RUNS = Number(arg('runs', '3'));
const ONLY = arg('only', 'both');
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const HOUR = 3_600_000;

async function callAs(app: FastifyInstance, token: string, url: string, payload: object): Promise<{ id: string }> {
  const res = await app.inject({ method: 'POST', url, payload, headers: { token } });
  const answer = res.json() as { return_code: string; error_info: string; data: { id: string } };
  if (answer.return_code !== '0') throw new Error(`${url} refused: ${answer.error_info}`);
  return answer.data;
}

/** Supplier companies (one user each) on buyer01's supplier list. */
async function addSuppliers(database: DbHandle, buyerUserId: number): Promise<{ userId: number; companyId: number; name: string }[]> {
  const db = database.db;
  const at = new Date().toISOString();
  const out: { userId: number; companyId: number; name: string }[] = [];
  for (let i = 1; i <= BIDS; i++) {
    const name = `压测供应商 ${i}`;
    const company = await db.insertInto('companies').values({ name, created_at: at }).returning('id').executeTakeFirstOrThrow();
    const user = await db
      .insertInto('users')
      .values({
        account: `benchsupplier${String(i).padStart(4, '0')}`,
        password_hash: 'x',
        nick_name: name,
        user_type: 'comp',
        company_id: company.id,
        tenant_id: 'T001',
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('pur_customer_relations')
      .values({ buyer_user_id: buyerUserId, supplier_user_id: user.id, created_at: at })
      .execute();
    out.push({ userId: user.id, companyId: company.id, name });
  }
  return out;
}

/** One tender published by buyer01 through the real calls, with one sealed bid per supplier. */
async function tenderWithBids(app: FastifyInstance, database: DbHandle, kv: KvStore, key: string, clock: { at: number }, run: number) {
  const db = database.db;
  const buyer = await db.selectFrom('users').select(['id', 'account']).where('account', '=', 'buyer01').executeTakeFirstOrThrow();
  const sessions = createSessions(kv, { idleMs: 24 * HOUR, absoluteMs: 24 * HOUR, lockIdleMs: 0, concurrent: true });
  const token = (await sessions.create({ userId: buyer.id, account: buyer.account, terminal: `bench${run}`, ip: '127.0.0.1' })).token;
  const begin = clock.at;
  const draft = await callAs(app, token, '/purchase/ws/tender/save', {
    tenderName: `压测招标 ${run}`,
    tenderType: 'bidding',
    paymentType: 2,
    bidBeginTime: new Date(begin).toISOString(),
    bidEndTime: new Date(begin + HOUR).toISOString(),
    evaluationMethod: 'lowest',
    lines: [
      { goodsName: '动力煤 Q5500', quantity: 100000, unit: '吨', deliveryDate: '2030-01-01' },
      { goodsName: '动力煤 Q5000', quantity: 50000, unit: '吨', deliveryDate: '2030-02-01' },
    ],
  });
  await callAs(app, token, '/purchase/ws/tender/publish', { id: draft.id });
  const tenderId = Number(draft.id);
  const sealer = createSealer(sealKeySource({ TENDER_SEAL_KEY: key, TENDER_SEAL_OLD_KEYS: '', TENDER_SEAL_KEY_FILE: '', DATA_DIR: '.' }));
  const suppliers = run === 1 ? await addSuppliers(database, buyer.id) : await existingSuppliers(database);
  const time = new Date(begin + 60_000).toISOString();
  const rows = suppliers.map((s, i) => {
    const content: BidContent = {
      lines: [
        { lineNo: 1, unitPrice: 700_000 + ((i * 7919) % 50_000), quantityMilli: 100_000_000, deliveryDate: '2029-12-20' },
        { lineNo: 2, unitPrice: 650_000 + ((i * 104_729) % 50_000), quantityMilli: 50_000_000, deliveryDate: '2030-01-20' },
      ],
      remark: `报价 ${i}`,
      fileIds: [],
    };
    const { keyId, sealed } = sealer.seal(canonicalJson(content), bidAad(tenderId, s.companyId));
    return {
      tender_id: tenderId,
      supplier_user_id: s.userId,
      supplier_company_id: s.companyId,
      supplier_name: s.name,
      version: 1,
      state: 'submitted',
      key_id: keyId,
      sealed,
      digest: bidDigest({ tenderId, supplierCompanyId: s.companyId, version: 1, content, time }),
      receipt_time: time,
      created_at: time,
      updated_at: time,
    };
  });
  for (let i = 0; i < rows.length; i += 100)
    await db
      .insertInto('tender_bids')
      .values(rows.slice(i, i + 100))
      .execute();
  return { tenderId, openAt: begin + HOUR };
}

async function existingSuppliers(database: DbHandle) {
  const rows = await database.db
    .selectFrom('users as u')
    .innerJoin('companies as c', 'c.id', 'u.company_id')
    .select(['u.id', 'u.company_id', 'c.name'])
    .where('u.account', 'like', 'benchsupplier%')
    .orderBy('u.id')
    .execute();
  return rows.map((r) => ({ userId: r.id, companyId: r.company_id!, name: r.name }));
}

async function measure(dialect: 'sqlite' | 'postgres') {
  let database: DbHandle;
  let cleanup: () => Promise<void>;
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-tender-'));
    database = openDatabase({ sqliteFile: path.join(dir, 'bench.sqlite') });
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
  } else {
    const schema = `bench_tender_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    database = openDatabase({ databaseUrl: PG_URL, searchPath: schema, poolSize: 4 });
    cleanup = async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    };
  }
  const key = randomBytes(32).toString('base64');
  const settings = loadSettings({ NODE_ENV: 'test', LOG_LEVEL: 'silent', TENDER_SEAL_KEY: key });
  const kv = createDbKv(database.db);
  const clock = { at: Date.now() };
  let app: FastifyInstance | null = null;
  const times: number[] = [];
  const proof: string[] = [];
  try {
    await migrateToLatest(database.db, database.dialect);
    await loadDemoData(database.db);
    app = await buildApp({ settings, database, kv, webDist: null, now: () => new Date(clock.at) });
    for (let run = 1; run <= RUNS; run++) {
      const { tenderId, openAt } = await tenderWithBids(app, database, kv, key, clock, run);
      // Jobs of the demo tenders fall due too; they are run first, outside the measurement.
      clock.at = openAt - 1;
      await app.live.scheduler.runDue();
      clock.at = openAt;
      const started = performance.now();
      await app.live.scheduler.runDue();
      times.push(performance.now() - started);
      const bids = await database.db.selectFrom('tender_bids').select(['state', 'rank']).where('tender_id', '=', tenderId).execute();
      const opened = bids.filter((b) => b.state === 'opened').length;
      const ranks = bids.map((b) => b.rank ?? 0).sort((x, y) => x - y);
      const ranked = ranks.every((r, i) => r === i + 1);
      proof.push(`run ${run}: ${opened}/${BIDS} opened, ranks 1..${ranks.length} ${ranked ? 'complete' : 'BROKEN'}`);
      clock.at = openAt + HOUR;
    }
    const report = await verifyTenderChains(database.db);
    proof.push(`chain check: ${report.ok ? 'ok' : report.problems.join('; ')} (${report.records} records)`);
  } finally {
    await app?.close();
    await kv.close();
    await database.close();
    await cleanup();
  }
  const best = Math.min(...times);
  const median = [...times].sort((x, y) => x - y)[Math.floor(times.length / 2)]!;
  console.log(
    `[${dialect}] opening ${BIDS} bids: ${times.map((t) => `${t.toFixed(0)} ms`).join(', ')} (median ${median.toFixed(0)} ms, best ${best.toFixed(0)} ms)`,
  );
  for (const line of proof) console.log(`[${dialect}]   ${line}`);
  return { dialect, median, best, proof };
}

async function main(): Promise<void> {
  const dialects = ONLY === 'both' ? (['sqlite', 'postgres'] as const) : ([ONLY] as ('sqlite' | 'postgres')[]);
  for (const dialect of dialects) await measure(dialect);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
