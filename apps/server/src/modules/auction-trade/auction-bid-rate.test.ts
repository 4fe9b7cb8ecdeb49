import { describe, expect, it } from 'vitest';
import type { KvStore } from '../../platform/kv';
import { createLocalRateLimiter, createRateLimiter } from '../../platform/rate-limit';

/** A counter store on a controllable clock, counting the round trips made to it. */
function clockedKv(clock: { t: number }) {
  const rows = new Map<string, { count: number; end: number }>();
  let trips = 0;
  const kv = {
    async incr(key: string, ttlMs: number) {
      trips += 1;
      const row = rows.get(key);
      if (!row || row.end <= clock.t) {
        rows.set(key, { count: 1, end: clock.t + ttlMs });
        return 1;
      }
      row.count += 1;
      return row.count;
    },
    async ttl(key: string) {
      trips += 1;
      const row = rows.get(key);
      return row && row.end > clock.t ? row.end - clock.t : 0;
    },
  } as unknown as KvStore;
  return { kv, trips: () => trips };
}

describe('the bid rate', () => {
  it('refuses in process, for the rest of the window, a key the shared store already refused', async () => {
    const clock = { t: 1_000_000 };
    const store = clockedKv(clock);
    const limiter = createRateLimiter(store.kv, () => clock.t);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await limiter.hitNeverReset('k', 3, 1000)).allowed);
    expect(answers).toEqual([true, true, true, false, false]);
    // The fourth hit asked the store (count and remaining time); the fifth did not.
    expect(store.trips()).toBe(5);
    clock.t += 999;
    expect((await limiter.hitNeverReset('k', 3, 1000)).allowed).toBe(false);
    expect(store.trips()).toBe(5);
    // A new window is counted by the store again.
    clock.t += 1;
    expect((await limiter.hitNeverReset('k', 3, 1000)).allowed).toBe(true);
    expect(store.trips()).toBe(6);
  });

  it('counts the same windows in memory where one process serves every hit', () => {
    const clock = { t: 5_000 };
    const local = createLocalRateLimiter(() => clock.t);
    const hits = Array.from({ length: 6 }, () => local.hit('k', 5, 1000));
    expect(hits.map((h) => h.allowed)).toEqual([true, true, true, true, true, false]);
    expect(hits[5]!.retryAfterMs).toBe(1000);
    expect(local.hit('other', 5, 1000).allowed).toBe(true);
    clock.t += 1000;
    expect(local.hit('k', 5, 1000)).toEqual({ allowed: true, count: 1, retryAfterMs: 0 });
  });
});
