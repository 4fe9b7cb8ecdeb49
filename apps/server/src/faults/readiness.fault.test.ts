import { afterAll, describe, expect, it } from 'vitest';
import { prepareInstallation, startNode } from './support/cluster';
import { ensureServices, PG_URL, startPostgres, stopPostgres, until } from './support/services';

afterAll(async () => {
  await ensureServices();
});

/**
 * A load balancer takes a node out of rotation by its readiness answer: once PostgreSQL stops, the
 * node must say 503 naming the database within 2 s, while it stays alive (liveness 200), and
 * say 200 again once PostgreSQL is back, without being restarted.
 */
describe.skipIf(!PG_URL)('readiness while PostgreSQL is down', () => {
  it('answers 503 naming the database within 2 s of PostgreSQL stopping, and 200 again once it is back', async () => {
    const inst = await prepareInstallation('postgres');
    await inst.closeSetup();
    const node = await startNode(inst, 'ready');
    const readiness = async () => {
      const res = await fetch(`${node.url}/readyz`);
      return { status: res.status, body: (await res.json()) as { failed?: string[] } };
    };
    try {
      await until(async () => (await readiness()).status === 200, 30_000, 'ready at start');
      await stopPostgres();
      const downAt = Date.now();
      let seen = { status: 0, body: {} as { failed?: string[] } };
      const toNotReady = await until(
        async () => {
          seen = await readiness();
          return seen.status === 503;
        },
        10_000,
        'readiness 503',
      );
      expect(seen.body.failed).toContain('database');
      expect((await fetch(`${node.url}/healthz`)).status).toBe(200);
      await startPostgres();
      const upAt = Date.now();
      const toReady = await until(async () => (await readiness()).status === 200, 30_000, 'readiness 200 again');
      console.info(
        '[faults] readiness:',
        JSON.stringify({ notReadyAfterStopMs: toNotReady, readyAfterStartMs: toReady, downMs: upAt - downAt }),
      );
      expect(toNotReady).toBeLessThanOrEqual(2_000);
    } finally {
      await ensureServices();
      await node.stop();
      await inst.close();
    }
  });
});
