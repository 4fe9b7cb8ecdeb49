import { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Db } from '../db/database';

/**
 * Short-lived shared state (sessions, picture and SMS codes, counters, lock flags). The default
 * keeps it in the database's `kv` table; with REDIS_URL it lives in Redis so instances share it.
 */
export interface KvStore {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  del(key: string): Promise<void>;
  /** Reads and deletes in one step: a code can be used once, right or wrong. */
  take(key: string): Promise<string | undefined>;
  /** Adds one and returns the new count; the window starts at the first hit. */
  incr(key: string, ttlMs: number): Promise<number>;
  /** Remaining lifetime in ms, or 0 when the key is absent. */
  ttl(key: string): Promise<number>;
  /** Keys with this prefix (for listing sessions). */
  keys(prefix: string): Promise<string[]>;
  /** Answers when the store outside the database (Redis) answers; the database's own store has none. */
  ping?(): Promise<void>;
  close(): Promise<void>;
}

export function createDbKv(db: Db, now: () => number = Date.now): KvStore {
  const live = (key: string) => db.selectFrom('kv').select(['value', 'expires_at']).where('key', '=', key).where('expires_at', '>', now());
  let lastPurge = 0;
  const purge = async () => {
    if (now() - lastPurge < 60_000) return;
    lastPurge = now();
    await db.deleteFrom('kv').where('expires_at', '<=', now()).execute();
  };
  return {
    async get(key) {
      return (await live(key).executeTakeFirst())?.value;
    },
    async set(key, value, ttlMs) {
      await purge();
      const expires_at = now() + ttlMs;
      await db
        .insertInto('kv')
        .values({ key, value, expires_at })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value, expires_at }))
        .execute();
    },
    async del(key) {
      await db.deleteFrom('kv').where('key', '=', key).execute();
    },
    async take(key) {
      const row = await db.deleteFrom('kv').where('key', '=', key).returning(['value', 'expires_at']).executeTakeFirst();
      return row && row.expires_at > now() ? row.value : undefined;
    },
    async incr(key, ttlMs) {
      const t = now();
      const row = await db
        .insertInto('kv')
        .values({ key, value: '1', expires_at: t + ttlMs })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            value: sql<string>`case when kv.expires_at <= ${t} then '1' else cast(cast(kv.value as integer) + 1 as varchar(20)) end`,
            expires_at: sql<number>`case when kv.expires_at <= ${t} then ${t + ttlMs} else kv.expires_at end`,
          }),
        )
        .returning('value')
        .executeTakeFirstOrThrow();
      return Number(row.value);
    },
    async ttl(key) {
      const row = await live(key).executeTakeFirst();
      return row ? row.expires_at - now() : 0;
    },
    async keys(prefix) {
      const rows = await db
        .selectFrom('kv')
        .select('key')
        .where('key', 'like', `${prefix.replace(/[%_]/g, '')}%`)
        .where('expires_at', '>', now())
        .execute();
      return rows.map((r) => r.key);
    },
    async close() {},
  };
}

/**
 * Redis under `prefix` (the installation's own): every key this store reads or writes starts with
 * it. While Redis is out of reach a command waits for two reconnection attempts, then fails (the
 * request is answered as retryable); `onError` hears the connection's own errors.
 */
export function createRedisKv(url: string, prefix: string, onError: (err: unknown) => void = () => {}): KvStore {
  // Commands given in one turn of the event loop (the session and counter lookups of the requests
  // read together) go to Redis in one write instead of one each.
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableAutoPipelining: true });
  redis.on('error', onError);
  const k = (key: string) => prefix + key;
  return {
    async get(key) {
      return (await redis.get(k(key))) ?? undefined;
    },
    async set(key, value, ttlMs) {
      await redis.set(k(key), value, 'PX', Math.max(1, Math.ceil(ttlMs)));
    },
    async del(key) {
      await redis.del(k(key));
    },
    async take(key) {
      return (await redis.getdel(k(key))) ?? undefined;
    },
    async incr(key, ttlMs) {
      const [[, count]] = (await redis.multi().incr(k(key)).pexpire(k(key), Math.ceil(ttlMs), 'NX').exec()) as [[Error | null, number]];
      return count;
    },
    async ttl(key) {
      return Math.max(0, await redis.pttl(k(key)));
    },
    async keys(p) {
      const out: string[] = [];
      let cursor = '0';
      do {
        const [next, batch] = await redis.scan(cursor, 'MATCH', `${k(p)}*`, 'COUNT', 500);
        cursor = next;
        out.push(...batch.map((key) => key.slice(prefix.length)));
      } while (cursor !== '0');
      return out;
    },
    async ping() {
      await redis.ping();
    },
    async close() {
      await redis.quit();
    },
  };
}

/** The Redis commands behind each operation of the Redis store, as the metrics name them. */
const REDIS_COMMANDS = {
  get: 'GET',
  set: 'SET',
  del: 'DEL',
  take: 'GETDEL',
  incr: 'INCR',
  ttl: 'PTTL',
  keys: 'SCAN',
  ping: 'PING',
} as const;

/**
 * The same store with every operation timed as the server waits for it, by the Redis command it
 * sends: `record` hears the command, the milliseconds and whether it failed.
 */
export function measuredKv(kv: KvStore, record: (command: string, ms: number, failed: boolean) => void): KvStore {
  const timed =
    <A extends unknown[], R>(command: string, run: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const started = performance.now();
      try {
        const answer = await run(...args);
        record(command, performance.now() - started, false);
        return answer;
      } catch (err) {
        record(command, performance.now() - started, true);
        throw err;
      }
    };
  const c = REDIS_COMMANDS;
  return {
    get: timed(c.get, (key: string) => kv.get(key)),
    set: timed(c.set, (key: string, value: string, ttlMs: number) => kv.set(key, value, ttlMs)),
    del: timed(c.del, (key: string) => kv.del(key)),
    take: timed(c.take, (key: string) => kv.take(key)),
    incr: timed(c.incr, (key: string, ttlMs: number) => kv.incr(key, ttlMs)),
    ttl: timed(c.ttl, (key: string) => kv.ttl(key)),
    keys: timed(c.keys, (prefix: string) => kv.keys(prefix)),
    ...(kv.ping ? { ping: timed(c.ping, () => kv.ping!()) } : {}),
    close: () => kv.close(),
  };
}
