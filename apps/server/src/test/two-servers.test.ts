import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '@portal/contracts/messages';
import type { ChangeEvent } from '../platform/events';
import { openSse } from './sse-client';
import { login } from './test-app';
import { canRunTwoServers, startTwoServers, type TwoServers } from './two-servers';

describe.skipIf(!canRunTwoServers)('two servers on one PostgreSQL and Redis', () => {
  let two: TwoServers;
  beforeAll(async () => {
    two = await startTwoServers({ startSchedulers: true });
  });
  afterAll(async () => {
    await two?.close();
  });

  it('delivers an event to the listeners of both servers exactly once, the publishing one included', async () => {
    const [a, b] = two.servers;
    const onA: ChangeEvent[] = [];
    const onB: ChangeEvent[] = [];
    const stopA = a.events.subscribe((e) => e.topic === 'probe' && onA.push(e));
    const stopB = b.events.subscribe((e) => e.topic === 'probe' && onB.push(e));
    a.events.publish({ topic: 'probe', key: '1', action: 'sent' });
    b.events.publish({ topic: 'probe', key: '2', action: 'sent' });
    // Redis delivers in publish order per connection: a last probe seen by both means the first two have arrived.
    a.events.publish({ topic: 'probe', key: 'last', action: 'sent' });
    await expect.poll(() => onB.some((e) => e.key === 'last') && onA.some((e) => e.key === '2'), { timeout: 5000 }).toBe(true);
    expect(onA.map((e) => e.key).sort()).toEqual(['1', '2', 'last']);
    expect(onB.map((e) => e.key).sort()).toEqual(['1', '2', 'last']);
    stopA();
    stopB();
  });

  it('pushes a message written on server A to a stream connected to server B, and through the proxy', async () => {
    const [a, b] = two.servers;
    // Sessions live in Redis, so a sign-in on A is valid on B.
    const supplier = await login(a.app, 'supplier01', 'Supplier@2026');
    const user = await a.database.db
      .selectFrom('users')
      .select(['id', 'company_id'])
      .where('account', '=', 'supplier01')
      .executeTakeFirstOrThrow();
    const onB = await openSse(`${b.url}/omc/api/message/stream`, { token: supplier.token, cookie: 'lang=en-US' });
    // Two streams through the proxy land one on each server.
    const viaProxy = [
      await openSse(`${two.url}/omc/api/message/stream`, { token: supplier.token }),
      await openSse(`${two.url}/omc/api/message/stream`, { token: supplier.token }),
    ];
    try {
      expect([onB.status, ...viaProxy.map((s) => s.status)]).toEqual([200, 200, 200]);
      await a.app.live.writes.write({ actorUserId: null, action: 'test', target: 'order:TWO-1' }, (trx, emit) =>
        a.app.live.messages.notifyCompany(
          trx,
          user.company_id!,
          {
            kind: 'order.placed',
            params: { party: 'buyer', goodsName: 'coal', quantity: '1 t', orderNo: 'TWO-1' },
            link: { route: '/trade/sales', query: { orderNo: 'TWO-1' } },
          },
          emit,
        ),
      );
      const event = await onB.next((e) => e.event === 'message');
      expect((JSON.parse(event.data) as Message).text).toContain('TWO-1');
      for (const stream of viaProxy) await stream.next((e) => e.event === 'message' && e.data.includes('TWO-1'));

      // A change made on B reaches the stream on B's neighbour too (the first proxy stream is on A).
      b.events.publish({ topic: 'order', key: 'TWO-1', action: 'confirmed', companyIds: [user.company_id!] });
      for (const stream of [onB, ...viaProxy]) await stream.next((e) => e.event === 'change');
      expect(onB.events.filter((e) => e.event === 'message')).toHaveLength(1);
    } finally {
      onB.close();
      viaProxy.forEach((s) => s.close());
    }
  });

  it('runs a timed job once across both servers, within a second of its time', async () => {
    const [a, b] = two.servers;
    const runs: { key: string; server: string; late: number }[] = [];
    for (const [name, server] of [
      ['a', a],
      ['b', b],
    ] as const) {
      server.app.live.scheduler.define('test.twoServers', async (_trx, job) => {
        runs.push({ key: job.key, server: name, late: Date.now() - new Date(job.runAt).getTime() });
      });
    }
    const jobs = 30;
    const due = Date.now() + 500;
    await a.database.db.transaction().execute(async (trx) => {
      for (let i = 0; i < jobs; i++)
        await a.app.live.scheduler.schedule(trx, { kind: 'test.twoServers', key: `k${i}`, runAt: new Date(due + i * 10) });
    });
    await expect
      .poll(
        async () =>
          (
            await a.database.db
              .selectFrom('scheduled_jobs')
              .select('id')
              .where('kind', '=', 'test.twoServers')
              .where('state', '=', 'done')
              .execute()
          ).length,
        {
          timeout: 5000,
        },
      )
      .toBe(jobs);
    // Only the server whose claim won calls the handler: one call per job, one log row per job.
    expect(runs).toHaveLength(jobs);
    expect(new Set(runs.map((r) => r.key)).size).toBe(jobs);
    const committed = await a.database.db
      .selectFrom('operation_log')
      .select('record_id')
      .where('resource', '=', 'test.twoServers')
      .execute();
    expect(committed.map((r) => r.record_id).sort()).toEqual(Array.from({ length: jobs }, (_, i) => `k${i}`).sort());
    for (const run of runs) expect(run.late).toBeLessThan(1000);
  });
});
