import type { Metrics } from '../../platform/metrics';
import type { LedgerWatch } from './ledger-watch';
import type { SystemStatusRepo } from './system-status.repo';

/** Longest a scrape waits for the job figures: a hung database must not make the server look down. */
const READ_TIMEOUT_MS = 1000;
/** The gauges of one scrape share one read of the job figures. */
const SHARED_READ_MS = 1000;

/**
 * The gauges read from the database and the ledger check when Prometheus scrapes: the timed jobs'
 * backlog (three index ranges of scheduled_jobs) and whether every deposit account equals its ledger.
 */
export function registerStatusGauges(
  metrics: Metrics,
  deps: { repo: SystemStatusRepo; now: () => Date; ledger: LedgerWatch | null },
): void {
  let shared: { at: number; figures: Promise<Awaited<ReturnType<SystemStatusRepo['jobFigures']>> | null> } | null = null;
  const figures = () => {
    const at = performance.now();
    if (!shared || at - shared.at > SHARED_READ_MS) {
      const read = deps.repo.jobFigures(deps.now().toISOString()).catch(() => null);
      const timeout = new Promise<null>((resolve) => setTimeout(resolve, READ_TIMEOUT_MS, null).unref());
      shared = { at, figures: Promise.race([read, timeout]) };
    }
    return shared.figures;
  };
  metrics.gauge({
    name: 'portal_jobs',
    help: 'Timed jobs by state: pending (due or not), due (pending and past their time), failed (given up)',
    labelNames: ['state'],
    async read(set) {
      const f = await figures();
      if (!f) return;
      set(f.pending, { state: 'pending' });
      set(f.due, { state: 'due' });
      set(f.failed, { state: 'failed' });
    },
  });
  metrics.gauge({
    name: 'portal_jobs_overdue_seconds',
    help: 'How long the oldest due timed job has waited past its time (0 when none is due)',
    async read(set) {
      const f = await figures();
      if (f) set(f.oldestDue ? Math.max(0, (deps.now().getTime() - new Date(f.oldestDue).getTime()) / 1000) : 0);
    },
  });
  const { ledger } = deps;
  if (!ledger) return;
  metrics.gauge({
    name: 'portal_deposit_ledger_mismatch',
    help: '1 when the last check found a deposit account that differs from its ledger, else 0',
    read(set) {
      const last = ledger.last();
      if (last) set(last.ok ? 0 : 1);
    },
  });
  metrics.gauge({
    name: 'portal_deposit_ledger_checked_timestamp_seconds',
    help: 'When the deposit accounts were last checked against their ledgers (epoch seconds)',
    read(set) {
      const last = ledger.last();
      if (last) set(new Date(last.checkedAt).getTime() / 1000);
    },
  });
}
