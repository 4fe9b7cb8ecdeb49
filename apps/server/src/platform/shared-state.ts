import type { Db } from '../db/database';
import type { Settings } from '../settings';
import { createLocalBus, createRedisBus, type ChangeEvent, type EventBus } from './events';
import { createDbKv, createRedisKv, type KvStore } from './kv';

/** What the servers of one installation share: short-lived state and the event bus. */
export interface SharedState {
  kv: KvStore;
  events: EventBus;
  /** The prefix of every Redis key and of the event channel; null without Redis. */
  redisPrefix: string | null;
  close(): Promise<void>;
}

/** The identity the first start wrote into this database (migration 194). */
export async function installationId(db: Db): Promise<string> {
  const row = await db.selectFrom('installation').select('id').orderBy('created_at').executeTakeFirst();
  if (!row) throw new Error('the installation row is missing: run the migrations first');
  return row.id;
}

/**
 * The Redis prefix of this installation: REDIS_PREFIX when set, else one derived from the
 * database's own identity, so two installations given the same Redis (another database number
 * does not separate pub/sub channels) never read each other's sessions, codes, counters or events,
 * while every server of one installation agrees on it whatever address it reaches the database by.
 */
export async function redisPrefixOf(settings: Pick<Settings, 'REDIS_PREFIX'>, db: Db): Promise<string> {
  return settings.REDIS_PREFIX || `portal:${await installationId(db)}:`;
}

/**
 * Opens the shared state: with REDIS_URL, Redis under the installation's prefix (keys) and channel
 * (`<prefix>events`); without it, the database's kv table and this process's own bus.
 */
export async function openSharedState(opts: {
  settings: Pick<Settings, 'REDIS_URL' | 'REDIS_PREFIX'>;
  db: Db;
  onError?: (err: unknown, e?: ChangeEvent) => void;
}): Promise<SharedState> {
  const { settings, db } = opts;
  const onError = opts.onError ?? (() => {});
  if (!settings.REDIS_URL) {
    const kv = createDbKv(db);
    const events = createLocalBus({ onListenerError: onError });
    return { kv, events, redisPrefix: null, close: () => events.close() };
  }
  const prefix = await redisPrefixOf(settings, db);
  const kv = createRedisKv(settings.REDIS_URL, prefix, onError);
  const events = await createRedisBus(settings.REDIS_URL, { channel: `${prefix}events`, onError });
  return {
    kv,
    events,
    redisPrefix: prefix,
    async close() {
      await events.close();
      await kv.close();
    },
  };
}
