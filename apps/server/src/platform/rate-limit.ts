import type { KvStore } from './kv';

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  /** Milliseconds until the window resets. */
  retryAfterMs: number;
}

/** Keys remembered as over their limit before the old ones are swept. */
const REMEMBERED_MAX = 10_000;

/**
 * Fixed-window counters over the shared store, so every instance counts the same hits. `now`
 * must be the clock the store's lifetimes run on (the wall clock for both stores).
 */
export function createRateLimiter(kv: KvStore, now: () => number = Date.now) {
  /** Keys of `hitNeverReset` known to be over their limit, with a time their window still runs. */
  const over = new Map<string, number>();
  return {
    /** Counts one hit against `key`; allowed while the count stays within `limit` per `windowMs`. */
    async hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
      const count = await kv.incr(`rl:${key}`, windowMs);
      const allowed = count <= limit;
      return { allowed, count, retryAfterMs: allowed ? 0 : await kv.ttl(`rl:${key}`) };
    },
    /**
     * `hit` for keys nobody resets (a bid rate): once the shared count is over the limit, this
     * instance refuses the rest of that window itself, without a round trip to the store. The
     * answer is the store's own: within a window the count only grows, and the end remembered is
     * never later than the store's (the clock is read before the remaining time is asked), so a
     * new window is never refused here. Hits refused here are not counted, which changes nothing
     * for a window already over its limit.
     */
    async hitNeverReset(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
      const at = now();
      const until = over.get(key);
      if (until !== undefined) {
        if (at < until) return { allowed: false, count: limit + 1, retryAfterMs: until - at };
        over.delete(key);
      }
      const count = await kv.incr(`rl:${key}`, windowMs);
      if (count <= limit) return { allowed: true, count, retryAfterMs: 0 };
      const asked = now();
      const retryAfterMs = await kv.ttl(`rl:${key}`);
      if (retryAfterMs > 0) {
        if (over.size >= REMEMBERED_MAX) for (const [k, end] of over) if (end <= asked) over.delete(k);
        if (over.size < REMEMBERED_MAX) over.set(key, asked + retryAfterMs);
      }
      return { allowed: false, count, retryAfterMs };
    },
    /** The current count without adding to it. */
    async count(key: string): Promise<number> {
      return Number((await kv.get(`rl:${key}`)) ?? 0);
    },
    /** Milliseconds until the window of `key` ends (0 when nothing was counted). */
    async retryAfter(key: string): Promise<number> {
      return kv.ttl(`rl:${key}`);
    },
    async reset(key: string): Promise<void> {
      await kv.del(`rl:${key}`);
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;

/**
 * Fixed-window counters in this process's memory, with the windows of `createRateLimiter` (a
 * window starts at a key's first hit). Right only where one process sees every hit of a key: a
 * SQLite database is served by one process, so there a counter costs no write; several servers
 * share the store's counters instead.
 */
export function createLocalRateLimiter(now: () => number = Date.now) {
  const windows = new Map<string, { count: number; end: number }>();
  let swept = 0;
  return {
    /** Counts one hit against `key`; allowed while the count stays within `limit` per `windowMs`. */
    hit(key: string, limit: number, windowMs: number): RateLimitResult {
      const at = now();
      if (at - swept >= 60_000) {
        swept = at;
        for (const [k, w] of windows) if (w.end <= at) windows.delete(k);
      }
      let w = windows.get(key);
      if (!w || w.end <= at) {
        w = { count: 0, end: at + windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      const allowed = w.count <= limit;
      return { allowed, count: w.count, retryAfterMs: allowed ? 0 : w.end - at };
    },
  };
}
