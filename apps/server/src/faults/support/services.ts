import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import pg from 'pg';

const run = promisify(execFile);

/** The machine's PostgreSQL cluster and Redis server the fault tests restart (see .ci/run). */
export const PG_URL = process.env.TEST_DATABASE_URL ?? '';
export const REDIS_URL = process.env.TEST_REDIS_URL ?? '';
const PG_VERSION = fs.existsSync('/etc/postgresql') ? (fs.readdirSync('/etc/postgresql')[0] ?? '') : '';
const REDIS_START = ['--daemonize', 'yes', '--bind', '127.0.0.1', '-::1', '--port', '6379', '--save', '', '--appendonly', 'no'];
const REDIS_FILES = ['--dir', '/var/lib/redis', '--logfile', '/var/log/redis/ci.log'];

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `up()` holds, at most `ms`; answers how long it took. */
export async function until(up: () => Promise<boolean>, ms: number, what: string): Promise<number> {
  const started = Date.now();
  while (!(await up().catch(() => false))) {
    if (Date.now() - started > ms) throw new Error(`${what}: not within ${ms} ms`);
    await pause(50);
  }
  return Date.now() - started;
}

export async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 1000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export async function redisAnswers(): Promise<boolean> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => {});
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

const pgctl = (action: 'restart' | 'start' | 'stop') => run('pg_ctlcluster', ['--skip-systemctl-redirect', PG_VERSION, 'main', action]);

/** Restarts PostgreSQL (fast shutdown: every connection is cut) and answers when it takes queries again. */
export async function restartPostgres(): Promise<void> {
  await pgctl('restart');
  await until(postgresAnswers, 30_000, 'PostgreSQL after its restart');
}

/** Stops PostgreSQL (fast shutdown) and answers once it refuses connections. */
export async function stopPostgres(): Promise<void> {
  await pgctl('stop');
  await until(async () => !(await postgresAnswers()), 30_000, 'PostgreSQL stopping');
}

/** Starts the stopped PostgreSQL and answers when it takes queries. */
export async function startPostgres(): Promise<void> {
  await pgctl('start');
  await until(postgresAnswers, 30_000, 'PostgreSQL after its start');
}

/** Stops Redis without saving (its data is gone, as after a crash of a server without persistence) and starts it again. */
export async function restartRedis(): Promise<void> {
  await run('redis-cli', ['-u', REDIS_URL, 'shutdown', 'nosave']).catch(() => {});
  await until(async () => !(await redisAnswers()), 10_000, 'Redis stopping');
  await run('redis-server', [...REDIS_START, ...REDIS_FILES]);
  await until(redisAnswers, 10_000, 'Redis after its restart');
}

/**
 * Leaves both services running whatever a test did (called in afterAll and finally): other test
 * runs on this machine share them.
 */
export async function ensureServices(): Promise<void> {
  if (PG_VERSION && PG_URL && !(await postgresAnswers())) {
    await pgctl('start').catch(() => {});
    await until(postgresAnswers, 30_000, 'PostgreSQL started again');
  }
  if (REDIS_URL && !(await redisAnswers())) {
    await run('redis-server', [...REDIS_START, ...REDIS_FILES]);
    await until(redisAnswers, 10_000, 'Redis started again');
  }
}
