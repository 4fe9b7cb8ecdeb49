/**
 * Message fan-out: how long one event takes to reach every open message stream of one server.
 *
 *   npx tsx bench/message-fanout.ts
 *   npx tsx bench/message-fanout.ts --streams 1000 --events 200 --pg
 *
 * Starts the real app (buildApp) on a loopback port over SQLite (a temporary file; `--pg`: a
 * scratch schema in BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test, dropped
 * afterwards) with the demo data, signs supplier01 in, and opens `--streams` SSE connections to
 * GET /omc/api/message/stream from a worker thread (so the server keeps the main thread). Then,
 * one after the other, `--events` messages are written for supplier01 through the write path
 * (the way the order and deposit modules write them: a transaction, the message row, the event
 * after the commit). For each message it measures, on one clock shared by both threads, the time
 * from the start of the write to the first and to the last stream receiving it, and prints
 * p50/p99/max over the messages. Every stream must receive every message exactly once, in order.
 * Loopback only; bounded by the number of events. The figures go to docs/performance.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { openDatabase } from '../apps/server/src/db/database';
import { loadDemoData } from '../apps/server/src/demo/index';
import { migrateToLatest } from '../apps/server/src/migrations';
import { createDbKv } from '../apps/server/src/platform/kv';
import { createSessions } from '../apps/server/src/platform/sessions';
import { loadSettings } from '../apps/server/src/settings';

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
const STREAMS = arg('streams', 1000);
const EVENTS = arg('events', 200);
const PAUSE_MS = arg('pause', 20);
const USE_PG = process.argv.includes('--pg');
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** The streams, in a worker: each parses the SSE wire format and reports when every stream has a message. */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { performance } = require('node:perf_hooks');
const { port, token, streams } = workerData;
const clock = () => performance.timeOrigin + performance.now();
const seen = new Map(); // message id -> { count, first, last }
const lastIdOf = new Array(streams).fill(0);
let disorder = 0;
let opened = 0;
const open = (i) => new Promise((resolve, reject) => {
  const req = http.get({ host: '127.0.0.1', port, path: '/omc/api/message/stream', agent: false,
    headers: { accept: 'text/event-stream', token } }, (res) => {
    if (res.statusCode !== 200) return reject(new Error('stream answered ' + res.statusCode));
    res.setEncoding('utf8');
    let buffer = '';
    res.on('data', (chunk) => {
      buffer += chunk;
      let at;
      while ((at = buffer.indexOf('\\n\\n')) >= 0) {
        const frame = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        const idLine = frame.split('\\n').find((l) => l.startsWith('id: '));
        if (!idLine || !frame.includes('event: message')) continue;
        const id = Number(idLine.slice(4));
        if (id <= lastIdOf[i]) disorder++;
        lastIdOf[i] = id;
        const now = clock();
        let s = seen.get(id);
        if (!s) seen.set(id, (s = { count: 0, first: now, last: now }));
        s.count++;
        s.last = now;
        if (s.count === streams) parentPort.postMessage({ kind: 'all', id, first: s.first, last: s.last, disorder });
      }
    });
    opened++;
    resolve();
  });
  req.on('error', reject);
});
(async () => {
  // Open in small groups: a thousand connects at once would measure the accept queue instead.
  for (let i = 0; i < streams; i += 50) await Promise.all(Array.from({ length: Math.min(50, streams - i) }, (_, k) => open(i + k)));
  parentPort.postMessage({ kind: 'open', opened });
})().catch((err) => parentPort.postMessage({ kind: 'error', message: String(err) }));
`;

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const fmt = (v: number) => v.toFixed(1);

async function main(): Promise<void> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fanout-'));
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  if (USE_PG) {
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    await c.query(`create schema ${schema}`);
    await c.end();
  }
  const database = USE_PG
    ? openDatabase({ databaseUrl: PG_URL, searchPath: schema })
    : openDatabase({ sqliteFile: path.join(tmp, 'portal.sqlite') });
  await migrateToLatest(database.db, database.dialect);
  await loadDemoData(database.db);
  const kv = createDbKv(database.db);
  const settings = loadSettings({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const app = await buildApp({ settings, database, kv, webDist: null });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as AddressInfo).port;

  const supplier = await database.db
    .selectFrom('users')
    .select(['id', 'account'])
    .where('account', '=', 'supplier01')
    .executeTakeFirstOrThrow();
  const sessions = createSessions(kv, { idleMs: 3_600_000, absoluteMs: 3_600_000, lockIdleMs: 0, concurrent: true });
  const { token } = await sessions.create({ userId: supplier.id, account: supplier.account, terminal: 'bench', ip: '127.0.0.1' });

  const worker = new Worker(WORKER, { eval: true, workerData: { port, token, streams: STREAMS } });
  type Arrival = { first: number; last: number; disorder: number };
  const waiting = new Map<string, (m: Arrival) => void>();
  /** Answers that came before their waiter was registered. */
  const early = new Map<string, Arrival>();
  const opened = new Promise<number>((resolve, reject) => {
    worker.on(
      'message',
      (m: { kind: string; id?: number; first?: number; last?: number; opened?: number; message?: string; disorder?: number }) => {
        if (m.kind === 'open') resolve(m.opened!);
        else if (m.kind === 'error') reject(new Error(m.message));
        else if (m.kind === 'all') {
          const result = { first: m.first!, last: m.last!, disorder: m.disorder! };
          const waiter = waiting.get(String(m.id));
          if (waiter) waiter(result);
          else early.set(String(m.id), result);
        }
      },
    );
    worker.on('error', reject);
  });
  const t0 = performance.now();
  console.log(`opened ${await opened} streams in ${fmt(performance.now() - t0)} ms (${database.dialect})`);

  const { writes, messages, events } = app.live;
  // Subscribed after the streams' listener, so it runs once that one has written to every stream.
  const written = new Map<string, number>();
  events.subscribe((e) => {
    if (e.topic === 'message') written.set(e.key, performance.timeOrigin + performance.now());
  });
  const toWritten: number[] = [];
  const toFirst: number[] = [];
  const toLast: number[] = [];
  const spread: number[] = [];
  let disorder = 0;
  for (let i = 0; i < EVENTS; i++) {
    const started = performance.timeOrigin + performance.now();
    let messageId = '';
    const arrived = new Promise<Arrival>((resolve) => {
      // The id is known only after the insert; the worker's answer is looked up by it.
      const check = () => {
        if (!messageId) return void setImmediate(check);
        const already = early.get(messageId);
        if (already) resolve(already);
        else waiting.set(messageId, resolve);
      };
      check();
    });
    await writes.write({ actorUserId: null, action: 'bench', target: `order:FANOUT-${i}` }, async (trx, emit) => {
      await messages.notifyUsers(
        trx,
        [supplier.id],
        {
          kind: 'order.placed',
          params: { party: '压测采购公司', goodsName: '动力煤', quantity: '1 吨', orderNo: `FANOUT-${i}` },
          link: { route: '/trade/sales', query: { orderNo: `FANOUT-${i}` } },
        },
        (e) => {
          messageId = e.key;
          emit(e);
        },
      );
    });
    const got = await Promise.race([
      arrived,
      new Promise<never>((_, fail) => setTimeout(() => fail(new Error(`message ${messageId} did not reach every stream in 10 s`)), 10_000)),
    ]);
    waiting.delete(messageId);
    toWritten.push(written.get(messageId)! - started);
    toFirst.push(got.first - started);
    toLast.push(got.last - started);
    spread.push(got.last - got.first);
    disorder = got.disorder;
    await new Promise((r) => setTimeout(r, PAUSE_MS));
  }
  const sorted = (v: number[]) => [...v].sort((a, b) => a - b);
  const [done, first, last, gap] = [sorted(toWritten), sorted(toFirst), sorted(toLast), sorted(spread)];
  console.log(`${EVENTS} messages to ${STREAMS} streams each (every stream got every message; ${disorder} arrived out of order or twice)`);
  console.log(`write start -> server wrote to every stream: p50 ${fmt(quantile(done, 0.5))} ms, p99 ${fmt(quantile(done, 0.99))} ms`);
  console.log(`write start -> first stream: p50 ${fmt(quantile(first, 0.5))} ms, p99 ${fmt(quantile(first, 0.99))} ms`);
  console.log(
    `write start -> last stream:  p50 ${fmt(quantile(last, 0.5))} ms, p99 ${fmt(quantile(last, 0.99))} ms, max ${fmt(last[last.length - 1]!)} ms`,
  );
  console.log(`first -> last stream:        p50 ${fmt(quantile(gap, 0.5))} ms, p99 ${fmt(quantile(gap, 0.99))} ms`);
  console.log(
    `load average: ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
  );

  await worker.terminate();
  await app.close();
  await database.close();
  fs.rmSync(tmp, { recursive: true, force: true });
  if (USE_PG) {
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    await c.query(`drop schema ${schema} cascade`);
    await c.end();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
