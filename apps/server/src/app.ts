import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifySerializerCompiler } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject, validatorCompiler } from 'fastify-type-provider-zod';
import { okEnvelope } from '@portal/contracts/envelope';
import type { DbHandle } from './db/database';
import { allMigrations } from './migrations';
import { answerSerializerCompiler } from './platform/answer-writer';
import { createCaptcha } from './platform/captcha';
import { installCompression } from './platform/compression';
import { createFirstScreens, readIndexHtml } from './platform/first-screen';
import { createHealth, databaseProbe, migrationsProbe, redisProbe, schedulerProbe, type Health } from './platform/health';
import { installErrorHandling, installJsonBodies, installSessionHook, sendNotFound } from './platform/http';
import { measuredKv, type KvStore } from './platform/kv';
import { requestLogController } from './platform/logger';
import { createMetrics, installHttpMetrics, queryKind, type Metrics } from './platform/metrics';
import { registerMetricsEndpoint } from './platform/metrics-endpoint';
import { createPeriodic, type Periodic } from './platform/periodic';
import { isStoreUnavailable } from './platform/outage';
import { createPublicCache } from './platform/public-cache';
import { installRequestIds, requestIdGenerator } from './platform/request-context';
import { createRateLimiter } from './platform/rate-limit';
import { createSessions } from './platform/sessions';
import { installSecurityHeaders, sendPage } from './platform/security-headers';
import { createLocalBus, type EventBus } from './platform/events';
import { startModules, type ProvidedServices } from './platform/module';
import { createScheduler, type Scheduler } from './platform/scheduler';
import { serverVersion } from './platform/server-version';
import { createWritePath, type WritePath } from './platform/write-path';
import { SERVER_MODULES } from './modules/index';
import { nodeIdOf, publicSettings, type Settings } from './settings';
import { DEFAULT_LANG } from '@portal/contracts/i18n';
import type { PublicSettings } from '@portal/contracts/settings';
import { homePathOf } from '@portal/contracts/site-path';
import { API_PREFIXES } from '@portal/contracts/page-paths';

export interface AppDeps {
  settings: Settings;
  database: DbHandle;
  kv: KvStore;
  /** A pino logger; none keeps the app silent (tests). */
  logger?: FastifyBaseLogger;
  /** Folder of the built web app; null serves the API only. */
  webDist?: string | null;
  now?: () => Date;
  /** The event bus shared with other servers (Redis); none keeps events in this process. The creator closes it. */
  events?: EventBus;
  /** What the server measures (GET /metrics); none makes the app's own. */
  metrics?: Metrics;
}

/** Live: what changes go through and what runs timed transitions; main.ts starts the scheduler. */
export interface LivePlatform {
  events: EventBus;
  writes: WritePath;
  scheduler: Scheduler;
  /** notifyCompany / notifyUsers inside a write's transaction. */
  messages: ProvidedServices['messages'];
  /** The open message streams of this server. */
  streams: ProvidedServices['messageStreams'];
  /** The open auction room streams of this server. */
  auctionStreams: ProvidedServices['auctionStreams'];
  /** What this server repeats while it serves (its announcement, the ledger check); main.ts starts it. */
  periodic: Periodic;
  metrics: Metrics;
}

declare module 'fastify' {
  interface FastifyInstance {
    live: LivePlatform;
    /** Readiness (GET /readyz) and draining on shutdown. */
    health: Health;
  }
}

/** Builds the whole server: the shared platform once, then every module of the registry (modules/index.ts) on it. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { settings: s, database } = deps;
  const now = deps.now ?? (() => new Date());
  const metrics = deps.metrics ?? createMetrics({ nodeId: nodeIdOf(s), version: serverVersion() });
  // Redis is timed command by command; the database's own store is timed as its queries.
  const kv = deps.kv.ping ? measuredKv(deps.kv, metrics.redis) : deps.kv;
  database.observeQueries((sqlText, ms, failed) => metrics.query(queryKind(sqlText), ms, failed));
  if (database.poolStats()) metrics.pool(() => database.poolStats()!);
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    bodyLimit: s.BODY_LIMIT_BYTES,
    // A client that sends its request slower than this (a trickled body) holds a connection and
    // memory for nothing: Node cuts it off with 408, checking the open connections every second.
    requestTimeout: s.REQUEST_TIMEOUT_SECONDS * 1000,
    http: {
      headersTimeout: Math.min(60_000, s.REQUEST_TIMEOUT_SECONDS * 1000),
      connectionsCheckingInterval: Math.min(1000, s.REQUEST_TIMEOUT_SECONDS * 250),
    },
    // While draining on shutdown, a request already on an open connection is still answered
    // (with Connection: close) instead of refused with 503; new connections are not accepted.
    return503OnClosing: false,
    trustProxy: s.TRUST_PROXY,
    requestIdHeader: false,
    genReqId: requestIdGenerator(s.TRUST_PROXY),
    // One line per request, sampled, instead of Fastify's two (decision 161).
    logController: requestLogController(s.LOG_SAMPLE_RATE),
    routerOptions: { ignoreDuplicateSlashes: false },
  });
  app.setValidatorCompiler(validatorCompiler);
  // A serializer may answer bytes (prewritten data): Fastify sends a Buffer as it sends text.
  app.setSerializerCompiler(answerSerializerCompiler as FastifySerializerCompiler<unknown>);

  installRequestIds(app);
  installHttpMetrics(app, metrics, now);
  installSecurityHeaders(app, s.COOKIE_SECURE);
  installCompression(app);
  await app.register(fastifyCookie);
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Commodity trading portal API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
    // Schemas with a name (the self-referring trees) are described once under components.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api-docs' });

  // Platform
  const sessions = createSessions(kv, {
    idleMs: s.SESSION_IDLE_MINUTES * 60_000,
    absoluteMs: s.SESSION_ABSOLUTE_HOURS * 3600_000,
    lockIdleMs: s.SESSION_LOCK_IDLE_MINUTES * 60_000,
    concurrent: s.CONCURRENT_SESSIONS,
  });
  const limiter = createRateLimiter(kv);
  const captcha = createCaptcha(kv, { testCode: s.TEST_HOOKS ? s.CAPTCHA_TEST_CODE : '' });
  installSessionHook(app, sessions, s.COOKIE_SECURE);
  installErrorHandling(app, s.BODY_LIMIT_BYTES);
  installJsonBodies(app);

  // Live: the event bus, the write path every change goes through, the scheduler of timed jobs
  const ownBus = !deps.events;
  const events =
    deps.events ??
    createLocalBus({
      onListenerError: (err, e) => app.log.error({ err, reqId: e?.requestId, topic: e?.topic, action: e?.action }, 'event listener failed'),
    });
  const writes = createWritePath({ db: database.db, events, now });
  const scheduler = createScheduler({
    db: database.db,
    writes,
    now,
    node: nodeIdOf(s),
    leaseMs: s.SCHEDULER_LEASE_SECONDS * 1000,
    onDone: (job, lagMs) => metrics.jobDone(job.kind, lagMs),
    onTakeover: (job) => metrics.leaseTakenOver(job.kind),
    // While the database is out of reach every look at the table fails: that is the outage's, not the job's.
    onError: (err, job) =>
      isStoreUnavailable(err)
        ? app.log.warn({ job, error: String(err) }, 'timed jobs wait for the database')
        : app.log.error({ err, job }, 'scheduled job failed'),
  });
  // Public answers kept for visitors; every server's changes clear them (decision 160).
  const publicCache = createPublicCache({ enabled: s.PORTAL_CACHE, ttlMs: s.PORTAL_CACHE_TTL_MS, now: () => now().getTime() });
  const unfollow = publicCache.follow(events);
  app.decorate('publicCache', publicCache);
  const unmeasure = metrics.follow(events);
  const periodic = createPeriodic({ onError: (err, task) => app.log.error({ err, task }, 'periodic task failed') });
  app.addHook('onClose', async () => {
    unfollow();
    unmeasure();
    await periodic.stop();
    await scheduler.stop();
    if (ownBus) await events.close();
  });
  // Liveness: the process answers. Readiness: what it needs to serve is there, and it is not
  // shutting down; 503 names what failed, so a load balancer sends its requests elsewhere.
  const health = createHealth({
    probes: [
      databaseProbe(database.probeDb ?? database.db),
      ...(kv.ping ? [redisProbe(() => kv.ping!())] : []),
      migrationsProbe(database.probeDb ?? database.db, Object.keys(allMigrations(database.dialect))),
      schedulerProbe(scheduler),
    ],
    onChange: (probe, result, err) =>
      result.ok ? app.log.info({ probe }, 'readiness: answers again') : app.log.warn({ probe, err, result }, 'readiness: probe failed'),
  });
  app.decorate('health', health);

  // Modules: each builds its services once from these shared pieces, then registers its routes,
  // jobs and listeners (modules/index.ts lists them).
  const provided = startModules(SERVER_MODULES, {
    app,
    settings: s,
    database,
    db: database.db,
    dialect: database.dialect,
    kv,
    now,
    sessions,
    limiter,
    captcha,
    events,
    writes,
    scheduler,
    health,
    metrics,
    periodic,
  });
  const live: LivePlatform = {
    events,
    writes,
    scheduler,
    messages: provided.messages!,
    streams: provided.messageStreams!,
    auctionStreams: provided.auctionStreams!,
    periodic,
    metrics,
  };
  app.decorate('live', live);
  app.get('/healthz', async () => okEnvelope({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const readiness = await health.readiness();
    return reply
      .code(readiness.status === 'ready' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(readiness);
  });
  registerMetricsEndpoint(app, metrics, { allow: s.METRICS_ALLOW, token: s.METRICS_TOKEN });

  await registerWeb(app, deps.webDist ?? null, publicSettings(s));
  return app;
}

/** Serves the built web app; every non-API GET that wants HTML gets index.html (history routes). */
async function registerWeb(app: FastifyInstance, webDist: string | null, settings: PublicSettings): Promise<void> {
  const index = webDist ? path.join(webDist, 'index.html') : null;
  const hasWeb = index !== null && fs.existsSync(index);
  // index.html carries each answer's nonce, so it is never sent as the file on disk.
  const indexHtml = hasWeb ? readIndexHtml(webDist!) : '';
  // The first screens the server renders (decision 064), from the web build's Node module beside dist/.
  const firstScreens = hasWeb ? createFirstScreens({ webDist: webDist!, settings, app }) : null;
  if (firstScreens) {
    app.addHook('onListen', () => {
      void firstScreens.warm(['/index', '/login', '/onListing'], DEFAULT_LANG);
    });
  }
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist!,
      wildcard: false,
      index: false,
      allowedPath: (pathname) => pathname !== '/index.html',
      // The web build writes .br/.gz beside each asset; send those to browsers that accept them.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        res.setHeader('vary', 'accept-encoding');
        res.setHeader(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    const assetsDir = path.join(webDist!, 'assets');
    app.get('/assets/*', (request, reply) => {
      const rel = (request.params as { '*': string })['*'];
      if (!fs.existsSync(path.join(assetsDir, rel))) return sendNotFound(request, reply);
      return reply.sendFile(path.join('assets', rel));
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
    if (hasWeb && request.method === 'GET' && !isApi && !path.extname(pathname)) {
      // A signed-in person is sent on from the login page, where the app would send them.
      if (pathname === '/login' && request.session && request.authVia === 'cookie') {
        return reply.header('cache-control', 'no-store').redirect(homePathOf(settings), 302);
      }
      // The first screens are a visitor's view (the login link in the top bar): a signed-in person
      // gets the page as the app renders it for them.
      if (!request.session && (await firstScreens?.send(request, reply, pathname))) return reply;
      return sendPage(request, reply, indexHtml);
    }
    return sendNotFound(request, reply);
  });
}
