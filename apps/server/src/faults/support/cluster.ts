import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { AuctionPieceSaveBody, AuctionSpaceSaveBody, ManagedAuctionSpace } from '@portal/contracts/auction-trade';
import { buildApp } from '../../app';
import { openDatabase, type DbHandle } from '../../db/database';
import { loadDemoData } from '../../demo/index';
import { migrateToLatest } from '../../migrations';
import { createDbKv } from '../../platform/kv';
import { loadSettings } from '../../settings';
import { manualClock, withTraders, type Trader, type TradingApp } from '../../test/trading';
import { SERVER_BUNDLE } from './global-setup';
import { PG_URL, REDIS_URL, until } from './services';

/** What every node of a fault test runs with, besides its database and Redis. */
const NODE_ENV_BASE: Record<string, string> = {
  NODE_ENV: 'test',
  TEST_HOOKS: 'on',
  CAPTCHA_TEST_CODE: 'ABCD',
  LOG_LEVEL: 'warn',
  DEMO_DATA: 'off',
  HOST: '127.0.0.1',
  PORTAL_CACHE: 'off',
  AUCTION_BIDS_PER_SECOND: '1000',
  AUCTION_MIN_BIDDING_SECONDS: '1',
  LOGIN_PER_IP_PER_MINUTE: '100000',
  CODES_PER_IP_PER_MINUTE: '100000',
  LOGIN_MAX_FAILURES: '100',
  SSE_HEARTBEAT_SECONDS: '2',
  TENDER_SEAL_KEY: randomBytes(32).toString('base64'),
};

/**
 * One installation for a fault test: its database (a fresh PostgreSQL schema, or a SQLite file),
 * migrated, with the demo accounts, and an in-process app on it (hand-moved clock, the demo
 * traders signed in) that prepares what the test needs through the product's own calls before
 * the real nodes start.
 */
export interface Installation {
  kind: 'postgres' | 'sqlite';
  database: DbHandle;
  setup: TradingApp;
  clock: ReturnType<typeof manualClock>;
  /** The environment that points a node at this installation. */
  env: Record<string, string>;
  /** Stops the setup app (before the nodes start) and, at the end, removes the database. */
  closeSetup(): Promise<void>;
  close(): Promise<void>;
}

export async function prepareInstallation(kind: 'postgres' | 'sqlite'): Promise<Installation> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `faults-${kind}-`));
  const schema = `f_${randomBytes(6).toString('hex')}`;
  let env: Record<string, string>;
  let database: DbHandle;
  if (kind === 'postgres') {
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    database = openDatabase({ databaseUrl: PG_URL, searchPath: schema, poolSize: 4 });
    env = { DATABASE_URL: PG_URL, PGOPTIONS: `-c search_path=${schema}`, REDIS_URL, DATA_DIR: dataDir };
  } else {
    database = openDatabase({ sqliteFile: path.join(dataDir, 'portal.sqlite') });
    env = { DATABASE_URL: '', REDIS_URL: '', DATA_DIR: dataDir };
  }
  await migrateToLatest(database.db, database.dialect);
  await loadDemoData(database.db);
  // The setup app's own clock starts ten minutes back, so what it prepares is in the past for the nodes.
  const clock = manualClock(new Date(Date.now() - 10 * 60_000).toISOString());
  const settings = loadSettings({ ...NODE_ENV_BASE, AUCTION_DELAY_WINDOW_SECONDS: '0' });
  const app = await buildApp({ settings, database, kv: createDbKv(database.db), now: clock.now });
  await app.ready();
  const setup = await withTraders({ app, database, kv: createDbKv(database.db), settings, close: async () => {} }, [
    'admin',
    'buyer01',
    'buyer02',
    'buyer03',
    'supplier01',
    'supplier02',
  ]);
  let setupOpen = true;
  const closeSetup = async () => {
    if (!setupOpen) return;
    setupOpen = false;
    await app.close();
  };
  return {
    kind,
    database,
    setup,
    clock,
    env,
    closeSetup,
    async close() {
      await closeSetup();
      await database.close();
      if (kind === 'postgres') {
        const admin = new pg.Client({ connectionString: PG_URL });
        await admin.connect();
        await admin.query(`drop schema ${schema} cascade`);
        await admin.end();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** An auction space of supplier01 with `pieces` pieces, approved, the bidders registered and credited, running. */
export async function runningSpace(inst: Installation, pieces: number, bidders: Trader[]): Promise<ManagedAuctionSpace> {
  const { setup, clock } = inst;
  const at = clock.now().getTime();
  const piece = (i: number): AuctionPieceSaveBody => ({
    pieceName: `动力煤 Q5500 第${i + 1}标`,
    varietyCode: setup.leaf.code,
    totalWeight: 100,
    basePrice: 60_000,
    paymentType: 2,
    transportWay: 'A',
    deliveryPlace: '山西太原',
  });
  const terms: AuctionSpaceSaveBody = {
    spaceName: '晋煤销售竞拍专场',
    name: '煤炭 / 动力煤',
    spaceAuctionMode: 1,
    auctionBeginTime: new Date(at + 60_000).toISOString(),
    // Far ahead: each test moves the ends to when it wants them.
    auctionEndTime: new Date(at + 6 * 3_600_000).toISOString(),
    priceStep: 1_000,
    deposit: 100_000,
    delayWindowSec: 0,
    delaySec: 0,
    itemList: Array.from({ length: pieces }, (_, i) => piece(i)),
  };
  const draft = await setup.ok<ManagedAuctionSpace>('supplier01', '/auction/ws/auctionSpaceInfo/save', terms);
  await setup.ok('supplier01', '/auction/ws/auctionSpaceInfo/submit', { spaceId: draft.spaceId });
  const space = await setup.ok<ManagedAuctionSpace>('admin', '/auction/ws/auctionSpaceInfo/review', {
    spaceId: draft.spaceId,
    pass: true,
    reviewRemark: '',
  });
  for (const who of bidders) {
    await setup.credit(who, 100_000_000);
    await setup.ok(who, '/auction/ws/auctionSpaceInfo/register', { spaceId: space.spaceId });
  }
  clock.set(space.auctionBeginTime);
  await setup.t.app.live.scheduler.runDue();
  clock.set(new Date(Date.parse(space.auctionBeginTime) + 1_000).toISOString());
  return space;
}

/** Moves the end of these pieces (and their close jobs) to `endAt`, as a space saved that way would have it. */
export async function endPiecesAt(inst: Installation, pieceIds: string[], endAt: Date): Promise<void> {
  const at = endAt.toISOString();
  const db = inst.database.db;
  await db.updateTable('auction_pieces').set({ end_at: at }).where('id', 'in', pieceIds.map(Number)).execute();
  await db.updateTable('scheduled_jobs').set({ run_at: at }).where('kind', '=', 'auction.close').where('key', 'in', pieceIds).execute();
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

/** One server process of the build (apps/server/src/main.ts bundled), with its name and port kept across restarts. */
export interface ServerNode {
  name: string;
  nodeId: string;
  url: string;
  /** The running process; replaced by restart(). */
  child: ChildProcess;
  /** SIGKILL: no drain, no cleanup, nothing flushed. */
  kill9(): Promise<void>;
  /** SIGSTOP / SIGCONT: freezes the process where it is (to look at what it holds before killing it). */
  freeze(): void;
  thaw(): void;
  /** Starts the same node again (same NODE_ID, port and data folder); resolves once it answers. */
  restart(): Promise<void>;
  /** SIGTERM and wait. */
  stop(): Promise<void>;
  /** What it wrote to stdout and stderr. */
  log(): string;
}

export async function startNode(inst: Installation, name: string, extra: Record<string, string> = {}): Promise<ServerNode> {
  const port = await freePort();
  const nodeId = `fault-${name}-${randomBytes(3).toString('hex')}`;
  const logFile = path.join(process.env.FAULTS_LOG_DIR ?? inst.env.DATA_DIR!, `${name}.log`);
  const env = { ...process.env, ...NODE_ENV_BASE, ...inst.env, ...extra, PORT: String(port), NODE_ID: nodeId };
  const url = `http://127.0.0.1:${port}`;
  const spawnIt = () => {
    const out = fs.openSync(logFile, 'a');
    const child = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], { env, stdio: ['ignore', out, out] });
    fs.closeSync(out);
    return child;
  };
  const exited = (child: ChildProcess) =>
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const answers = async () => (await fetch(`${url}/healthz`)).ok;
  const node: ServerNode = {
    name,
    nodeId,
    url,
    child: spawnIt(),
    async kill9() {
      node.child.kill('SIGKILL');
      await exited(node.child);
    },
    freeze: () => void node.child.kill('SIGSTOP'),
    thaw: () => void node.child.kill('SIGCONT'),
    async restart() {
      node.child = spawnIt();
      await until(answers, 60_000, `${name} answering after its restart`);
    },
    async stop() {
      node.child.kill('SIGTERM');
      await exited(node.child);
    },
    log: () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : ''),
  };
  try {
    await until(answers, 60_000, `${name} answering`);
  } catch (err) {
    node.child.kill('SIGKILL');
    throw new Error(`${String(err)}\n${node.log()}`);
  }
  return node;
}
