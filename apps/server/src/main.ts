import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { openDatabase } from './db/database';
import { prepareData } from './demo/first-start';
import { migrateToLatest } from './migrations';
import { runTradingStory } from './demo/trading-story';
import { runAuctionStory } from './demo/auction-story';
import { runPriceHistory } from './demo/price-history';
import { withoutSigningBeforePayment } from './demo/contract-signing';
import { configSummary } from './platform/config-summary';
import type { ChangeEvent } from './platform/events';
import { drainThenClose } from './platform/health';
import { createLogger } from './platform/logger';
import { contractKeyFile } from './modules/contracts/signing';
import { readOrCreateKeyFile, sealKeyFile } from './platform/sealing';
import { openSharedState } from './platform/shared-state';
import { loadSettings, nodeIdOf, SettingsError, wantsDemoData } from './settings';

async function main(): Promise<void> {
  let settings;
  try {
    settings = loadSettings();
  } catch (err) {
    if (err instanceof SettingsError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  const logger = createLogger(settings.LOG_LEVEL);
  // Tender bids are sealed with a key kept outside the database: without TENDER_SEAL_KEY the key
  // file is made (mode 0600) or read now, so a missing or unreadable key stops the start, not an opening.
  if (!settings.TENDER_SEAL_KEY) {
    const keyFile = sealKeyFile(settings);
    logger.info({ keyFile, keyId: readOrCreateKeyFile(keyFile).currentId }, 'tender sealing key file');
  }
  // So are the private keys of contract signatures, under the contract key (never in a backup).
  if (!settings.CONTRACT_KEY) {
    const keyFile = contractKeyFile(settings);
    logger.info({ keyFile, keyId: readOrCreateKeyFile(keyFile).currentId }, 'contract key file');
  }
  const database = openDatabase({
    databaseUrl: settings.DATABASE_URL || undefined,
    sqliteFile: path.resolve(settings.DATA_DIR, 'portal.sqlite'),
    poolSize: settings.DATABASE_POOL_SIZE,
    prepare: settings.DATABASE_PREPARE,
    onIdleError: (err) => logger.warn({ error: err.message }, 'an idle database connection broke; it is replaced'),
  });
  await migrateToLatest(database.db, database.dialect);
  const { loadedDemoData } = await prepareData(
    database.db,
    { demoData: wantsDemoData(settings), adminInitialPassword: settings.ADMIN_INITIAL_PASSWORD },
    { info: (m) => logger.info(m), warn: (m) => logger.warn(m), print: (line) => process.stdout.write(`${line}\n`) },
  );
  const here = path.dirname(fileURLToPath(import.meta.url));
  // With Redis every server of this installation hears every one's changes, and only theirs.
  const onSharedError = (err: unknown, e?: ChangeEvent) =>
    logger.error({ err, reqId: e?.requestId, topic: e?.topic, action: e?.action }, e ? 'event bus' : 'redis');
  const shared = await openSharedState({ settings, db: database.db, onError: onSharedError });
  const { kv, events } = shared;
  if (shared.redisPrefix) logger.info({ redisPrefix: shared.redisPrefix }, 'shared state in Redis');
  const app = await buildApp({ settings, database, kv, logger, events, webDist: path.resolve(here, '../../web/dist') });
  if (loadedDemoData) {
    await withoutSigningBeforePayment(database.db, async () => {
      // Money: the demo's deposits, listings and orders, made through the server's own calls.
      const story = await runTradingStory({ app, db: database.db, kv, now: () => new Date() });
      logger.info({ orders: Object.keys(story.orders).length, listings: Object.keys(story.listings).length }, 'demo trading story played');
      // Auctions: one upcoming, one running, one finished with its order, through the same calls.
      const auctions = await runAuctionStory({ app, db: database.db, kv, now: () => new Date() });
      logger.info({ spaces: auctions.spaces }, 'demo auction story played');
    });
    // Prices: a year of deals settled day by day, and the daily index published for each day.
    const history = await runPriceHistory({
      app,
      db: database.db,
      dialect: database.dialect,
      now: () => new Date(),
      payHours: settings.ORDER_PAY_HOURS,
      nearHours: settings.ORDER_DEADLINE_NEAR_HOURS,
    });
    logger.info(history, 'demo price history played');
  }

  // On SIGTERM, SIGINT or SIGHUP (the terminal closed): /readyz answers 503 at once while requests
  // are still served for SHUTDOWN_DRAIN_SECONDS, so a load balancer moves traffic away; then stop
  // accepting connections, let the requests already received finish, close the stores, exit 0.
  // Past 10 s after the drain the process exits 1 whatever is still running.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const drainMs = settings.SHUTDOWN_DRAIN_SECONDS * 1000;
    logger.info({ signal, drainSeconds: settings.SHUTDOWN_DRAIN_SECONDS }, 'shutting down: not ready, draining requests');
    const force = setTimeout(() => {
      logger.error('shutdown took longer than 10 s: exiting');
      process.exit(1);
    }, drainMs + 10_000);
    force.unref();
    try {
      await drainThenClose({ health: app.health, drainMs, close: () => app.close() });
      await shared.close();
      await database.close();
    } catch (err) {
      logger.error({ err }, 'shutdown failed');
      process.exit(1);
    }
    logger.info('stopped: requests drained, databases closed');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGHUP', () => void shutdown('SIGHUP'));

  const listening = await app.listen({ host: settings.HOST, port: settings.PORT });
  logger.info(
    configSummary(settings, {
      name: nodeIdOf(settings),
      pid: process.pid,
      listening: listening.replace(/^https?:\/\//, ''),
      demoData: wantsDemoData(settings),
      sealKeyFile: sealKeyFile(settings),
    }),
  );
  // Timed transitions missed while no server ran are caught up at once, then run on time.
  app.live.scheduler.start();
  // This server announces itself to the system page and takes its turn at the ledger check.
  app.live.periodic.start();
}

main().catch((err: unknown) => {
  process.stderr.write(`Start failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
