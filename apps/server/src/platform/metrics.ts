import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { ERRORS, type ErrorKey } from '@portal/contracts/errors';
import type { EventBus } from './events';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A live stream (SSE): counted by the stream metrics, not as a request in flight for its whole life. */
    eventStream?: boolean;
  }
}

/**
 * What this server measures, in Prometheus' text format on GET /metrics (decision 202). Each app
 * has its own registry (tests and benches run several apps in one process); Node's process
 * metrics are the process's and are registered once, in a registry of their own. Recording is a
 * counter or histogram child kept per label set, so a request or a query pays a map lookup and
 * an addition.
 */

const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
const REDIS_BUCKETS = [0.0002, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5, 1];
const LAG_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const JOB_LAG_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600];

/** The kinds of live stream a server keeps open. */
export type StreamKind = 'message' | 'auction';
/** The calls whose refusals are counted by reason. */
export type RefusedCall = 'order' | 'bid';

/** What a live stream hub tells the metrics. */
export interface StreamMeter {
  /** An event (not a heartbeat) was written to one stream. */
  sent(): void;
  /** A stream was opened with Last-Event-ID, to resume after it. */
  resumed(): void;
}
export const NO_METER: StreamMeter = { sent: () => {}, resumed: () => {} };
/** An SSE comment line (a heartbeat, the greeting): not an event. */
export const isComment = (frame: string) => frame.charCodeAt(0) === 58;

/** A 5xx answer this server gave, for the operators' system page. */
export interface FailedAnswer {
  at: string;
  requestId: string;
  method: string;
  route: string;
  status: number;
}

/** How many 5xx answers a server keeps to show; older ones are in the log. */
export const RECENT_FAILURES_KEPT = 20;

/** The statement kind a query is labelled with (its SQL text would make a label per query). */
export function queryKind(sqlText: string): string {
  const word = /^\s*(\w+)/.exec(sqlText)?.[1]?.toLowerCase() ?? '';
  if (word === 'select' || word === 'insert' || word === 'update' || word === 'delete' || word === 'with') return word;
  if (word === 'begin' || word === 'commit' || word === 'rollback' || word === 'savepoint' || word === 'release') return 'transaction';
  return 'other';
}

let processRegistry: Registry | null = null;
/** Node's own metrics (CPU, memory, event loop, GC), once per process whatever the number of apps. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** A child per label set, made once: prom-client hashes the labels on every call otherwise. */
function children<T extends { observe?: unknown; inc?: unknown }>(make: (...values: string[]) => T) {
  const kept = new Map<string, T>();
  return (...values: string[]): T => {
    const key = values.join('\u0000');
    let child = kept.get(key);
    if (!child) kept.set(key, (child = make(...values)));
    return child;
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** The registry and the recorders every part of the server uses. */
export function createMetrics(opts: { nodeId?: string; version?: string } = {}) {
  const registry = new Registry();
  const reg = { registers: [registry] };

  const httpDuration = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer ending, by route pattern, method and status (live streams apart)',
    labelNames: ['route', 'method', 'status_code'] as const,
    buckets: HTTP_BUCKETS,
    ...reg,
  });
  let inFlight = 0;
  new Gauge({
    name: 'portal_http_requests_in_flight',
    help: 'Requests received whose answer has not ended (live streams apart)',
    collect() {
      this.set(inFlight);
    },
    ...reg,
  });
  const httpChild = children((route, method, status) => httpDuration.labels(route, method, status));
  const failures: FailedAnswer[] = [];

  const queryDuration = new Histogram({
    name: 'portal_db_query_duration_seconds',
    help: 'Database query time by statement kind',
    labelNames: ['kind'] as const,
    buckets: QUERY_BUCKETS,
    ...reg,
  });
  const queryErrors = new Counter({
    name: 'portal_db_query_errors_total',
    help: 'Queries that failed, by statement kind',
    labelNames: ['kind'] as const,
    ...reg,
  });
  const queryChild = children((kind) => queryDuration.labels(kind));
  const queryErrorChild = children((kind) => queryErrors.labels(kind));

  const redisDuration = new Histogram({
    name: 'portal_redis_command_duration_seconds',
    help: 'Redis command time as this server waits for it, by command',
    labelNames: ['command'] as const,
    buckets: REDIS_BUCKETS,
    ...reg,
  });
  const redisErrors = new Counter({
    name: 'portal_redis_command_errors_total',
    help: 'Redis commands that failed',
    labelNames: ['command'] as const,
    ...reg,
  });
  const redisChild = children((command) => redisDuration.labels(command));

  const busLag = new Histogram({
    name: 'portal_event_bus_lag_seconds',
    help: 'Time from another server publishing a change to this server delivering it',
    buckets: LAG_BUCKETS,
    ...reg,
  });

  const jobLag = new Histogram({
    name: 'portal_job_lag_seconds',
    help: 'Time from a timed job being due to it being done (done_at - run_at), by kind',
    labelNames: ['kind'] as const,
    buckets: JOB_LAG_BUCKETS,
    ...reg,
  });
  const takeovers = new Counter({
    name: 'portal_job_lease_takeovers_total',
    help: 'Timed jobs claimed after another claim on them lapsed (its server stopped or hung)',
    labelNames: ['kind'] as const,
    ...reg,
  });

  const streamEvents = new Counter({
    name: 'portal_sse_events_sent_total',
    help: 'Events written to live streams, by stream kind',
    labelNames: ['kind'] as const,
    ...reg,
  });
  const streamResumes = new Counter({
    name: 'portal_sse_resumes_total',
    help: 'Live streams opened again with Last-Event-ID, by stream kind',
    labelNames: ['kind'] as const,
    ...reg,
  });
  const openStreams = new Map<StreamKind, () => number>();
  new Gauge({
    name: 'portal_sse_streams_open',
    help: 'Live streams open on this server, by kind',
    labelNames: ['kind'] as const,
    collect() {
      for (const [kind, count] of openStreams) this.labels(kind).set(count());
    },
    ...reg,
  });

  const orders = new Counter({ name: 'portal_orders_placed_total', help: 'Orders placed (committed) on this server', ...reg });
  const bids = new Counter({
    name: 'portal_auction_bids_accepted_total',
    help: 'Auction bids accepted (committed) on this server',
    ...reg,
  });
  const refusals = {
    order: new Counter({
      name: 'portal_orders_refused_total',
      help: 'Order placements refused, by reason (the error catalogue key and its wire code)',
      labelNames: ['reason', 'code'] as const,
      ...reg,
    }),
    bid: new Counter({
      name: 'portal_auction_bids_refused_total',
      help: 'Auction bids refused, by reason (the error catalogue key and its wire code)',
      labelNames: ['reason', 'code'] as const,
      ...reg,
    }),
  };
  const tenderOpenings = new Counter({ name: 'portal_tender_openings_total', help: 'Tenders whose sealed bids were opened', ...reg });
  const depositCents = new Counter({
    name: 'portal_deposit_moved_cents_total',
    help: 'Deposit money frozen, released and forfeited, in cents, by currency',
    labelNames: ['movement', 'currency'] as const,
    ...reg,
  });

  if (opts.nodeId !== undefined) {
    new Gauge({
      name: 'portal_node_info',
      help: 'This server: its node id and version (always 1)',
      labelNames: ['node', 'version'] as const,
      ...reg,
    })
      .labels(opts.nodeId, opts.version ?? '')
      .set(1);
  }

  return {
    registry,
    contentType: registry.contentType,
    /** The text a scrape answers: this app's metrics and the process's. */
    async scrape(): Promise<string> {
      return `${await processMetrics().metrics()}\n${await registry.metrics()}`;
    },

    http: {
      started(): void {
        inFlight++;
      },
      /** An answer ended, or its client went away before it did (status 499). */
      ended(route: string, method: string, status: number, seconds: number): void {
        inFlight--;
        httpChild(route, method, String(status)).observe(seconds);
      },
      /** A 5xx answer, kept for the system page (the newest RECENT_FAILURES_KEPT). */
      failed(answer: FailedAnswer): void {
        failures.unshift(answer);
        if (failures.length > RECENT_FAILURES_KEPT) failures.pop();
      },
      recentFailures: (): readonly FailedAnswer[] => failures,
    },

    query(kind: string, ms: number, failed: boolean): void {
      queryChild(kind).observe(ms / 1000);
      if (failed) queryErrorChild(kind).inc();
    },
    /** PostgreSQL's pool, read when scraped: connections in use and idle, queries waiting for one. */
    pool(read: () => { total: number; idle: number; waiting: number }): void {
      new Gauge({
        name: 'portal_db_pool_connections',
        help: 'PostgreSQL connections of this server by state (in_use, idle)',
        labelNames: ['state'] as const,
        collect() {
          const p = read();
          this.labels('in_use').set(p.total - p.idle);
          this.labels('idle').set(p.idle);
        },
        ...reg,
      });
      new Gauge({
        name: 'portal_db_pool_waiting',
        help: 'Queries of this server waiting for a PostgreSQL connection',
        collect() {
          this.set(read().waiting);
        },
        ...reg,
      });
    },
    redis(command: string, ms: number, failed: boolean): void {
      redisChild(command).observe(ms / 1000);
      if (failed) redisErrors.labels(command).inc();
    },
    jobDone(kind: string, lagMs: number): void {
      jobLag.labels(kind).observe(Math.max(0, lagMs) / 1000);
    },
    leaseTakenOver(kind: string): void {
      takeovers.labels(kind).inc();
    },

    /** The recorders of one kind of live stream, and where its open count is read at scrape time. */
    stream(kind: StreamKind, open: () => number): StreamMeter {
      openStreams.set(kind, open);
      const sent = streamEvents.labels(kind);
      const resumed = streamResumes.labels(kind);
      return { sent: () => sent.inc(), resumed: () => resumed.inc() };
    },

    /** A refusal of a counted call, by its catalogue key and wire code. */
    refused(call: RefusedCall, reason: ErrorKey): void {
      refusals[call].labels(reason, ERRORS[reason].code).inc();
    },

    /**
     * Counts what committed from the changes this server made, and times how late the other
     * servers' changes arrive. An event with `sentAt` came from another server through Redis: its
     * money and trades were counted there, so each is counted once across the installation.
     */
    follow(events: EventBus): () => void {
      return events.subscribe((e) => {
        if (e.sentAt !== undefined) {
          busLag.observe(Math.max(0, Date.now() - e.sentAt) / 1000);
          return;
        }
        if (e.topic === 'order' && e.action === 'placed') orders.inc();
        else if (e.topic === 'auction' && e.action === 'bid') bids.inc();
        else if (e.topic === 'tender' && e.action === 'open') tenderOpenings.inc();
        else if (e.topic === 'deposit') {
          const amount = Number(e.data?.amount);
          const currency = String(e.data?.currency ?? '');
          if (!(amount > 0)) return;
          if (e.action === 'freeze') depositCents.labels('frozen', currency).inc(amount);
          else if (e.action === 'release') depositCents.labels('released', currency).inc(amount);
          // A forfeit is written on both sides; the payer's side (money leaving) counts it.
          else if (e.action === 'forfeit' && Number(e.data?.balanceChange) < 0) depositCents.labels('forfeited', currency).inc(amount);
        }
      });
    },

    /** A gauge read when scraped (a cheap query, a value kept by a periodic check). */
    gauge<L extends string>(def: {
      name: string;
      help: string;
      labelNames?: readonly L[];
      read: (set: (value: number, labels?: Record<L, string>) => void) => Promise<void> | void;
    }) {
      new Gauge({
        name: def.name,
        help: def.help,
        labelNames: def.labelNames ?? [],
        async collect() {
          await def.read((value, labels) => (labels ? this.labels(labels as never).set(value) : this.set(value)));
        },
        ...reg,
      });
    },
  };
}

/** The status an answer is counted with when its client went away before it ended (nginx's convention). */
export const CLIENT_CLOSED = 499;

/**
 * Times every request by its route pattern (never the address asked for, which would make a label
 * per listing or file), counts the ones in flight and keeps the 5xx answers. Live streams are left
 * out: their life is the connection's, and the stream metrics count them.
 */
export function installHttpMetrics(app: FastifyInstance, metrics: Metrics, now: () => Date): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config?.eventStream) {
      done();
      return;
    }
    metrics.http.started();
    const started = performance.now();
    let ended = false;
    const end = (status: number) => {
      if (ended) return;
      ended = true;
      const route = request.routeOptions.url ?? '(unmatched)';
      metrics.http.ended(route, request.method, status, (performance.now() - started) / 1000);
      if (status >= 500) {
        metrics.http.failed({ at: now().toISOString(), requestId: String(request.id), method: request.method, route, status });
      }
    };
    // 'finish' when the answer was sent whole; 'close' always, and alone when the client went away first.
    reply.raw.once('finish', () => end(reply.raw.statusCode));
    reply.raw.once('close', () => end(CLIENT_CLOSED));
    done();
  });
}
