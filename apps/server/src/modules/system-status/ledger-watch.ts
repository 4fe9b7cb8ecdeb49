import type { KvStore } from '../../platform/kv';

/** The last check of the deposit ledgers, as every server of the installation reads it. */
export interface LedgerCheck {
  ok: boolean;
  /** How many problems the check found (the log of the server that ran it names them). */
  problems: number;
  checkedAt: string;
}

const RESULT_KEY = 'deposit-ledger:last';
const TURN_KEY = 'deposit-ledger:turn:';

/**
 * The deposit accounts checked against their ledgers on a schedule, by one server per interval:
 * the first to count itself in for the interval (a counter in the shared store) walks the ledger
 * and keeps the outcome in the shared store; the others read it. Walking a large ledger costs the
 * database, so it happens once per interval however many servers run.
 */
export function createLedgerWatch(deps: {
  kv: KvStore;
  now: () => Date;
  intervalMs: number;
  check: () => Promise<{ ok: boolean; problems: string[] }>;
  /** Told when this server's check found the accounts and their ledgers apart. */
  onMismatch?: (problems: string[]) => void;
}) {
  const { kv, now, intervalMs } = deps;
  let last: LedgerCheck | null = null;

  return {
    /** This server's turn: checks when it is the interval's first, else reads the last outcome. */
    async round(): Promise<void> {
      const at = now();
      const turn = await kv.incr(`${TURN_KEY}${Math.floor(at.getTime() / intervalMs)}`, intervalMs);
      if (turn === 1) {
        const report = await deps.check();
        last = { ok: report.ok, problems: report.problems.length, checkedAt: at.toISOString() };
        // Kept for a few intervals: servers that start later learn it, and a stopped check shows its age.
        await kv.set(RESULT_KEY, JSON.stringify(last), intervalMs * 10);
        if (!report.ok) deps.onMismatch?.(report.problems);
        return;
      }
      const kept = await kv.get(RESULT_KEY);
      if (kept) last = JSON.parse(kept) as LedgerCheck;
    },
    last: (): LedgerCheck | null => last,
  };
}
export type LedgerWatch = ReturnType<typeof createLedgerWatch>;
