/**
 * Room fan-out: how long an accepted bid takes to reach every stream watching the room.
 *
 *   npx tsx bench/auction-fanout.ts
 *   npx tsx bench/auction-fanout.ts --streams 2000 --bids 100 --only postgres
 *
 * SQLite: one server (a temporary file). PostgreSQL: two servers on one scratch schema in
 * BENCH_DATABASE_URL sharing Redis at BENCH_REDIS_URL, the streams split between them, every bid
 * placed on the first (so half the watchers get it through Redis). The demo data is loaded, a
 * running mode-1 space made through the real calls, and `--streams` visitors (no sign-in) open
 * GET /auction/ws/auctionSpaceInfo/stream from a worker thread. Then `--bids` bids are placed one
 * after the other over HTTP; for each, on one clock shared by both threads, it measures the time
 * from sending the bid to the first and to the last stream receiving its `bid` event, and prints
 * p50/p99/max. Every stream must receive every bid exactly once, in seq order. Loopback only;
 * bounded by the number of bids. The figures go to docs/performance.md ("Auction room fan-out").
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { addBidders, quantile, runningSpace, startServers } from './auction-setup';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] ? args[at + 1]! : fallback;
};
const STREAMS = Number(arg('streams', '2000'));
const BIDS = Number(arg('bids', '100'));
const PAUSE_MS = Number(arg('pause', '20'));
const ONLY = arg('only', 'both');

/** The watchers, in a worker: each parses the SSE wire format and reports when every stream has a bid. */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { performance } = require('node:perf_hooks');
const { ports, spaceId, streams } = workerData;
const clock = () => performance.timeOrigin + performance.now();
const seen = new Map(); // seq -> { count, first, last }
const lastSeqOf = new Array(streams).fill(0);
let disorder = 0;
let opened = 0;
const open = (i) => new Promise((resolve, reject) => {
  const req = http.get({ host: '127.0.0.1', port: ports[i % ports.length], path: '/auction/ws/auctionSpaceInfo/stream?spaceId=' + spaceId,
    agent: false, headers: { accept: 'text/event-stream' } }, (res) => {
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
        if (!idLine || !frame.includes('event: bid')) continue;
        const seq = Number(idLine.slice(4));
        if (seq <= lastSeqOf[i]) disorder++;
        lastSeqOf[i] = seq;
        const now = clock();
        let s = seen.get(seq);
        if (!s) seen.set(seq, (s = { count: 0, first: now, last: now }));
        s.count++;
        s.last = now;
        if (s.count === streams) parentPort.postMessage({ kind: 'all', seq, first: s.first, last: s.last, disorder });
      }
    });
    opened++;
    resolve();
  });
  req.on('error', reject);
});
(async () => {
  for (let i = 0; i < streams; i += 50) await Promise.all(Array.from({ length: Math.min(50, streams - i) }, (_, k) => open(i + k)));
  parentPort.postMessage({ kind: 'open', opened });
})().catch((err) => parentPort.postMessage({ kind: 'error', message: String(err) }));
`;

interface Arrival {
  first: number;
  last: number;
  disorder: number;
}

async function measure(dialect: 'sqlite' | 'postgres') {
  const servers = await startServers(dialect, 2, { AUCTION_BIDS_PER_SECOND: '1000' });
  try {
    const tokens = await addBidders(servers.database, servers.kv, 2);
    const space = await runningSpace(servers, tokens);
    const watchers = new Worker(WORKER, { eval: true, workerData: { ports: servers.ports, spaceId: space.spaceId, streams: STREAMS } });
    const waiting = new Map<number, (a: Arrival) => void>();
    const early = new Map<number, Arrival>();
    const opened = new Promise<number>((resolve, reject) => {
      watchers.on(
        'message',
        (m: { kind: string; seq?: number; first?: number; last?: number; opened?: number; message?: string; disorder?: number }) => {
          if (m.kind === 'open') resolve(m.opened!);
          else if (m.kind === 'error') reject(new Error(m.message));
          else if (m.kind === 'all') {
            const a = { first: m.first!, last: m.last!, disorder: m.disorder! };
            const w = waiting.get(m.seq!);
            if (w) w(a);
            else early.set(m.seq!, a);
          }
        },
      );
      watchers.on('error', reject);
    });
    const t0 = performance.now();
    console.log(
      `[${dialect}] opened ${await opened} streams on ${servers.apps.length} server(s) in ${(performance.now() - t0).toFixed(0)} ms`,
    );

    const port = servers.ports[0]!;
    const toFirst: number[] = [];
    const toLast: number[] = [];
    let disorder = 0;
    for (let i = 1; i <= BIDS; i++) {
      const arrived = new Promise<Arrival>((resolve) => {
        const already = early.get(i);
        if (already) resolve(already);
        else waiting.set(i, resolve);
      });
      const started = performance.timeOrigin + performance.now();
      const res = await fetch(`http://127.0.0.1:${port}/auction/ws/bid/place`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', token: tokens[i % 2]! },
        body: JSON.stringify({
          spaceId: space.spaceId,
          pieceId: space.pieceId,
          price: space.basePrice + i * space.priceStep,
          requestId: `fanout-${i}-xxxx`,
        }),
      });
      const answer = (await res.json()) as { return_code: string; error_info: string };
      if (answer.return_code !== '0') throw new Error(`bid ${i} refused: ${answer.error_info}`);
      const got = await Promise.race([
        arrived,
        new Promise<never>((_, fail) => setTimeout(() => fail(new Error(`bid ${i} did not reach every stream in 15 s`)), 15_000)),
      ]);
      toFirst.push(got.first - started);
      toLast.push(got.last - started);
      disorder = got.disorder;
      await new Promise((r) => setTimeout(r, PAUSE_MS));
    }
    await watchers.terminate();
    const first = [...toFirst].sort((a, b) => a - b);
    const last = [...toLast].sort((a, b) => a - b);
    return { dialect, first, last, disorder, servers: servers.apps.length };
  } finally {
    await servers.close();
  }
}

async function main(): Promise<void> {
  const cpus = os.cpus();
  console.log(`machine: ${cpus.length} x ${cpus[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}`);
  const dialects = ONLY === 'both' ? (['sqlite', 'postgres'] as const) : [ONLY as 'sqlite' | 'postgres'];
  for (const dialect of dialects) {
    const f = await measure(dialect);
    console.log(
      `[${f.dialect}] ${BIDS} bids to ${STREAMS} streams on ${f.servers} server(s), every stream got every bid (${f.disorder} out of order or twice)`,
    );
    console.log(
      `[${f.dialect}] bid sent -> first stream: p50 ${quantile(f.first, 0.5).toFixed(1)} ms, p99 ${quantile(f.first, 0.99).toFixed(1)} ms`,
    );
    console.log(
      `[${f.dialect}] bid sent -> last stream:  p50 ${quantile(f.last, 0.5).toFixed(1)} ms, p99 ${quantile(f.last, 0.99).toFixed(1)} ms, max ${f.last[f.last.length - 1]!.toFixed(1)} ms`,
    );
    if (f.disorder > 0) process.exitCode = 1;
  }
  console.log(
    `load average: ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
