import { afterAll, describe, expect, it } from 'vitest';
import { bidSeqs, onTradingNodes, restartUnderLoad, watchersDone } from './support/outage';
import { ensureServices, PG_URL, REDIS_URL, restartRedis } from './support/services';
import { RoomWatcher } from './support/watcher';

afterAll(async () => {
  await ensureServices();
});

/**
 * Redis restarted without persistence while orders and bids flow through two nodes: what it held
 * is gone (every session: traders sign in again; picture codes, counters), while it is down
 * requests are refused with the retryable answer, and no trade is lost (trades live in
 * PostgreSQL). Room watchers on both nodes still end with every bid once, in order: a bid the bus
 * dropped meanwhile is filled in from the database when the next one arrives.
 */
describe.skipIf(!PG_URL || !REDIS_URL)('Redis restarted under load on two nodes', () => {
  it('loses no trade; sessions are lost and signed in again; watchers miss no bid', async () => {
    await onTradingNodes(async (t) => {
      const watchers = Array.from({ length: 4 }, (_, i) => new RoomWatcher(t.space.spaceId, t.nodes[i % 2]!.url, t.urls));
      t.watchers.push(...watchers);
      const run = await restartUnderLoad(t, restartRedis);
      const { tally } = run.load;
      const seqs = await bidSeqs(t.inst.database.db, t.space.spaceId);
      // The last bid is announced after Redis is back: every watcher reaches it.
      await watchersDone(watchers, seqs);
      const signInsAgain = tally.signIns - run.before.signIns;
      console.info(
        '[faults] Redis restarted:',
        JSON.stringify({
          inFlightAtRestart: run.before.inFlight,
          acknowledged: tally.acknowledged,
          lost: run.lost.length,
          retryableAnswers: tally.retryable,
          networkFailures: tally.network,
          signInsAgainAfterTheRestart: signInsAgain,
          answersDuringOutage: run.answersDuringOutage,
          redisRestartMs: run.restartMs,
          backAfterRedisUpMs: run.backAfterUpMs,
          bids: seqs.length,
          watchers: watchers.length,
        }),
      );
      expect(tally.unexpected).toEqual([]);
      expect(run.lost).toEqual([]);
      expect(run.anyServerError).toBe(false);
      // Sessions lived in Redis: every trader signed in again.
      expect(signInsAgain).toBeGreaterThanOrEqual(3);
      expect(run.backAfterUpMs).toBeLessThanOrEqual(10_000);
      expect(seqs).toEqual(seqs.map((_, i) => i + 1));
      for (const [i, w] of watchers.entries()) expect(w.seqs, `watcher ${i}`).toEqual(seqs);
    });
  });
});
