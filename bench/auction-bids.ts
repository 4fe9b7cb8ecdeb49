/**
 * Bidding on one hot auction piece: 200 bidder companies bid on a mode-1 (public ascending) lot.
 *
 *   npx tsx bench/auction-bids.ts
 *   npx tsx bench/auction-bids.ts --seconds 10 --bidders 200 --interval 190 --only sqlite
 *
 * For SQLite (one server, a temporary file) and PostgreSQL (two servers on one scratch schema in
 * BENCH_DATABASE_URL, sharing Redis at BENCH_REDIS_URL, both in this process unless `--processes`
 * gives each a process of its own; the schema is dropped afterwards) it loads
 * the demo data, adds the bidder companies, has supplier01 publish a space through the real calls
 * (save, submit, the operator's approval, every bidder's registration) and starts it. From a
 * worker thread each bidder then bids every `--interval` ms (`--warmup` seconds first, 2 by default, whose
 * acknowledgements are reported apart: the first bids of a fresh process wait for its compiler) on its own two keep-alive connections
 * (the servers alternate between bidders), opened before the clock starts: a bidder in the room is
 * already connected, and 400 connections opened at once into a busy server wait in its accept
 * queue, which measured that instead of bidding. Each bid is a step above the worker's last offer, so
 * bids race each other: the server's seq decides, a bid overtaken on the way is refused as too
 * low, and a company over its 5 bids a second is refused as too fast. It prints the bids offered
 * and accepted per second, the p50/p99 of the acknowledgements and the CPU time of the servers'
 * thread per bid (on a loaded machine the latencies mostly measure the wait for a core), then the proof from the
 * database: seq runs 1..n without a gap, every accepted bid is strictly above the one before, the
 * audit chain verifies, and every accepted answer is one stored bid. Loopback only, bounded by
 * time. The figures go to docs/performance.md ("Auction bidding").
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { freePort } from '../apps/server/src/faults/support/cluster';
import { verifyChain } from '../apps/server/src/modules/auction-trade/auction-chain';
import { startHaproxy, type Haproxy } from '../apps/server/src/test/haproxy';
import { addBidders, cpuMsOf, quantile, runningSpace, serverProcesses, startServers, type ServerProcesses } from './auction-setup';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] ? args[at + 1]! : fallback;
};
const SECONDS = Number(arg('seconds', '10'));
/** Seconds of the same bidding before the measured ones: the bid path's first run compiles and prepares. */
const WARMUP = Number(arg('warmup', '2'));
const BIDDERS = Number(arg('bidders', '200'));
/** Each bidder's pause between two bids: 190 ms offers about 1,050 bids a second from 200 bidders. */
const INTERVAL_MS = Number(arg('interval', '190'));
/** PostgreSQL only, its two server processes behind HAProxy (ops/haproxy.cfg): every bid through the proxy. */
const PROXY = args.includes('--proxy');
const ONLY = PROXY ? 'postgres' : arg('only', 'both');
/** PostgreSQL's two servers in a process each instead of both in this one (on two cores they compete with the database for them). */
const PROCESSES = PROXY || args.includes('--processes');

/** CPU time (user + system) of this process's main thread, from Linux's per-thread counters (10 ms ticks). */
function threadCpuMs(): number {
  return cpuMsOf(`/proc/self/task/${process.pid}/stat`);
}

interface LoadResult {
  latencies: number[];
  /** When each acknowledged bid was sent, ms after the clock started, and whether it was accepted (same order as latencies). */
  sentAt: number[];
  ok: boolean[];
  offered: number;
  accepted: number;
  refused: Record<string, number>;
  failed: number;
  /** Failed requests by HTTP status (an answer that is not the envelope: a proxy's 502-504) or network error. */
  failures: Record<string, number>;
  seconds: number;
}

/** Paced bidders in a worker thread (open loop: a bidder sends on its schedule, not after the answer). */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { ports, tokens, spaceId, pieceId, basePrice, priceStep, seconds, interval } = workerData;
const latencies = [];
const sentAt = [];
const ok = [];
let startedNs = 0n;
const refused = {};
const failures = {};
let offered = 0, accepted = 0, failed = 0, step = 0, seq = 0;
let started = 0, deadline = 0;
const pending = new Set();
const one = (agent, port, token, bidder) => {
  offered++;
  step += 1;
  const body = JSON.stringify({ spaceId, pieceId, price: basePrice + step * priceStep, requestId: 'bench-' + bidder + '-' + (++seq) });
  const t0 = process.hrtime.bigint();
  const p = new Promise((resolve) => {
    const req = http.request({ host: '127.0.0.1', port, path: '/auction/ws/bid/place', method: 'POST', agent,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), token } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
        sentAt.push(Number(t0 - startedNs) / 1e6);
        try {
          const answer = JSON.parse(Buffer.concat(chunks).toString());
          ok.push(answer.return_code === '0');
          if (answer.return_code === '0') accepted++;
          else refused[answer.error_code] = (refused[answer.error_code] || 0) + 1;
        } catch { failed++; failures['HTTP ' + res.statusCode] = (failures['HTTP ' + res.statusCode] || 0) + 1; ok.push(false); }
        resolve();
      });
    });
    req.on('error', (err) => { failed++; failures[err.code || 'error'] = (failures[err.code || 'error'] || 0) + 1; resolve(); });
    req.end(body);
  });
  pending.add(p);
  p.then(() => pending.delete(p));
};
// Opens a bidder's two connections with a light signed-in call, as a bidder in the room already has.
const warm = (agent, port, token) => new Promise((resolve, reject) => {
  const req = http.request({ host: '127.0.0.1', port, path: '/omc/api/message/unreadCount', method: 'POST', agent,
    headers: { 'content-type': 'application/json', 'content-length': 2, token } }, (res) => { res.resume(); res.on('end', resolve); });
  req.on('error', reject);
  req.end('{}');
});
const agents = tokens.map(() => new http.Agent({ keepAlive: true, maxSockets: 2 }));
const bidder = async (token, index) => {
  const agent = agents[index];
  const port = ports[index % ports.length];
  // Spread the bidders' first bids over one interval.
  await new Promise((r) => setTimeout(r, (index * interval) / tokens.length));
  while (Date.now() < deadline) {
    one(agent, port, token, index);
    await new Promise((r) => setTimeout(r, interval));
  }
};
(async () => {
  for (let i = 0; i < tokens.length; i += 20) {
    await Promise.all(tokens.slice(i, i + 20).flatMap((token, j) => [0, 1].map(() => warm(agents[i + j], ports[(i + j) % ports.length], token))));
  }
  started = Date.now();
  startedNs = process.hrtime.bigint();
  deadline = started + seconds * 1000;
  parentPort.postMessage({ started });
  await Promise.all(tokens.map(bidder));
})().then(async () => {
  await Promise.all([...pending]);
  parentPort.postMessage({ latencies, sentAt, ok, offered, accepted, refused, failed, failures, seconds: (Date.now() - started) / 1000 });
});
`;

async function measure(dialect: 'sqlite' | 'postgres') {
  const servers = await startServers(dialect, 2);
  let processes: ServerProcesses | null = null;
  let proxy: Haproxy | null = null;
  try {
    const tokens = await addBidders(servers.database, servers.kv, BIDDERS);
    const space = await runningSpace(servers, tokens);
    // PostgreSQL's two servers each run in a process of their own, as in production; SQLite's
    // one server is this process (its database is a file only one process writes).
    processes = dialect === 'postgres' && PROCESSES ? await serverProcesses(servers, 2) : null;
    proxy =
      processes && PROXY
        ? await startHaproxy({ port: await freePort(), statsPort: await freePort(), nodes: processes.ports.map((p) => `127.0.0.1:${p}`) })
        : null;
    const ports = proxy ? [Number(new URL(proxy.url).port)] : (processes?.ports ?? servers.ports);
    const where = (processes ? 'processes of their own' : 'this process') + (proxy ? ', behind HAProxy' : '');
    console.log(
      `[${dialect}] ${processes?.ports.length ?? ports.length} server(s) in ${where}, ${BIDDERS} bidders, one bid each every ${INTERVAL_MS} ms for ${WARMUP} s of warm-up and ${SECONDS} s measured…`,
    );
    // The servers' CPU time while the bids ran (this process's main thread, or the server
    // processes), a figure that the machine's other load changes far less than the latencies.
    const serverCpuMs = () => processes?.cpuMs() ?? threadCpuMs();
    let busyFrom = serverCpuMs();
    let busyMs = 0;
    // With processes: the database's and the proxy's CPU over the same time.
    const proxyCpuMs = () => (proxy ? cpuMsOf(`/proc/${proxy.child.pid!}/stat`) : 0);
    let dbFrom = 0;
    let proxyFrom = 0;
    let proxyMs = 0;
    const result = await new Promise<LoadResult>((resolve, reject) => {
      const worker = new Worker(WORKER, {
        eval: true,
        workerData: { ports, tokens, ...space, seconds: WARMUP + SECONDS, interval: INTERVAL_MS },
      });
      worker.on('message', (m: LoadResult | { started: number }) => {
        if ('started' in m) {
          busyFrom = serverCpuMs();
          proxyFrom = proxyCpuMs();
          void processes?.databaseCpuMs().then((ms) => (dbFrom = ms));
          return;
        }
        busyMs = serverCpuMs() - busyFrom;
        proxyMs = proxyCpuMs() - proxyFrom;
        void worker.terminate();
        resolve(m);
      });
      worker.once('error', reject);
    });

    const databaseMs = processes ? (await processes.databaseCpuMs()) - dbFrom : 0;
    // The proof, from the database
    const db = servers.database.db;
    const bids = await db
      .selectFrom('auction_bids')
      .select(['seq', 'price'])
      .where('space_id', '=', Number(space.spaceId))
      .orderBy('seq')
      .execute();
    const gapFree = bids.every((b, i) => Number(b.seq) === i + 1);
    let increasing = true;
    for (let i = 1; i < bids.length; i++) if (Number(bids[i]!.price) <= Number(bids[i - 1]!.price)) increasing = false;
    const chain = await verifyChain(db, Number(space.spaceId));
    const proof = [
      `bids stored ${bids.length} = bids accepted ${result.accepted}: ${bids.length === result.accepted}`,
      `seq runs 1..${bids.length} without a gap: ${gapFree}`,
      `every accepted bid strictly above the one before: ${increasing}`,
      `audit chain verifies (last digest ${chain.digest.slice(0, 16)}…): ${chain.ok}`,
    ];
    const sorted = [...result.latencies].sort((a, b) => a - b);
    return {
      dialect,
      result,
      p50: quantile(sorted, 0.5),
      p99: quantile(sorted, 0.99),
      max: sorted[sorted.length - 1] ?? 0,
      proof,
      busyMs,
      databaseMs,
      proxyMs,
      proven: bids.length === result.accepted && gapFree && increasing && chain.ok,
    };
  } finally {
    await proxy?.stop();
    await processes?.close();
    await servers.close();
  }
}

/** The acknowledgement p99 of the bids sent in each second of the run: where in the run the tail is. */
function bySecond(r: LoadResult): string[] {
  const seconds: number[][] = [];
  r.latencies.forEach((ms, i) => (seconds[Math.floor((r.sentAt[i] ?? 0) / 1000)] ??= []).push(ms));
  return seconds.map((s) =>
    quantile(
      [...s].sort((a, b) => a - b),
      0.99,
    ).toFixed(0),
  );
}

/** The bids sent after the warm-up: what a room that has been open a while answers. */
function measuredWindow(r: LoadResult) {
  const from = WARMUP * 1000;
  const picked = r.latencies.flatMap((ms, i) => ((r.sentAt[i] ?? 0) >= from ? [{ ms, ok: r.ok[i] }] : []));
  const sorted = picked.map((b) => b.ms).sort((a, b) => a - b);
  return {
    offered: picked.length,
    accepted: picked.filter((b) => b.ok).length,
    p50: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    max: sorted[sorted.length - 1] ?? 0,
  };
}

async function main(): Promise<void> {
  const cpus = os.cpus();
  console.log(`machine: ${cpus.length} x ${cpus[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}`);
  const dialects = ONLY === 'both' ? (['sqlite', 'postgres'] as const) : [ONLY as 'sqlite' | 'postgres'];
  let allProven = true;
  for (const dialect of dialects) {
    const f = await measure(dialect);
    const r = f.result;
    console.log(
      `[${f.dialect}] offered ${r.offered} bids in ${r.seconds.toFixed(1)} s (${(r.offered / r.seconds).toFixed(0)}/s), accepted ${r.accepted} (${(r.accepted / r.seconds).toFixed(0)}/s); ack p50 ${f.p50.toFixed(1)} ms, p99 ${f.p99.toFixed(1)} ms, max ${f.max.toFixed(1)} ms; refused ${JSON.stringify(r.refused)}; failed ${r.failed} ${JSON.stringify(r.failures)}`,
    );
    console.log(
      `[${f.dialect}] server thread CPU ${(f.busyMs / 1000).toFixed(1)} s in ${r.seconds.toFixed(1)} s: ${(f.busyMs / r.offered).toFixed(2)} ms per bid offered`,
    );
    if (f.databaseMs > 0)
      console.log(
        `[${f.dialect}] CPU per bid offered: servers ${(f.busyMs / r.offered).toFixed(2)} ms, database ${(f.databaseMs / r.offered).toFixed(2)} ms, proxy ${(f.proxyMs / r.offered).toFixed(2)} ms`,
      );
    const m = measuredWindow(r);
    console.log(
      `[${f.dialect}] measured ${SECONDS} s after ${WARMUP} s of warm-up: offered ${m.offered} (${(m.offered / SECONDS).toFixed(0)}/s), accepted ${m.accepted} (${(m.accepted / SECONDS).toFixed(0)}/s); ack p50 ${m.p50.toFixed(1)} ms, p99 ${m.p99.toFixed(1)} ms, max ${m.max.toFixed(1)} ms`,
    );
    console.log(`[${f.dialect}] ack p99 by second of the whole run: ${bySecond(r).join(', ')}`);
    for (const line of f.proof) console.log(`[${f.dialect}]   ${line}`);
    allProven &&= f.proven && r.failed === 0;
  }
  console.log(
    `load average: ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
  );
  if (!allProven) {
    console.log('PROOF FAILED');
    process.exitCode = 1;
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
