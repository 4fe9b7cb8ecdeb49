import { randomUUID } from 'node:crypto';
import { defineMachine } from '@portal/contracts/state-machine';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { createOrMove, moveIfAllowed } from './transitions';
import type { Emit, Trx, WritePath } from './write-path';

/**
 * How a timed job's state changes: pending until its run is done (or given up as failed after its
 * attempts, a failed attempt leaving it pending for the next), cancelled when its transition
 * happened another way, and pending again whenever it is scheduled anew.
 */
export const scheduledJobMachine = defineMachine({
  name: 'scheduledJob',
  table: 'scheduled_jobs',
  id: 'id',
  state: 'state',
  refusal: 'CONFLICT',
  transitions: {
    schedule: { from: [], to: ['pending'], by: 'effect' },
    reschedule: { from: ['pending', 'done', 'cancelled', 'failed'], to: ['pending'], by: 'effect' },
    cancel: { from: ['pending'], to: ['cancelled'], by: 'effect' },
    finish: { from: ['pending'], to: ['done'], by: 'job' },
    fail: { from: ['pending'], to: ['pending', 'failed'], by: 'job' },
  },
});

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

/** A job to run at `runAt`: the kind names its handler, the key its record. */
export interface JobRequest {
  kind: string;
  key: string;
  runAt: Date;
}

export interface Scheduler {
  /** Registers the handler of a kind (at wiring time); jobs of kinds nobody defined stay pending. */
  define(kind: string, run: JobHandler): void;
  /** Inserts the job (or each of several, in one statement) or moves it to a new time (pending again), in the caller's transaction. */
  schedule(trx: Db, job: JobRequest | JobRequest[]): Promise<void>;
  /** Drops a pending job (the transition happened another way), in the caller's transaction. */
  cancel(trx: Db, kind: string, key: string): Promise<void>;
  /** Runs every job due now on this server's clock; answers how many completed. */
  runDue(): Promise<number>;
  /**
   * Frees the claims this node's previous run still held (it stopped without finishing them), so
   * they run now instead of when their leases lapse; answers how many. start() does it first.
   */
  releasePreviousRun(): Promise<number>;
  /** Frees what a previous run held, catches up at once, then keeps running due jobs until stop(). */
  start(): void;
  stop(): Promise<void>;
  /** When the loop last began or ended a turn (performance.now() milliseconds); null while it is not running. */
  lastTurnAt(): number | null;
}

export interface SchedulerOptions {
  db: Db;
  writes: WritePath;
  now: () => Date;
  /**
   * This server's name, the same across its restarts (NODE_ID): every claim it makes starts with
   * it, so a restarted server knows which claims were its own.
   */
  node: string;
  /**
   * How long a claim holds without renewal before another server may take the job over (a crashed
   * runner). A running job renews it every third of this, however long the job takes.
   */
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
  /** A job is done: `lagMs` from when it was due to when it was marked done. */
  onDone?: (job: DueJob, lagMs: number) => void;
  /** This server claimed a job whose previous claim had lapsed (the server holding it stopped or hung). */
  onTakeover?: (job: DueJob) => void;
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
  const leaseMs = opts.leaseMs ?? 5_000;
  const renewMs = Math.max(MIN_WAIT_MS, Math.floor(leaseMs / 3));
  const pollMs = opts.pollMs ?? 250;
  const retryMs = opts.retryMs ?? 5_000;
  const maxAttempts = opts.maxAttempts ?? 10;
  const batch = opts.batch ?? 50;
  const onError = opts.onError ?? (() => {});
  const node = opts.node;
  const handlers = new Map<string, JobHandler>();

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let stopped = true;
  let lastTurn = 0;

  /** Claims one job for this server: answers the claim token, or null when another server got it. */
  async function claim(id: number): Promise<string | null> {
    const at = now();
    const owner = `${node}:${randomUUID().slice(0, 8)}`;
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

  async function runOne(row: { id: number; kind: string; key: string; run_at: string; lease_owner: string | null }): Promise<boolean> {
    const handler = handlers.get(row.kind);
    if (!handler) return false;
    const owner = await claim(row.id);
    if (!owner) return false;
    const job: DueJob = { kind: row.kind, key: row.key, runAt: row.run_at };
    // A due job still naming an owner was claimed before and neither done nor failed: that claim lapsed.
    if (row.lease_owner !== null) opts.onTakeover?.(job);
    const renewal = keepClaim(row.id, owner, job);
    let doneAt = now();
    try {
      await writes.write({ actorUserId: null, action: 'scheduled', target: `${row.kind}:${row.key}` }, async (trx, emit) => {
        await handler(trx, job, emit);
        doneAt = now();
        const done = await moveIfAllowed(trx, scheduledJobMachine, 'finish', row.id, {
          to: 'done',
          set: { done_at: iso(doneAt), lease_owner: null, lease_until: null, last_error: null, updated_at: iso(doneAt) },
          where: { lease_owner: owner, run_at: row.run_at },
        });
        // Moved, cancelled or taken over meanwhile: undo the handler's writes; the job's new
        // owner or new time decides.
        if (!done) throw new ClaimLost();
      });
      opts.onDone?.(job, doneAt.getTime() - new Date(row.run_at).getTime());
      return true;
    } catch (err) {
      if (err instanceof ClaimLost) return false;
      onError(err, job);
      await recordFailure(row.id, owner, err).catch((e: unknown) => onError(e, job));
      return false;
    } finally {
      await renewal.stop();
    }
  }

  /**
   * Renews a claim while its job runs, so a lease can be short (a stopped server's job is taken
   * over within seconds) and a long job still keeps it. A renewal that finds the claim gone changes
   * nothing: the job's own "done" then finds it gone too and rolls back.
   */
  function keepClaim(id: number, owner: string, job: DueJob) {
    let pending: Promise<unknown> = Promise.resolve();
    const timer = setInterval(() => {
      pending = db
        .updateTable('scheduled_jobs')
        .set({ lease_until: iso(new Date(now().getTime() + leaseMs)) })
        .where('id', '=', id)
        .where('lease_owner', '=', owner)
        .where('state', '=', 'pending')
        .execute()
        .catch((err: unknown) => onError(err, job));
    }, renewMs);
    return {
      async stop() {
        clearInterval(timer);
        await pending;
      },
    };
  }

  async function releasePreviousRun(): Promise<number> {
    const result = await db
      .updateTable('scheduled_jobs')
      .set({ lease_owner: null, lease_until: null, updated_at: iso(now()) })
      .where('state', '=', 'pending')
      .where('lease_owner', 'like', `${node}:%`)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** A failed attempt: the error is kept and the lease doubles as the wait before the next try. */
  async function recordFailure(id: number, owner: string, err: unknown): Promise<void> {
    const row = await db.selectFrom('scheduled_jobs').select('attempts').where('id', '=', id).executeTakeFirst();
    if (!row) return;
    const at = now();
    const giveUp = row.attempts >= maxAttempts;
    const wait = retryMs * 2 ** Math.min(6, row.attempts - 1);
    await moveIfAllowed(db, scheduledJobMachine, 'fail', id, {
      to: giveUp ? 'failed' : 'pending',
      set: {
        lease_owner: null,
        lease_until: iso(new Date(at.getTime() + wait)),
        last_error: (err instanceof Error ? err.message : String(err)).slice(0, 1000),
        updated_at: iso(at),
      },
      where: { lease_owner: owner },
    });
  }

  async function runDueOnce(): Promise<number> {
    const kinds = [...handlers.keys()];
    if (kinds.length === 0) return 0;
    let completed = 0;
    for (;;) {
      const at = iso(now());
      const due = await db
        .selectFrom('scheduled_jobs')
        .select(['id', 'kind', 'key', 'run_at', 'lease_owner'])
        .where('state', '=', 'pending')
        .where('run_at', '<=', at)
        .where('kind', 'in', kinds)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', at)]))
        .orderBy('run_at')
        .orderBy('id')
        .limit(batch)
        .execute();
      lastTurn = performance.now();
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

  let released = false;
  function loop(): void {
    if (stopped) return;
    lastTurn = performance.now();
    void (async () => {
      let wait = pollMs;
      try {
        if (!released) {
          await releasePreviousRun();
          released = true;
        }
        await runDue();
        wait = await nextWait();
      } catch (err) {
        onError(err, { kind: '', key: '', runAt: '' });
      }
      lastTurn = performance.now();
      if (!stopped) timer = setTimeout(loop, wait);
    })();
  }

  return {
    define(kind, run) {
      if (handlers.has(kind)) throw new Error(`scheduler: ${kind} is defined twice`);
      handlers.set(kind, run);
    },
    async schedule(trx, job) {
      const at = iso(now());
      const jobs = Array.isArray(job) ? job : [job];
      await createOrMove(
        trx,
        scheduledJobMachine,
        'schedule',
        'reschedule',
        'pending',
        jobs.map((j) => ({ kind: j.kind, key: j.key, run_at: iso(j.runAt), updated_at: at })),
        ['kind', 'key'],
        // A job scheduled again runs at its new time as a fresh job: no lease, no attempts.
        {
          run_at: sql.ref<string>('excluded.run_at'),
          lease_owner: null,
          lease_until: null,
          attempts: 0,
          last_error: null,
          done_at: null,
          updated_at: at,
        },
      );
    },
    async cancel(trx, kind, key) {
      await moveIfAllowed(
        trx,
        scheduledJobMachine,
        'cancel',
        { kind, key },
        {
          to: 'cancelled',
          set: { lease_owner: null, lease_until: null, updated_at: iso(now()) },
        },
      );
    },
    runDue,
    releasePreviousRun,
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
    lastTurnAt: () => (stopped ? null : lastTurn),
  };
}
