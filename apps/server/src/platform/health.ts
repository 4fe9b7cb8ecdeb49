import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { Scheduler } from './scheduler';

/**
 * Whether this server should get traffic (GET /readyz), as opposed to whether it answers at all
 * (GET /healthz). Each probe looks at one thing the server needs; a probe that does not answer
 * within the timeout counts as failed, so a hung database makes the answer 503 quickly instead of
 * holding the load balancer's check open.
 */
export interface Probe {
  name: string;
  /** Resolves when the thing is there; rejects (best with a ProbeFailure) when it is not. */
  check(): Promise<void>;
}

/**
 * A probe's refusal whose message may be shown in the readiness answer. Any other error (a
 * driver's, naming hosts and ports) is logged, and the answer only says the thing is unavailable.
 */
export class ProbeFailure extends Error {}

export interface CheckResult {
  ok: boolean;
  /** How long the probe took, in milliseconds. */
  ms: number;
  error?: string;
}

export interface Readiness {
  status: 'ready' | 'not ready' | 'draining';
  /** The names of the probes that failed, or 'draining' while the server shuts down. */
  failed: string[];
  checks: Record<string, CheckResult>;
}

export interface Health {
  /** Runs every probe at once, each bounded by the timeout. */
  readiness(): Promise<Readiness>;
  /** From now on the server is not ready, whatever the probes say: it is shutting down. */
  startDraining(): void;
  isDraining(): boolean;
}

export interface HealthOptions {
  probes: Probe[];
  /** Longest wait for one probe (the probes run together). */
  timeoutMs?: number;
  /** Milliseconds of a monotonic clock, for the probes' durations. */
  clock?: () => number;
  /** A probe changed state (failed, or answered again after failing); `err` is what it threw. */
  onChange?: (name: string, result: CheckResult, err?: unknown) => void;
}

export const PROBE_TIMEOUT_MS = 800;

export function createHealth(opts: HealthOptions): Health {
  const timeoutMs = opts.timeoutMs ?? PROBE_TIMEOUT_MS;
  const clock = opts.clock ?? (() => performance.now());
  // A probe still running (a query on a hung connection) is awaited again rather than started
  // again: checks every second against a hung database must not pile up waiting queries.
  const pending = new Map<string, Promise<void>>();
  const lastOk = new Map<string, boolean>();
  let draining = false;

  async function run(probe: Probe): Promise<CheckResult> {
    const started = clock();
    let inFlight = pending.get(probe.name);
    if (!inFlight) {
      inFlight = Promise.resolve()
        .then(() => probe.check())
        .finally(() => pending.delete(probe.name));
      pending.set(probe.name, inFlight);
    }
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    let result: CheckResult;
    let thrown: unknown;
    try {
      const outcome = await Promise.race([inFlight.then(() => 'ok' as const), timedOut]);
      result =
        outcome === 'ok'
          ? { ok: true, ms: Math.round(clock() - started) }
          : { ok: false, ms: Math.round(clock() - started), error: `no answer within ${timeoutMs} ms` };
      if (outcome === 'timeout') thrown = new Error(result.error);
    } catch (err) {
      thrown = err;
      result = { ok: false, ms: Math.round(clock() - started), error: err instanceof ProbeFailure ? err.message : 'unavailable' };
    } finally {
      clearTimeout(timer);
    }
    if (lastOk.get(probe.name) !== result.ok && (lastOk.has(probe.name) || !result.ok)) opts.onChange?.(probe.name, result, thrown);
    lastOk.set(probe.name, result.ok);
    return result;
  }

  return {
    async readiness() {
      if (draining) return { status: 'draining', failed: ['draining'], checks: {} };
      const results = await Promise.all(opts.probes.map(run));
      const checks = Object.fromEntries(opts.probes.map((p, i) => [p.name, results[i]!]));
      const failed = opts.probes.filter((_, i) => !results[i]!.ok).map((p) => p.name);
      return { status: failed.length === 0 ? 'ready' : 'not ready', failed, checks };
    },
    startDraining() {
      draining = true;
    },
    isDraining: () => draining,
  };
}

/** The database answers a query. */
export function databaseProbe(db: Db): Probe {
  return {
    name: 'database',
    async check() {
      await sql`select 1`.execute(db);
    },
  };
}

/** Redis answers PING (only when the server keeps its short-lived state there). */
export function redisProbe(ping: () => Promise<void>): Probe {
  return { name: 'redis', check: ping };
}

/**
 * Every migration this server's code knows has been applied: a server started before an upgrade
 * finished migrating would read and write columns that are not there. Migrations applied by a
 * newer release that this server does not know do not fail it (a rolling upgrade runs both).
 */
export function migrationsProbe(db: Db, expected: readonly string[]): Probe {
  return {
    name: 'migrations',
    async check() {
      const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
      const applied = new Set(rows.map((r) => r.name));
      const missing = expected.filter((name) => !applied.has(name));
      if (missing.length > 0) {
        const shown = missing.slice(0, 3).join(', ');
        throw new ProbeFailure(`${missing.length} not applied: ${shown}${missing.length > 3 ? ', …' : ''}`);
      }
    },
  };
}

/** How long the scheduler's loop may go without a turn before it counts as stuck. */
export const SCHEDULER_STALE_MS = 30_000;

/**
 * The scheduler's loop is running and has turned recently: timed transitions (closing auctions,
 * order deadlines) happen on this server only while it does.
 */
export function schedulerProbe(scheduler: Pick<Scheduler, 'lastTurnAt'>, opts: { staleMs?: number; clock?: () => number } = {}): Probe {
  const staleMs = opts.staleMs ?? SCHEDULER_STALE_MS;
  const clock = opts.clock ?? (() => performance.now());
  return {
    name: 'scheduler',
    async check() {
      const at = scheduler.lastTurnAt();
      if (at === null) throw new ProbeFailure('not running');
      const idle = clock() - at;
      if (idle > staleMs) throw new ProbeFailure(`no turn for ${Math.round(idle / 1000)} s`);
    },
  };
}

/**
 * Stops a server so that a load balancer notices first: /readyz answers 503 at once, requests are
 * still served for `drainMs` (the balancer's checks see the 503 and send new requests elsewhere),
 * then `close` stops accepting connections and finishes the requests already started.
 */
export async function drainThenClose(opts: {
  health: Health;
  drainMs: number;
  close: () => Promise<void>;
  wait?: (ms: number) => Promise<void>;
}): Promise<void> {
  const wait = opts.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  opts.health.startDraining();
  if (opts.drainMs > 0) await wait(opts.drainMs);
  await opts.close();
}
