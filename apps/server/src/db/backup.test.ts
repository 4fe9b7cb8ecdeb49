import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { ManagedTender } from '@portal/contracts/tender-trade';
import { createSealer, sealKeySource } from '../platform/sealing';
import { createTestApp, type TestApp } from '../test/test-app';
import { manualClock, withTraders, type Trader } from '../test/trading';
import { BackupError, createBackup, MANIFEST_FILE, restoreBackup, type BackupSource, type RestoreTarget } from './backup';
import { openDatabase, type DbHandle } from './database';
import { runAuctionStory } from '../demo/auction-story';
import { runTradingStory } from '../demo/trading-story';
import { checkIntegrity } from '../integrity';

const pgUrl = process.env.TEST_DATABASE_URL;
const HOUR = 3_600_000;

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** A fresh place to restore into: a new SQLite file, or a new PostgreSQL database. */
async function freshTarget(dir: string): Promise<{ target: RestoreTarget; open: (schema: string | null) => DbHandle }> {
  if (!pgUrl) {
    const file = path.join(dir, 'restored', 'portal.sqlite');
    return { target: { kind: 'sqlite', file }, open: () => openDatabase({ sqliteFile: file }) };
  }
  const name = `r_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  closers.push(async () => {
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  });
  const address = new URL(pgUrl);
  address.pathname = `/${name}`;
  const url = address.toString();
  return { target: { kind: 'postgres', url }, open: (schema) => openDatabase({ databaseUrl: url, searchPath: schema!, poolSize: 2 }) };
}

/** The platform with money, orders, auctions and an opened tender in it, played through its calls. */
async function tradingPlatform(dir: string, key: string) {
  const clock = manualClock();
  const t: TestApp = await createTestApp(
    { TENDER_SEAL_KEY: key, AUCTION_BIDS_PER_SECOND: '1000' },
    { now: clock.now, ...(pgUrl ? {} : { sqliteFile: path.join(dir, 'data', 'portal.sqlite') }) },
  );
  closers.push(() => t.close());
  const db = t.database.db;
  await runTradingStory({ app: t.app, db, kv: t.kv, now: clock.now });
  const tr = await withTraders(t, ['admin', 'buyer01', 'buyer02', 'supplier01', 'supplier02']);

  const tenderBid = (who: Trader, tender: { id: string; lines: { quantity: number }[] }, unitPrice: number) =>
    tr.ok(who, '/purchase/ws/tenderBid/save', {
      tenderId: tender.id,
      lines: tender.lines.map((line, index) => ({ lineNo: index + 1, unitPrice, quantity: line.quantity, deliveryDate: '2027-09-01' })),
      remark: '含税含运费',
      fileIds: [],
    });
  // The story's tender still taking bids: the sealed bids of the two suppliers on buyer01's list, then its bidding
  // ends and it opens (the chain's first record).
  const story = await db
    .selectFrom('tenders')
    .select('id')
    .where('obj_state', '=', 2)
    .where('opened_at', '=', '')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const opened = await tr.ok<ManagedTender>('buyer01', '/purchase/ws/tender/detail', { id: String(story.id) });
  await tenderBid('supplier01', opened, 60_000);
  await tenderBid('supplier02', opened, 60_500);
  clock.set(new Date(new Date(opened.bidEndTime).getTime() + 60_000).toISOString());
  await t.app.live.scheduler.runDue();

  // Live auctions now: buyer01's descending purchase auction runs with supplier01's bid of 685.00 the best.
  const auctions = await runAuctionStory({ app: t.app, db, kv: t.kv, now: clock.now });
  const running = await db
    .selectFrom('auction_pieces')
    .select(['id', 'space_id'])
    .where('space_id', '=', Number(auctions.spaces.running))
    .executeTakeFirstOrThrow();

  // A tender open for bids, and a listing on sale, for the traffic during the backup.
  const at = clock.now().getTime();
  const draft = await tr.ok<ManagedTender>('buyer01', '/purchase/ws/tender/save', {
    tenderName: '备份期间的电煤采购招标',
    tenderType: 'bidding',
    paymentType: 2,
    contactName: '李明',
    contactPhone: '0311-86650001',
    description: '<p>采购电煤</p>',
    bidBeginTime: new Date(at).toISOString(),
    bidEndTime: new Date(at + 48 * HOUR).toISOString(),
    evaluationMethod: 'lowest',
    minValidBids: 1,
    lines: [
      { goodsName: '动力煤 Q5500', specification: '', quantity: 500, unit: '吨', deliveryPlace: '河北唐山', deliveryDate: '2027-09-01' },
    ],
  });
  const liveTender = await tr.ok<ManagedTender>('buyer01', '/purchase/ws/tender/publish', { id: draft.id });
  await tenderBid('supplier02', liveTender, 59_500);
  const listing = await tr.listingOnSale('supplier01');
  await tr.upload('supplier01', 'waybill.png');

  /** Orders, auction bids and sealed tender bids, one of each per turn, until `stop` is called. */
  function traffic() {
    const done = { orders: 0, auctionBids: 0, tenderBids: 0 };
    let flowing = true;
    let price = 68_500;
    const loop = (async () => {
      for (let turn = 1; flowing; turn++) {
        await tr.place(turn % 2 ? 'buyer01' : 'buyer02', listing.tradeListingCode, 1);
        done.orders++;
        price -= 500;
        await tr.ok(turn % 2 ? 'supplier02' : 'supplier01', '/auction/ws/bid/place', {
          spaceId: String(running.space_id),
          pieceId: String(running.id),
          price,
          requestId: `backup-bid-${turn}`,
        });
        done.auctionBids++;
        await tenderBid(turn % 2 ? 'supplier01' : 'supplier02', liveTender, 59_000 - turn);
        done.tenderBids++;
      }
    })();
    return {
      done,
      total: () => done.orders + done.auctionBids + done.tenderBids,
      async stop() {
        flowing = false;
        await loop;
      },
    };
  }
  return { t, traffic };
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

function scratchDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-backup-test-'));
  closers.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** What a backup of the test app's database reads: its SQLite file, or its PostgreSQL schema. */
async function sourceOf(t: TestApp, dir: string): Promise<BackupSource> {
  if (!pgUrl) return { kind: 'sqlite', file: path.join(dir, 'data', 'portal.sqlite') };
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.database.db);
  return { kind: 'postgres', url: t.databaseUrl ?? pgUrl, schema: rows[0]!.schema };
}

describe('backup and restore', () => {
  it('backs up while orders and bids flow and restores a whole platform into a fresh installation', { timeout: 60_000 }, async () => {
    const dir = scratchDir();
    const key = randomBytes(32).toString('base64');
    const { t, traffic } = await tradingPlatform(dir, key);

    const lines: string[] = [];
    const flow = traffic();
    const before = flow.total();
    const backupDir = path.join(dir, 'backup');
    const backupFrom = performance.now();
    const { manifest } = await createBackup({
      source: await sourceOf(t, dir),
      dir: backupDir,
      report: (line) => lines.push(line),
      pagesPerStep: 8,
    });
    const backupMs = performance.now() - backupFrom;
    const during = flow.total() - before;
    // A refused or failed call ends the flow with its error here.
    await flow.stop();
    expect(during, 'orders and bids made while the backup ran').toBeGreaterThan(0);
    expect(flow.done.orders).toBeGreaterThan(0);

    // Progress was shown step by step, and the manifest describes the copy.
    for (const step of ['backup 1/4 database', 'backup 2/4 snapshot', 'backup 3/4 checksums', 'backup 4/4 manifest'])
      expect(
        lines.some((line) => line.startsWith(step)),
        step,
      ).toBe(true);
    expect(manifest.database.kind).toBe(pgUrl ? 'postgres' : 'sqlite');
    expect(manifest.migrations.head).toBe(manifest.migrations.names.at(-1));
    expect(manifest.rows.orders).toBeGreaterThan(0);
    expect(manifest.rows.auction_bids).toBeGreaterThan(0);
    expect(manifest.storedFiles.count).toBeGreaterThan(0);
    // Every file of the backup is in the manifest with its checksum; the sealing key is in none of them.
    const names = fs.readdirSync(backupDir).sort();
    expect(names).toEqual([...manifest.files.map((f) => f.name), MANIFEST_FILE].sort());
    for (const file of manifest.files) expect(sha256(fs.readFileSync(path.join(backupDir, file.name))), file.name).toBe(file.sha256);
    const keyBytes = Buffer.from(key, 'base64');
    for (const name of names) {
      const content = fs.readFileSync(path.join(backupDir, name));
      expect(content.includes(key), name).toBe(false);
      expect(content.includes(keyBytes), name).toBe(false);
    }
    expect(manifest.sealingKey).toEqual({ included: false, keyIds: [expect.stringMatching(/^k[0-9a-f]{16}$/)] });

    const { target, open } = await freshTarget(dir);

    const restoreLines: string[] = [];
    const restoreFrom = performance.now();
    const restored = await restoreBackup({ dir: backupDir, target, report: (line) => restoreLines.push(line) });
    const restoreMs = performance.now() - restoreFrom;
    for (const step of ['restore 1/4 checksums', 'restore 2/4 target', 'restore 3/4 database', 'restore 4/4 check'])
      expect(
        restoreLines.some((line) => line.startsWith(step)),
        step,
      ).toBe(true);
    expect(restored.tables).toBe(Object.keys(manifest.rows).length);

    const database = open(manifest.database.schema);
    closers.push(() => database.close());
    const db = database.db;
    // Row counts of every table equal the snapshot's.
    for (const [table, rows] of Object.entries(manifest.rows)) {
      const counted = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db);
      expect(Number(counted.rows[0]!.n), table).toBe(rows);
    }
    // Every stored file has the bytes it had.
    const stored = await db.selectFrom('files').select(['id', 'data']).execute();
    expect(Object.fromEntries(stored.map((f) => [f.id, sha256(Buffer.from(f.data))]))).toEqual(
      Object.fromEntries(manifest.storedFiles.files.map((f) => [f.id, f.sha256])),
    );
    // Money, auction chains and tender chains hold; with the key kept apart, every sealed bid opens.
    const sealer = createSealer(sealKeySource({ TENDER_SEAL_KEY: key, TENDER_SEAL_OLD_KEYS: '', TENDER_SEAL_KEY_FILE: '', DATA_DIR: dir }));
    const integrity = await checkIntegrity(db, sealer);
    expect(integrity.deposits).toEqual({ ok: true, problems: [] });
    expect(integrity.auctions.broken).toEqual([]);
    expect(integrity.auctions.bids).toBe(manifest.rows.auction_bids);
    expect(integrity.tenders).toMatchObject({ ok: true, problems: [] });
    expect(integrity.tenders.records).toBeGreaterThan(0);
    const sealed = await db.selectFrom('tender_bids').select('id').where('opened_json', '=', '').execute();
    expect(sealed.length).toBeGreaterThan(0);
    const figures = {
      database: manifest.database.kind,
      callsWhileBackingUp: during,
      failed: 0,
      backupMs: Math.round(backupMs),
      restoreMs: Math.round(restoreMs),
      tables: restored.tables,
      rowsChecked: Object.values(manifest.rows).reduce((sum, n) => sum + n, 0),
      filesChecked: manifest.storedFiles.count,
      bidsChecked: integrity.auctions.bids,
    };
    console.info('[backup] while trading, then restored into a fresh installation:', JSON.stringify(figures));
  });

  it('refuses a damaged backup, and a target that holds data unless told to overwrite it', async () => {
    const dir = scratchDir();
    const t = await createTestApp({}, { demo: false, ...(pgUrl ? {} : { sqliteFile: path.join(dir, 'data', 'portal.sqlite') }) });
    closers.push(() => t.close());
    const backupDir = path.join(dir, 'backup');
    const { manifest } = await createBackup({ source: await sourceOf(t, dir), dir: backupDir, report: () => {} });
    await expect(createBackup({ source: await sourceOf(t, dir), dir: backupDir, report: () => {} })).rejects.toThrow(/is not empty/);

    // One changed byte: refused before the target is touched.
    const damaged = path.join(dir, 'damaged');
    fs.cpSync(backupDir, damaged, { recursive: true });
    const copy = path.join(damaged, manifest.files[0]!.name);
    const bytes = fs.readFileSync(copy);
    const middle = bytes.length >> 1;
    bytes[middle] = bytes[middle]! ^ 0xff;
    fs.writeFileSync(copy, bytes);
    const { target } = await freshTarget(dir);
    await expect(restoreBackup({ dir: damaged, target, report: () => {} })).rejects.toThrow(
      `${manifest.files[0]!.name}: its SHA-256 differs from the manifest's; the backup is damaged, nothing was restored`,
    );
    if (target.kind === 'sqlite') expect(fs.existsSync(target.file)).toBe(false);

    const first = await restoreBackup({ dir: backupDir, target, report: () => {} });
    const refused = restoreBackup({ dir: backupDir, target, report: () => {} });
    await expect(refused).rejects.toThrow(BackupError);
    await expect(refused).rejects.toThrow(/already holds data: restore goes into an empty installation/);
    const again = await restoreBackup({ dir: backupDir, target, overwrite: true, report: () => {} });
    expect(again.rowsChecked).toBe(first.rowsChecked);
    expect(again.tables).toBe(Object.keys(manifest.rows).length);
  });
});
