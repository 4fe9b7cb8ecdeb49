/**
 * The load generator the HTTP benchmarks share: keep-alive connections in a worker thread (so the
 * server under test keeps the main thread), each sending the next prepared body as soon as its
 * previous answer has arrived, for a number of seconds. Latency is what the client saw.
 */
import http from 'node:http';
import { Worker } from 'node:worker_threads';

export interface LoadResult {
  latencies: number[];
  errors: number;
  seconds: number;
  /** Bytes of answer bodies received (as sent: compressed when the server compressed them). */
  bytes: number;
}

export interface LoadOptions {
  port: number;
  path: string;
  /** Prepared JSON bodies, sent in turn (POST). */
  bodies: string[];
  seconds: number;
  connections: number;
  /** Extra request headers (accept-encoding, a token). */
  headers?: Record<string, string>;
}

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { port, path, bodies, seconds, connections, headers } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const latencies = [];
let errors = 0;
let bytes = 0;
let next = 0;
const started = Date.now();
const deadline = started + seconds * 1000;
const one = () => new Promise((resolve) => {
  const body = bodies[next++ % bodies.length];
  const t0 = process.hrtime.bigint();
  const req = http.request({ host: '127.0.0.1', port, path, method: 'POST', agent,
    headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
    res.on('data', (chunk) => { bytes += chunk.length; });
    res.on('end', () => { latencies.push(Number(process.hrtime.bigint() - t0) / 1e6); if (res.statusCode !== 200) errors++; resolve(); });
  });
  req.on('error', () => { errors++; resolve(); });
  req.end(body);
});
const user = async () => { while (Date.now() < deadline) await one(); };
Promise.all(Array.from({ length: connections }, user)).then(() => {
  agent.destroy();
  parentPort.postMessage({ latencies, errors, bytes, seconds: (Date.now() - started) / 1000 });
});
`;

export function load(o: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { eval: true, workerData: { ...o, headers: o.headers ?? {} } });
    worker.once('message', (m: LoadResult) => {
      void worker.terminate();
      resolve(m);
    });
    worker.once('error', reject);
  });
}

/** A command-line option's value (`--name value`), or `fallback`. */
export function arg(name: string, fallback: string): string {
  const args = process.argv.slice(2);
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] ? args[at + 1]! : fallback;
}

export const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN;
export const ms = (v: number) => (v < 10 ? v.toFixed(2) : v.toFixed(1));

/** p50, p99 and requests per second of a run. */
export function figures(r: LoadResult): { p50: number; p99: number; rps: number } {
  const sorted = [...r.latencies].sort((x, y) => x - y);
  return { p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99), rps: r.latencies.length / r.seconds };
}

/**
 * A bare node:http server answering every request with `bytes`: what the machine can do for the
 * same answer without the app. Resolves with its port and a close function.
 */
export async function bareServer(bytes: Buffer): Promise<{ port: number; close: () => Promise<void> }> {
  const bare = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': bytes.length });
      res.end(bytes);
    });
  });
  bare.keepAliveTimeout = 10_000;
  await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
  return {
    port: (bare.address() as { port: number }).port,
    close: () => new Promise<void>((r) => bare.close(() => r())),
  };
}
