import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { okEnvelope } from '@portal/contracts/envelope';
import type { DbHandle } from './db/database';
import { createCaptcha } from './platform/captcha';
import { installCompression } from './platform/compression';
import { createFirstScreens, readIndexHtml } from './platform/first-screen';
import { installErrorHandling, installJsonBodies, installSessionHook, sendNotFound } from './platform/http';
import type { KvStore } from './platform/kv';
import { requestLogController } from './platform/logger';
import { createPublicCache } from './platform/public-cache';
import { createRateLimiter } from './platform/rate-limit';
import { createSessions } from './platform/sessions';
import { installSecurityHeaders, sendPage } from './platform/security-headers';
import {
  createAuthService,
  createLoginLogRepo,
  createPasswordTransport,
  createTenantsRepo,
  createUsersRepo,
  registerAuthRoutes,
} from './modules/auth';
import { accountsOnPublishedPasswords } from './db/demo-data/published-passwords';
import { createMobileChangeRepo, createMobileChangeService, registerMobileChangeRoutes } from './modules/mobile-change';
import { createRegistrationRepo, createRegistrationService, registerRegistrationRoutes } from './modules/registration';
import { createHttpProvider, createOutboxProvider, createSmsOutboxRepo, createSmsService, registerSmsTestRoutes } from './modules/sms';
import { createCmsRepo, createCmsService, registerCmsRoutes } from './modules/cms';
import { createFilesRepo, createFilesService, registerFilesRoutes } from './modules/files';
import { createMenusRepo, createMenusService, registerMenusRoutes } from './modules/menus';
import { createProfileRepo, createUserService, registerUserRoutes } from './modules/user';
import { tenantsResource } from '@portal/contracts/admin';
import { createResourceService, registerResource } from './platform/resource';
import {
  createLogsService,
  createMenusAdminRepo,
  createOnlineSessionsService,
  createRolesAdminService,
  createTenantsAdminRepo,
  createUsersAdminService,
  menuRules,
  registerSystemAdminRoutes,
  tenantRules,
} from './modules/admin-system';
import { menusResource } from '@portal/contracts/admin';
import { createContentAdminServices, createUploadService, registerContentAdminRoutes } from './modules/admin-content';
import { createCompanyService, registerCompanyRoutes } from './modules/admin-company';
import { createCommtradeRepo, createCommtradeService, registerCommtradeRoutes } from './modules/commtrade';
import { createListingsRepo, createListingsService, registerListingsRoutes } from './modules/listings';
import { createAuctionsRepo, createAuctionsService, registerAuctionsRoutes } from './modules/auctions';
import { createTendersRepo, createTendersService, registerTendersRoutes } from './modules/tenders';
import {
  createTenderBidsService,
  createTenderTradeRepo,
  createTenderTradeService,
  registerTenderTradeRoutes,
  TENDER_JOBS,
  type TenderTradeDeps,
} from './modules/tender-trade';
import { createSealer, sealKeySource } from './platform/sealing';
import { TENDER_REVIEW_PERMISSION } from '@portal/contracts/tender-trade';
import { createLocalBus, type EventBus } from './platform/events';
import { createScheduler, type Scheduler } from './platform/scheduler';
import { createWritePath, type WritePath } from './platform/write-path';
import {
  createMessagesService,
  createMessageStreams,
  type MessagesService,
  type MessageStreams,
  registerMessagesRoutes,
} from './modules/messages';
// Orders: listing management, orders, the supplier list
import {
  createListingManageRepo,
  createListingManageService,
  LISTING_EXPIRE_JOB,
  registerListingManageRoutes,
} from './modules/listing-manage';
import { createOrdersRepo, createOrdersService, ORDER_JOBS, registerOrdersRoutes } from './modules/orders';
import { createSupplierRelationsRepo, createSupplierRelationsService, registerSupplierRelationsRoutes } from './modules/supplier-relations';
// Auctions: live bidding, the room and its stream
import {
  AUCTION_JOBS,
  type AuctionStreams,
  createAuctionBiddingService,
  createAuctionSpacesService,
  createAuctionStreams,
  createAuctionTradeRepo,
  registerAuctionTradeRoutes,
} from './modules/auction-trade';
// Money: deposits
import { createDepositLedger, createDepositsRepo, createDepositsService, registerDepositsRoutes } from './modules/deposits';
import { publicSettings, type Settings } from './settings';
import { DEFAULT_LANG } from '@portal/contracts/i18n';
import type { PublicSettings } from '@portal/contracts/settings';

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
}

/** Live: what changes go through and what runs timed transitions; main.ts starts the scheduler. */
export interface LivePlatform {
  events: EventBus;
  writes: WritePath;
  scheduler: Scheduler;
  /** notifyCompany / notifyUsers inside a write's transaction. */
  messages: MessagesService;
  /** The open message streams of this server. */
  streams: MessageStreams;
  /** The open auction room streams of this server. */
  auctionStreams: AuctionStreams;
}

declare module 'fastify' {
  interface FastifyInstance {
    live: LivePlatform;
  }
}

/** Path prefixes that belong to the API; anything else is a web route. */
const API_PREFIXES = [
  '/gateway',
  '/omc',
  '/cms',
  '/purchase',
  '/auction',
  '/commtrade',
  '/listing',
  '/file',
  '/dev',
  '/api-docs',
  '/healthz',
];

/** Builds the whole server: the only place where repos, services and routes are wired. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { settings: s, database, kv } = deps;
  const now = deps.now ?? (() => new Date());
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
    genReqId: () => crypto.randomUUID(),
    // One line per request, sampled, instead of Fastify's two (decision 161).
    logController: requestLogController(s.LOG_SAMPLE_RATE),
    routerOptions: { ignoreDuplicateSlashes: false },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  installSecurityHeaders(app, s.COOKIE_SECURE);
  installCompression(app);
  await app.register(fastifyCookie);
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Commodity trading portal API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
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
  installSessionHook(app, sessions);
  installErrorHandling(app, s.BODY_LIMIT_BYTES);
  installJsonBodies(app);

  // Live: the event bus, the write path every change goes through, the scheduler of timed jobs
  const ownBus = !deps.events;
  const events = deps.events ?? createLocalBus({ onListenerError: (err) => app.log.error({ err }, 'event listener failed') });
  const writes = createWritePath({ db: database.db, events, now });
  const scheduler = createScheduler({
    db: database.db,
    writes,
    now,
    leaseMs: s.SCHEDULER_LEASE_SECONDS * 1000,
    onError: (err, job) => app.log.error({ err, job }, 'scheduled job failed'),
  });
  const messages = createMessagesService({ db: database.db, now });
  const streams = createMessageStreams({ events, messages, sessions, options: { heartbeatMs: s.SSE_HEARTBEAT_SECONDS * 1000 } });
  const live = { events, writes, scheduler, messages, streams } as LivePlatform;
  app.decorate('live', live);
  // Public answers kept for visitors; every server's changes clear them (decision 160).
  const publicCache = createPublicCache({ enabled: s.PORTAL_CACHE, ttlMs: s.PORTAL_CACHE_TTL_MS, now: () => now().getTime() });
  const unfollow = publicCache.follow(events);
  app.decorate('publicCache', publicCache);
  app.addHook('onClose', async () => {
    unfollow();
    await scheduler.stop();
    if (ownBus) await events.close();
  });

  // Repos
  const db = database.db;
  const users = createUsersRepo(db);
  const tenants = createTenantsRepo(db);
  const loginLog = createLoginLogRepo(db);
  const commtradeRepo = createCommtradeRepo(db);
  const listingsRepo = createListingsRepo(db);
  const auctionsRepo = createAuctionsRepo(db);
  const tendersRepo = createTendersRepo(db);
  const cmsRepo = createCmsRepo(db);
  const filesRepo = createFilesRepo(db);

  // Services
  const transport = createPasswordTransport(kv, { mode: s.WEB_ENCRYPT_TYPE });
  const smsOutbox = createSmsOutboxRepo(db);
  const sms = createSmsService({
    kv,
    limiter,
    outbox: smsOutbox,
    provider: s.SMS_PROVIDER === 'http' ? createHttpProvider(s.SMS_HTTP_URL, s.SMS_HTTP_TOKEN) : createOutboxProvider(smsOutbox, app.log),
    policy: {
      resendMs: s.SMS_RESEND_SECONDS * 1000,
      perNumberHour: s.SMS_PER_NUMBER_HOUR,
      perNumberDay: s.SMS_PER_NUMBER_DAY,
      perIpDay: s.SMS_PER_IP_DAY,
      perIpMinute: s.CODES_PER_IP_PER_MINUTE,
    },
    now,
  });
  const auth = createAuthService({
    users,
    tenants,
    loginLog,
    sessions,
    captcha,
    limiter,
    kv,
    sms,
    transport,
    now,
    policy: {
      loginCheckCode: s.LOGIN_CHECK_CODE,
      tenantMode: s.TENANT_MODE,
      maxFailures: s.LOGIN_MAX_FAILURES,
      accountMaxFailures: s.LOGIN_ACCOUNT_MAX_FAILURES,
      lockMs: s.LOGIN_LOCK_MINUTES * 60_000,
      loginPerIpPerMinute: s.LOGIN_PER_IP_PER_MINUTE,
      forcePasswordChange: s.FIRST_PASSWORD_CHECK && !s.FREE_LOGIN,
      thirdPartyAuthUrl: s.THIRD_PARTY_AUTH_URL,
    },
    // Refdata: operators are warned while demo accounts keep their published passwords.
    publishedDemoPasswords: async () => (await accountsOnPublishedPasswords(db)).length > 0,
  });
  const access = { permissionsOf: auth.permissionsOf };
  const commtrade = createCommtradeService({ repo: commtradeRepo });
  const listings = createListingsService({ repo: listingsRepo });
  const auctions = createAuctionsService({ repo: auctionsRepo });
  const tenders = createTendersService({ repo: tendersRepo, now });
  // Money: the deposit ledger (freeze, release, forfeit inside other modules' transactions) and the accounts' calls
  const depositLedger = createDepositLedger({ now, notifyCompany: messages.notifyCompany });
  const deposits = createDepositsService({ repo: createDepositsRepo(db), ledger: depositLedger, write: writes.write });
  // Orders: listing management and review, orders with their deadlines, the supplier list
  const listingManage = createListingManageService({
    repo: createListingManageRepo(db, database.dialect),
    writes,
    scheduler,
    notifyCompany: messages.notifyCompany,
    now,
  });
  const orders = createOrdersService({
    repo: createOrdersRepo(db, database.dialect),
    writes,
    scheduler,
    deposits: depositLedger,
    notifyCompany: messages.notifyCompany,
    deadlines: {
      confirmHours: s.ORDER_CONFIRM_HOURS,
      payHours: s.ORDER_PAY_HOURS,
      receiveDays: s.ORDER_RECEIVE_DAYS,
      nearHours: s.ORDER_DEADLINE_NEAR_HOURS,
    },
    now,
  });
  scheduler.define(LISTING_EXPIRE_JOB, (trx, job, emit) => listingManage.expire(trx, job.key, job.runAt, emit));
  scheduler.define(ORDER_JOBS.confirmDeadline, (trx, job, emit) => orders.confirmDeadline(trx, job.key, job.runAt, emit));
  scheduler.define(ORDER_JOBS.payDeadlineNear, (trx, job, emit) => orders.payDeadlineNear(trx, job.key, job.runAt, emit));
  scheduler.define(ORDER_JOBS.receiveDeadline, (trx, job, emit) => orders.receiveDeadline(trx, job.key, job.runAt, emit));
  const supplierRelations = createSupplierRelationsService({
    repo: createSupplierRelationsRepo(db),
    writes,
    notifyCompany: messages.notifyCompany,
    now,
  });
  // Sealed tenders: bids sealed with a key kept outside the database until the timed opening
  const tenderDeps: TenderTradeDeps = {
    repo: createTenderTradeRepo(db, database.dialect),
    writes,
    scheduler,
    sealer: createSealer(sealKeySource(s)),
    orders,
    deposits: depositLedger,
    notifyCompany: messages.notifyCompany,
    notifyUsers: messages.notifyUsers,
    isReviewer: async (userId) => (await auth.permissionsOf(userId)).has(TENDER_REVIEW_PERMISSION),
    policy: {
      review: s.TENDER_REVIEW,
      minValidBids: s.TENDER_MIN_VALID_BIDS,
      minNoticeSeconds: s.TENDER_MIN_NOTICE_SECONDS,
      minBiddingSeconds: s.TENDER_MIN_BIDDING_SECONDS,
    },
    now,
  };
  const tenderTrade = createTenderTradeService(tenderDeps);
  const tenderBids = createTenderBidsService(tenderDeps);
  scheduler.define(TENDER_JOBS.close, (trx, job, emit) => tenderTrade.closeJob(trx, job.key, emit));
  scheduler.define(TENDER_JOBS.open, (trx, job, emit) => tenderTrade.openJob(trx, job.key, emit));
  scheduler.define(TENDER_JOBS.negotiationClose, (trx, job, emit) => tenderTrade.negotiationCloseJob(trx, job.key, emit));
  // Auctions: spaces and their review, registration, bidding, closes and results
  const auctionRepo = createAuctionTradeRepo(db);
  const auctionPolicy = {
    delayWindowSec: s.AUCTION_DELAY_WINDOW_SECONDS,
    delaySec: s.AUCTION_DELAY_SECONDS,
    bidsPerSecond: s.AUCTION_BIDS_PER_SECOND,
    reserveDecisionHours: s.AUCTION_RESERVE_DECISION_HOURS,
    minNoticeMinutes: s.AUCTION_MIN_NOTICE_MINUTES,
    minBiddingSeconds: s.AUCTION_MIN_BIDDING_SECONDS,
  };
  const auctionDeps = {
    repo: auctionRepo,
    writes,
    scheduler,
    deposits: depositLedger,
    notifyCompany: messages.notifyCompany,
    policy: auctionPolicy,
    now,
  };
  const auctionSpaces = createAuctionSpacesService(auctionDeps);
  const auctionBidding = createAuctionBiddingService({ ...auctionDeps, orders, limiter, permissionsOf: auth.permissionsOf });
  const auctionStreams = createAuctionStreams({ events, bidding: auctionBidding, heartbeatMs: s.SSE_HEARTBEAT_SECONDS * 1000, now });
  live.auctionStreams = auctionStreams;
  app.addHook('preClose', async () => auctionStreams.close());
  scheduler.define(AUCTION_JOBS.start, (trx, job, emit) => auctionBidding.start(trx, job, emit));
  scheduler.define(AUCTION_JOBS.close, (trx, job, emit) => auctionBidding.close(trx, job, emit));
  scheduler.define(AUCTION_JOBS.reserveDeadline, (trx, job, emit) => auctionBidding.reserveDeadline(trx, job, emit));
  orders.onFinished('auction', (trx, order, emit) => auctionBidding.orderFinished(trx, order, emit));
  const registration = createRegistrationService({
    users,
    repo: createRegistrationRepo(db),
    captcha,
    sms,
    transport,
    limiter,
    sessions,
    unlockAccount: auth.unlockAccount,
    policy: {
      passwordRule: { minLength: s.PASSWORD_MIN_LENGTH, maxLength: s.PASSWORD_MAX_LENGTH, minKinds: s.PASSWORD_MIN_KINDS },
      accountChecksPerIpPerHour: s.ACCOUNT_CHECKS_PER_IP_PER_HOUR,
      accountChecksPerAccountPerHour: s.ACCOUNT_CHECKS_PER_ACCOUNT_PER_HOUR,
      resetFailuresPerAccount: s.RESET_FAILURES_PER_ACCOUNT,
      resetFailuresPerIp: s.RESET_FAILURES_PER_IP,
      resetFailureWindowMs: s.RESET_FAILURE_WINDOW_MINUTES * 60_000,
      realNameQrUrl: s.REAL_NAME_QR_URL,
      companyRoleCode: 'company_user',
    },
    now,
  });
  const mobileChange = createMobileChangeService({ users, repo: createMobileChangeRepo(db), captcha, sms, transport, now });
  const menus = createMenusService({ repo: createMenusRepo(db), now });
  const userService = createUserService({
    users,
    profiles: createProfileRepo(db),
    sessions,
    limiter,
    passwords: createPasswordTransport(kv, { mode: s.WEB_ENCRYPT_TYPE }),
    currentUser: auth.currentUser,
    policy: {
      passwordRule: { minLength: s.PASSWORD_MIN_LENGTH, maxLength: s.PASSWORD_MAX_LENGTH, minKinds: s.PASSWORD_MIN_KINDS },
      firstPasswordCheck: s.FIRST_PASSWORD_CHECK,
      maxPasswordFailures: s.LOGIN_MAX_FAILURES,
      failureWindowMs: s.LOGIN_LOCK_MINUTES * 60_000,
    },
    now,
  });
  const cms = createCmsService({ repo: cmsRepo, now });
  const files = createFilesService({ repo: filesRepo });

  // Routes
  registerAuthRoutes(app, {
    access,
    auth,
    transport,
    captcha,
    limiter,
    publicSettings: publicSettings(s),
    codesPerIpPerMinute: s.CODES_PER_IP_PER_MINUTE,
    cookieSecure: s.COOKIE_SECURE,
  });
  registerCmsRoutes(app, { access, cms });
  registerFilesRoutes(app, { files });
  registerMenusRoutes(app, { access, menus });
  registerUserRoutes(app, { access, user: userService, currentUser: auth.currentUser, cookieSecure: s.COOKIE_SECURE });
  registerRegistrationRoutes(app, { access, registration });
  registerMobileChangeRoutes(app, { access, mobileChange });
  if (s.TEST_HOOKS) registerSmsTestRoutes(app, { access, sms });
  // Back-office resources: each is its contract, its repo and its rules over the shared service.
  registerResource(
    app,
    access,
    tenantsResource,
    createResourceService(tenantsResource, { db, repo: createTenantsAdminRepo, rules: tenantRules, now }),
  );
  registerCommtradeRoutes(app, { access, commtrade });
  registerListingsRoutes(app, { access, listings });
  registerAuctionsRoutes(app, { access, auctions });
  registerTendersRoutes(app, { access, tenders });
  // Orders
  registerListingManageRoutes(app, { access, listings: listingManage });
  registerOrdersRoutes(app, { access, orders });
  registerSupplierRelationsRoutes(app, { access, suppliers: supplierRelations });
  registerTenderTradeRoutes(app, { access, tenders: tenderTrade, bids: tenderBids });
  // Auctions
  registerAuctionTradeRoutes(app, { access, spaces: auctionSpaces, bidding: auctionBidding, streams: auctionStreams });
  // Money
  registerDepositsRoutes(app, { access, deposits });
  registerSystemAdminRoutes(app, {
    access,
    users: createUsersAdminService({
      db,
      sessions,
      passwords: transport,
      locks: auth,
      passwordRule: { minLength: s.PASSWORD_MIN_LENGTH, maxLength: s.PASSWORD_MAX_LENGTH, minKinds: s.PASSWORD_MIN_KINDS },
      now,
    }),
    roles: createRolesAdminService({ db, rootName: s.MENUS_ROOT_NAME, now }),
    menus: createResourceService(menusResource, { db, repo: createMenusAdminRepo, rules: menuRules(s.MENUS_ROOT_NAME), now }),
    logs: createLogsService({ db }),
    online: createOnlineSessionsService({ db, sessions, now }),
  });
  registerContentAdminRoutes(app, {
    access,
    content: createContentAdminServices({ db, cms, now }),
    uploads: createUploadService({ db, now, quotaBytes: s.UPLOAD_QUOTA_MB_PER_COMPANY * 1024 * 1024 }),
  });
  registerCompanyRoutes(app, {
    access,
    company: createCompanyService({ db, now }),
    setSupplierRemark: (buyer, supplier, remark) => supplierRelations.remark(buyer, supplier, remark),
  });
  // Live: the message centre and its stream
  registerMessagesRoutes(app, {
    access,
    messages,
    streams,
  });
  app.get('/healthz', async () => okEnvelope({ status: 'ok' }));

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
      if (await firstScreens?.send(request, reply, pathname)) return reply;
      return sendPage(request, reply, indexHtml);
    }
    return sendNotFound(request, reply);
  });
}
