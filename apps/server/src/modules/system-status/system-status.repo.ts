import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { SystemNodeTable } from '../../db/schema';

export type NodeRow = Selectable<SystemNodeTable>;

/** How many failed jobs the page lists. */
const FAILED_JOBS_SHOWN = 20;

/** Storage of the system page: the nodes' announcements and the timed jobs' figures. */
export function createSystemStatusRepo(db: Db) {
  return {
    /** Writes a node's announcement over its last one. */
    async announce(row: Insertable<SystemNodeTable>): Promise<void> {
      const { node_id: _id, ...changed } = row;
      await db
        .insertInto('system_nodes')
        .values(row)
        .onConflict((oc) => oc.column('node_id').doUpdateSet(changed))
        .execute();
    },
    /** Forgets nodes silent since before `beforeIso` (servers taken away for good). */
    async forgetSilent(beforeIso: string): Promise<void> {
      await db.deleteFrom('system_nodes').where('last_seen_at', '<', beforeIso).execute();
    },
    nodes(): Promise<NodeRow[]> {
      return db.selectFrom('system_nodes').selectAll().orderBy('node_id').execute();
    },
    /** Pending, due and failed counts and the oldest due time: each an index range of scheduled_jobs (state, run_at). */
    async jobFigures(nowIso: string): Promise<{ pending: number; due: number; oldestDue: string | null; failed: number }> {
      const count = (state: string) =>
        db
          .selectFrom('scheduled_jobs')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('state', '=', state)
          .executeTakeFirstOrThrow();
      const [pending, due, failed] = await Promise.all([
        count('pending'),
        db
          .selectFrom('scheduled_jobs')
          .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.min('run_at').as('oldest')])
          .where('state', '=', 'pending')
          .where('run_at', '<=', nowIso)
          .executeTakeFirstOrThrow(),
        count('failed'),
      ]);
      return { pending: Number(pending.n), due: Number(due.n), oldestDue: due.oldest ?? null, failed: Number(failed.n) };
    },
    /** The jobs whose last attempt failed, newest first (the partial index scheduled_jobs_errors). */
    failedJobs() {
      return db
        .selectFrom('scheduled_jobs')
        .select(['kind', 'key', 'state', 'last_error', 'updated_at'])
        .where('last_error', 'is not', null)
        .orderBy('updated_at', 'desc')
        .limit(FAILED_JOBS_SHOWN)
        .execute();
    },
  };
}
export type SystemStatusRepo = ReturnType<typeof createSystemStatusRepo>;
