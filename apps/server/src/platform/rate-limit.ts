import type { KvStore } from './kv';

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  /** Milliseconds until the window resets. */
  retryAfterMs: number;
}

/** Fixed-window counters over the shared store, so every instance counts the same hits. */
export function createRateLimiter(kv: KvStore) {
  return {
    /** Counts one hit against `key`; allowed while the count stays within `limit` per `windowMs`. */
    async hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
      const count = await kv.incr(`rl:${key}`, windowMs);
      const allowed = count <= limit;
      return { allowed, count, retryAfterMs: allowed ? 0 : await kv.ttl(`rl:${key}`) };
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
