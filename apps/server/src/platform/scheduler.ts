import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database';
import type { Emit, Trx, WritePath } from './write-path';

/** A job as its handler sees it: runAt is the time it was due (ISO), not the time it runs. */
export interface DueJob {
  kind: string;
  key: string;
  runAt: string;
}

/**
 * Runs one job inside the transaction that also marks it done: its writes and "done" commit
 * together, so a crash runs it again and a commit never runs it twice. A handler decides by
 * `job.runAt` (the time the transition was due), so catching up after downtime has the outcome
 * running on time would have had.
 */
export type JobHandler = (trx: Trx, job: DueJob, emit: Emit) => Promise<void>;

export interface Scheduler {
  /** Registers the handler of a kind (at wiring time); jobs of kinds nobody defined stay pending. */
  define(kind: string, run: JobHandler): void;
  /** Inserts the job or moves it to a new time (pending again), in the caller's transaction. */
  schedule(trx: Db, job: { kind: string; key: string; runAt: Date }): Promise<void>;
  /** Drops a pending job (the transition happened another way), in the caller's transaction. */
  cancel(trx: Db, kind: string, key: string): Promise<void>;
  /** Runs every job due now on this server's clock; answers how many completed. */
  runDue(): Promise<number>;
  /** Catches up at once, then keeps running due jobs until stop(). */
  start(): void;
  stop(): Promise<void>;
}

export interface SchedulerOptions {
  db: Db;
  writes: WritePath;
  now: () => Date;
  /** How long a claim holds before another server may take the job over (a crashed runner). */
  leaseMs?: number;
  /** Longest wait between two looks at the table (jobs scheduled by other servers). */
  pollMs?: number;
  /** Wait before a failed job is tried again, doubled per attempt up to 64 times this. */
  retryMs?: number;
  /** Attempts after which a failing job is given up (state failed, the error kept). */
  maxAttempts?: number;
  /** Jobs claimed per look. */
  batch?: number;
  onError?: (err: unknown, job: DueJob) => void;
}

/** Thrown inside a job's transaction when its claim was lost (moved, cancelled or taken over). */
class ClaimLost extends Error {}

const iso = (d: Date) => d.toISOString();
/** The shortest pause between two looks at the table. */
const MIN_WAIT_MS = 5;

/**
 * The one scheduler of timed transitions, shared by every server on the database. A job is
 * claimed by a conditional UPDATE (pending, due, and no live lease), which exactly one server wins
 * on PostgreSQL and SQLite alike; the handler then runs in a transaction that ends by marking the
 * job done only if this claim still holds it.
 */
export function createScheduler(opts: SchedulerOptions): Scheduler {
  const { db, writes, now } = opts;
  const leaseMs = opts.leaseMs ?? 60_000;
  const pollMs = opts.pollMs ?? 250;
  const retryMs = opts.retryMs ?? 5_000;
  const maxAttempts = opts.maxAttempts ?? 10;
  const batch = opts.batch ?? 50;
  const onError = opts.onError ?? (() => {});
  const server = randomUUID().slice(0, 8);
  const handlers = new Map<string, JobHandler>();

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let stopped = true;

  /** Claims one job for this server: answers the claim token, or null when another server got it. */
  async function claim(id: number): Promise<string | null> {
    const at = now();
    const owner = `${server}:${randomUUID().slice(0, 8)}`;
    const result = await db
      .updateTable('scheduled_jobs')
      .set((eb) => ({
        lease_owner: owner,
        lease_until: iso(new Date(at.getTime() + leaseMs)),
        attempts: eb('attempts', '+', 1),
        updated_at: iso(at),
      }))
      .where('id', '=', id)
      .where('state', '=', 'pending')
      .where('run_at', '<=', iso(at))
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', iso(at))]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1 ? owner : null;
  }

  async function runOne(row: { id: number; kind: string; key: string; run_at: string }): Promise<boolean> {
    const handler = handlers.get(row.kind);
    if (!handler) return false;
    const owner = await claim(row.id);
    if (!owner) return false;
    const job: DueJob = { kind: row.kind, key: row.key, runAt: row.run_at };
    try {
      await writes.write({ actorUserId: null, action: 'scheduled', target: `${row.kind}:${row.key}` }, async (trx, emit) => {
        await handler(trx, job, emit);
        const done = await trx
          .updateTable('scheduled_jobs')
          .set({ state: 'done', done_at: iso(now()), lease_owner: null, lease_until: null, last_error: null, updated_at: iso(now()) })
          .where('id', '=', row.id)
          .where('lease_owner', '=', owner)
          .where('run_at', '=', row.run_at)
          .where('state', '=', 'pending')
          .executeTakeFirst();
        // Moved, cancelled or taken over meanwhile: undo the handler's writes; the job's new
        // owner or new time decides.
        if (Number(done.numUpdatedRows) !== 1) throw new ClaimLost();
      });
      return true;
    } catch (err) {
      if (err instanceof ClaimLost) return false;
      onError(err, job);
      await recordFailure(row.id, owner, err).catch((e: unknown) => onError(e, job));
      return false;
    }
  }

  /** A failed attempt: the error is kept and the lease doubles as the wait before the next try. */
  async function recordFailure(id: number, owner: string, err: unknown): Promise<void> {
    const row = await db.selectFrom('scheduled_jobs').select('attempts').where('id', '=', id).executeTakeFirst();
    if (!row) return;
    const at = now();
    const giveUp = row.attempts >= maxAttempts;
    const wait = retryMs * 2 ** Math.min(6, row.attempts - 1);
    await db
      .updateTable('scheduled_jobs')
      .set({
        state: giveUp ? 'failed' : 'pending',
        lease_owner: null,
        lease_until: iso(new Date(at.getTime() + wait)),
        last_error: (err instanceof Error ? err.message : String(err)).slice(0, 1000),
        updated_at: iso(at),
      })
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .execute();
  }

  async function runDueOnce(): Promise<number> {
    const kinds = [...handlers.keys()];
    if (kinds.length === 0) return 0;
    let completed = 0;
    for (;;) {
      const at = iso(now());
      const due = await db
        .selectFrom('scheduled_jobs')
        .select(['id', 'kind', 'key', 'run_at'])
        .where('state', '=', 'pending')
        .where('run_at', '<=', at)
        .where('kind', 'in', kinds)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', at)]))
        .orderBy('run_at')
        .orderBy('id')
        .limit(batch)
        .execute();
      let progressed = 0;
      for (const row of due) if (await runOne(row)) progressed++;
      completed += progressed;
      // A full batch may hide more due jobs; stop when a look found no more or nothing moved.
      if (due.length < batch || progressed === 0) return completed;
    }
  }

  /** One run at a time per server: a call while one runs waits for it and then looks again. */
  async function runDue(): Promise<number> {
    while (running) await running.catch(() => 0);
    running = runDueOnce();
    try {
      return await running;
    } finally {
      running = null;
    }
  }

  /**
   * The wait until the next pending job of a defined kind is due, at most pollMs (other servers
   * add jobs too), and never quite zero, so a job that cannot be claimed does not spin the loop.
   */
  async function nextWait(): Promise<number> {
    const kinds = [...handlers.keys()];
    if (kinds.length === 0) return pollMs;
    const row = await db
      .selectFrom('scheduled_jobs')
      .select((eb) => eb.fn.min('run_at').as('next'))
      .where('state', '=', 'pending')
      .where('kind', 'in', kinds)
      .where('lease_until', 'is', null)
      .executeTakeFirst();
    if (!row?.next) return pollMs;
    return Math.max(MIN_WAIT_MS, Math.min(pollMs, new Date(row.next).getTime() - now().getTime()));
  }

  function loop(): void {
    if (stopped) return;
    void (async () => {
      let wait = pollMs;
      try {
        await runDue();
        wait = await nextWait();
      } catch (err) {
        onError(err, { kind: '', key: '', runAt: '' });
      }
      if (!stopped) timer = setTimeout(loop, wait);
    })();
  }

  return {
    define(kind, run) {
      if (handlers.has(kind)) throw new Error(`scheduler: ${kind} is defined twice`);
      handlers.set(kind, run);
    },
    async schedule(trx, job) {
      const runAt = iso(job.runAt);
      const at = iso(now());
      await trx
        .insertInto('scheduled_jobs')
        .values({ kind: job.kind, key: job.key, run_at: runAt, updated_at: at })
        .onConflict((oc) =>
          oc.columns(['kind', 'key']).doUpdateSet({
            run_at: runAt,
            state: 'pending',
            lease_owner: null,
            lease_until: null,
            attempts: 0,
            last_error: null,
            done_at: null,
            updated_at: at,
          }),
        )
        .execute();
    },
    async cancel(trx, kind, key) {
      await trx
        .updateTable('scheduled_jobs')
        .set({ state: 'cancelled', lease_owner: null, lease_until: null, updated_at: iso(now()) })
        .where('kind', '=', kind)
        .where('key', '=', key)
        .where('state', '=', 'pending')
        .execute();
    },
    runDue,
    start() {
      if (!stopped) return;
      stopped = false;
      loop();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      while (running) await running.catch(() => 0);
    },
  };
}
