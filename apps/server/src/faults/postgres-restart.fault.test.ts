import { afterAll, describe, expect, it } from 'vitest';
import { onTradingNodes, restartUnderLoad } from './support/outage';
import { ensureServices, PG_URL, REDIS_URL, restartPostgres } from './support/services';

afterAll(async () => {
  await ensureServices();
});

/**
 * PostgreSQL restarted (every connection cut) while orders and bids flow through two nodes: an
 * acknowledged write is never lost, a refusal meanwhile is the catalogue's retryable answer
 * (SERVICE_UNAVAILABLE, 503) and never a 500, the nodes stay up, and writes are acknowledged
 * again within 10 s of PostgreSQL taking queries again.
 */
describe.skipIf(!PG_URL || !REDIS_URL)('PostgreSQL restarted under load on two nodes', () => {
  it('loses no acknowledged write, refuses only with the retryable answer, and is back within 10 s', async () => {
    await onTradingNodes(async (t) => {
      const run = await restartUnderLoad(t, restartPostgres);
      const { tally } = run.load;
      console.info(
        '[faults] PostgreSQL restarted:',
        JSON.stringify({
          inFlightAtRestart: run.before.inFlight,
          acknowledgedBeforeRestart: run.before.acknowledged,
          acknowledged: tally.acknowledged,
          lost: run.lost.length,
          retryableAnswers: tally.retryable,
          networkFailures: tally.network,
          businessRefusals: tally.refused,
          unexpected: tally.unexpected.length,
          answersDuringOutage: run.answersDuringOutage,
          postgresRestartMs: run.restartMs,
          backAfterPostgresUpMs: run.backAfterUpMs,
        }),
      );
      expect(tally.unexpected).toEqual([]);
      expect(run.lost).toEqual([]);
      expect(tally.retryable + tally.network).toBeGreaterThan(0);
      expect(run.anyServerError).toBe(false);
      expect(run.backAfterUpMs).toBeLessThanOrEqual(10_000);
    });
  });
});
