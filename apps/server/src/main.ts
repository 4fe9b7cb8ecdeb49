import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { openDatabase } from './db/database';
import { prepareData } from './db/first-start';
import { migrateToLatest } from './db/migrations/index';
import { runTradingStory } from './db/demo-data/trading-story';
import { runAuctionStory } from './db/demo-data/auction-story';
import { createLocalBus, createRedisBus } from './platform/events';
import { createDbKv, createRedisKv } from './platform/kv';
import { createLogger } from './platform/logger';
import { readOrCreateKeyFile, sealKeyFile } from './platform/sealing';
import { loadSettings, SettingsError, wantsDemoData } from './settings';

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
  const database = openDatabase({
    databaseUrl: settings.DATABASE_URL || undefined,
    sqliteFile: path.resolve(settings.DATA_DIR, 'portal.sqlite'),
    poolSize: settings.DATABASE_POOL_SIZE,
    prepare: settings.DATABASE_PREPARE,
  });
  await migrateToLatest(database.db, database.dialect);
  const { loadedDemoData } = await prepareData(
    database.db,
    { demoData: wantsDemoData(settings), adminInitialPassword: settings.ADMIN_INITIAL_PASSWORD },
    { info: (m) => logger.info(m), warn: (m) => logger.warn(m), print: (line) => process.stdout.write(`${line}\n`) },
  );
  const kv = settings.REDIS_URL ? createRedisKv(settings.REDIS_URL) : createDbKv(database.db);
  const here = path.dirname(fileURLToPath(import.meta.url));
  // With Redis every server's listeners (streams) hear every server's changes.
  const onEventError = (err: unknown) => logger.error({ err }, 'event bus');
  const events = settings.REDIS_URL
    ? await createRedisBus(settings.REDIS_URL, { onError: onEventError })
    : createLocalBus({ onListenerError: onEventError });
  const app = await buildApp({ settings, database, kv, logger, events, webDist: path.resolve(here, '../../web/dist') });
  if (loadedDemoData) {
    // Money: the demo's deposits, listings and orders, made through the server's own calls.
    const story = await runTradingStory({ app, db: database.db, kv, now: () => new Date() });
    logger.info({ orders: Object.keys(story.orders).length, listings: Object.keys(story.listings).length }, 'demo trading story played');
    // Auctions: one upcoming, one running, one finished with its order, through the same calls.
    const auctions = await runAuctionStory({ app, db: database.db, kv, now: () => new Date() });
    logger.info({ spaces: auctions.spaces }, 'demo auction story played');
  }

  // On SIGTERM, SIGINT or SIGHUP (the terminal closed): stop accepting connections, let the requests already received finish, close
  // the stores, exit 0. Past 10 s the process exits 1 whatever is still running.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down: draining requests');
    const force = setTimeout(() => {
      logger.error('shutdown took longer than 10 s: exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await app.close();
      await events.close();
      await kv.close();
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

  await app.listen({ host: settings.HOST, port: settings.PORT });
  // Timed transitions missed while no server ran are caught up at once, then run on time.
  app.live.scheduler.start();
}

main().catch((err: unknown) => {
  process.stderr.write(`Start failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
