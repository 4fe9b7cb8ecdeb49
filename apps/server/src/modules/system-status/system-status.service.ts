import os from 'node:os';
import type { Insertable } from 'kysely';
import type { SystemFailure, SystemNode, SystemStatus } from '@portal/contracts/system-status';
import type { SystemNodeTable } from '../../db/schema';
import type { Health } from '../../platform/health';
import type { FailedAnswer } from '../../platform/metrics';
import type { LedgerWatch } from './ledger-watch';
import type { NodeRow, SystemStatusRepo } from './system-status.repo';

/** The periodic tasks of this module, by name (tests run them with app.live.periodic.runNow). */
export const STATUS_TASKS = { announce: 'node-announce', ledger: 'deposit-ledger-check' } as const;

/** How many failures the page lists, answers and jobs together. */
const FAILURES_SHOWN = 30;
/** A node silent this long is forgotten (a server taken away for good). */
const FORGET_AFTER_MS = 24 * 3600_000;

export interface SystemStatusDeps {
  repo: SystemStatusRepo;
  now: () => Date;
  health: Pick<Health, 'readiness'>;
  ledger: LedgerWatch | null;
  /** This server: its name, version and start, and what it holds now. */
  node: {
    id: string;
    version: string;
    startedAt: string;
    openStreams: () => { message: number; auction: number };
    recentFailures: () => readonly FailedAnswer[];
  };
  missingAfterSeconds: number;
}

/** The operators' system page: what every server announced, and what the answering one sees now. */
export function createSystemStatusService(deps: SystemStatusDeps) {
  const { repo, now, node } = deps;

  /** This server as it would announce itself at `at`. */
  function snapshot(at: Date): Insertable<SystemNodeTable> {
    const streams = node.openStreams();
    return {
      node_id: node.id,
      version: node.version,
      started_at: node.startedAt,
      last_seen_at: at.toISOString(),
      load1: os.loadavg()[0] ?? 0,
      cpus: os.availableParallelism(),
      memory_bytes: process.memoryUsage.rss(),
      message_streams: streams.message,
      auction_streams: streams.auction,
      failures_json: JSON.stringify(node.recentFailures()),
    };
  }

  function nodeOf(row: Insertable<SystemNodeTable>, at: Date): SystemNode {
    const silentSeconds = Math.max(0, (at.getTime() - new Date(row.last_seen_at).getTime()) / 1000);
    return {
      nodeId: row.node_id,
      version: row.version,
      startedAt: row.started_at,
      lastSeenAt: row.last_seen_at,
      state: silentSeconds > deps.missingAfterSeconds ? 'missing' : 'up',
      silentSeconds: Math.round(silentSeconds),
      load1: Math.round(Number(row.load1) * 100) / 100,
      cpus: Number(row.cpus),
      memoryBytes: Number(row.memory_bytes),
      openStreams: { message: Number(row.message_streams), auction: Number(row.auction_streams) },
      self: row.node_id === node.id,
    };
  }

  const answersOf = (row: Pick<NodeRow, 'node_id' | 'failures_json'>): SystemFailure[] =>
    (JSON.parse(row.failures_json) as FailedAnswer[]).map((f) => ({
      kind: 'answer',
      at: f.at,
      nodeId: row.node_id,
      requestId: f.requestId,
      route: `${f.method} ${f.route}`,
      status: f.status,
      detail: '',
    }));

  /** Keeps what the database cannot tell right now from hiding what the page can still show. */
  const orNull = <T>(p: Promise<T>): Promise<T | null> => p.catch(() => null);

  return {
    /** Writes this server's announcement (the periodic task), and forgets servers gone for a day. */
    async announce(): Promise<void> {
      const at = now();
      await repo.announce(snapshot(at));
      await repo.forgetSilent(new Date(at.getTime() - FORGET_AFTER_MS).toISOString());
    },

    /**
     * The page's figures. The answering server stands for itself with what it holds now; a
     * database that does not answer leaves the nodes it announced and the jobs out (null) while
     * the readiness checks say why.
     */
    async status(): Promise<SystemStatus> {
      const at = now();
      const atIso = at.toISOString();
      const self = snapshot(at);
      const [rows, readiness, jobs, failedJobs] = await Promise.all([
        orNull(repo.nodes()),
        deps.health.readiness(),
        orNull(repo.jobFigures(atIso)),
        orNull(repo.failedJobs()),
      ]);
      const others = (rows ?? []).filter((r) => r.node_id !== node.id);
      const failures: SystemFailure[] = [
        ...[self, ...others].flatMap(answersOf),
        ...(failedJobs ?? []).map((j): SystemFailure => ({
          kind: 'job',
          at: j.updated_at,
          nodeId: '',
          requestId: '',
          route: `${j.kind} ${j.key}`,
          status: null,
          detail: j.last_error ?? '',
        })),
      ];
      failures.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
      const ledger = deps.ledger?.last() ?? null;
      return {
        at: atIso,
        nodeId: node.id,
        missingAfterSeconds: deps.missingAfterSeconds,
        nodes: [self, ...others].map((r) => nodeOf(r, at)).sort((a, b) => a.nodeId.localeCompare(b.nodeId)),
        readiness: {
          ready: readiness.status === 'ready',
          checks: Object.entries(readiness.checks).map(([name, c]) => ({ name, ...c })),
        },
        jobs: jobs && {
          pending: jobs.pending,
          due: jobs.due,
          lagSeconds: jobs.oldestDue ? Math.max(0, Math.round((at.getTime() - new Date(jobs.oldestDue).getTime()) / 100) / 10) : 0,
          failed: jobs.failed,
        },
        ledger: { ok: ledger?.ok ?? null, checkedAt: ledger?.checkedAt ?? null, problems: ledger?.problems ?? 0 },
        failures: failures.slice(0, FAILURES_SHOWN),
      };
    },
  };
}
export type SystemStatusService = ReturnType<typeof createSystemStatusService>;
