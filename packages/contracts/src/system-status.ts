import { z } from 'zod';
import type { Endpoint } from './endpoint';

/**
 * The operators' system page: the servers (nodes) of the installation and whether each is heard
 * from, the readiness of the database and Redis, the timed jobs' backlog and lag, the deposit
 * ledger check, and recent failures (5xx answers, failed jobs). The page asks again every few
 * seconds and draws the figures' recent history itself.
 */

/** Operators read the system page with this permission code. */
export const SYSTEM_STATUS_PERMISSION = 'system:status';

/** How often the page asks for the status again, in milliseconds. */
export const SYSTEM_STATUS_POLL_MS = 5000;

/** A node is up while it was heard from within the installation's NODE_MISSING_SECONDS, missing after. */
export const NODE_STATES = ['up', 'missing'] as const;
export type NodeState = (typeof NODE_STATES)[number];

export const systemNodeSchema = z.object({
  /** NODE_ID: the same across the server's restarts. */
  nodeId: z.string(),
  version: z.string(),
  /** When this run of the server started (ISO). */
  startedAt: z.string(),
  /** When it last announced itself (ISO); the answering node's is the answer's time. */
  lastSeenAt: z.string(),
  state: z.enum(NODE_STATES),
  /** Seconds since it last announced itself. */
  silentSeconds: z.number(),
  /** The host's load average over one minute, and its CPU count to read it against. */
  load1: z.number(),
  cpus: z.number().int(),
  /** Resident memory of the process, in bytes. */
  memoryBytes: z.number(),
  /** Live streams open on it: the message centre's and the auction rooms'. */
  openStreams: z.object({ message: z.number().int(), auction: z.number().int() }),
  /** True for the node that gave this answer. */
  self: z.boolean(),
});
export type SystemNode = z.infer<typeof systemNodeSchema>;

/** One readiness probe of the answering node (database, redis, migrations, scheduler). */
export const systemCheckSchema = z.object({
  name: z.string(),
  ok: z.boolean(),
  ms: z.number(),
  error: z.string().optional(),
});
export type SystemCheck = z.infer<typeof systemCheckSchema>;

export const FAILURE_KINDS = ['answer', 'job'] as const;

/** A 5xx answer of a node, or a timed job whose last attempt failed. */
export const systemFailureSchema = z.object({
  kind: z.enum(FAILURE_KINDS),
  /** When it happened (ISO). */
  at: z.string(),
  /** The node that answered (answers); empty for jobs, which any node may run. */
  nodeId: z.string(),
  /** X-Request-Id of the answer; empty for jobs. */
  requestId: z.string(),
  /** The route pattern and method of the answer ("POST /commtrade/ws/order/place"), or the job's kind and key. */
  route: z.string(),
  /** The HTTP status of the answer; null for jobs. */
  status: z.number().int().nullable(),
  /** The job's last error (answers keep theirs in the log, found by the request id). */
  detail: z.string(),
});
export type SystemFailure = z.infer<typeof systemFailureSchema>;

export const systemStatusSchema = z.object({
  /** The answering node's time (ISO). */
  at: z.string(),
  /** The node that answered. */
  nodeId: z.string(),
  /** How long a node may be silent before it shows as missing. */
  missingAfterSeconds: z.number().int(),
  nodes: z.array(systemNodeSchema),
  readiness: z.object({ ready: z.boolean(), checks: z.array(systemCheckSchema) }),
  /** The timed jobs; null when the database did not answer. */
  jobs: z
    .object({
      /** Jobs waiting to run, due or not. */
      pending: z.number().int(),
      /** Pending jobs whose time has come. */
      due: z.number().int(),
      /** How long the oldest due job has waited past its time, in seconds (0 when none is due). */
      lagSeconds: z.number(),
      /** Jobs given up after their attempts. */
      failed: z.number().int(),
    })
    .nullable(),
  /** The last check of every deposit account against its ledger; ok null before the first. */
  ledger: z.object({ ok: z.boolean().nullable(), checkedAt: z.string().nullable(), problems: z.number().int() }),
  /** The newest failures first. */
  failures: z.array(systemFailureSchema),
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;

export const systemStatusEndpoints = {
  status: {
    method: 'POST',
    path: '/omc/api/system/status',
    access: { permission: SYSTEM_STATUS_PERMISSION },
    body: z.object({}),
    answer: systemStatusSchema,
    summary: 'The system page: nodes, readiness, timed jobs, the ledger check and recent failures',
  },
} as const satisfies Record<string, Endpoint>;
