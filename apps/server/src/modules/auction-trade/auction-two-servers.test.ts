import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSse } from '../../test/sse-client';
import { envelope } from '../../test/test-app';
import { manualClock } from '../../test/trading';
import { canRunTwoServers, startTwoServers, type TwoServers } from '../../test/two-servers';
import { loadSettings } from '../../settings';
import { auctionHelpers, CLOCK_START, type AuctionApp } from './auction.fixture';

describe.skipIf(!canRunTwoServers)('auctions on two servers (PostgreSQL and Redis)', () => {
  let two: TwoServers;
  let a: AuctionApp;
  const clock = manualClock(CLOCK_START);
  beforeAll(async () => {
    const env = { AUCTION_BIDS_PER_SECOND: '1000' };
    two = await startTwoServers({ env, now: clock.now });
    const first = two.servers[0];
    a = await auctionHelpers(
      {
        app: first.app,
        database: first.database,
        kv: first.kv,
        settings: loadSettings({ NODE_ENV: 'test', ...env }),
        close: async () => {},
      },
      clock,
    );
  }, 120_000);
  afterAll(async () => {
    await two?.close();
  });

  it('a bid on one server reaches a watcher of the other', async () => {
    const space = await a.running('supplier01', ['buyer01', 'buyer02']);
    const [, b] = two.servers;
    const watcher = await openSse(`${b.url}/auction/ws/auctionSpaceInfo/stream?spaceId=${space.spaceId}`);
    try {
      expect(watcher.status).toBe(200);
      await a.bid('buyer01', space, 60_000);
      const event = await watcher.next((e) => e.event === 'bid', 5000);
      expect(event.id).toBe('1');
      expect(JSON.parse(event.data)).toMatchObject({ price: 60_000, alias: '竞买人 1' });
    } finally {
      watcher.close();
    }
  });

  it('many bidders on both servers at once keep seq gap-free and each accepted bid above the last', async () => {
    clock.set('2027-06-03T08:00:00.000Z');
    const bidders = ['buyer01', 'buyer02', 'buyer03', 'supplier02', 'supplier03'] as const;
    const space = await a.running('supplier01', [...bidders], {
      auctionBeginTime: '2027-06-03T09:00:00.000Z',
      auctionEndTime: '2027-06-03T10:00:00.000Z',
    });
    const apps = two.servers.map((s) => s.app);
    const attempts = [];
    for (let round = 0; round < 6; round++) {
      for (const [i, who] of bidders.entries()) {
        const app = apps[(round + i) % 2]!;
        const body = a.bidBody(space, 60_000 + (round * bidders.length + i) * 1_000);
        attempts.push(
          app
            .inject({ method: 'POST', url: '/auction/ws/bid/place', payload: body, headers: { token: a.tokens[who] } })
            .then((res) => envelope(res)),
        );
      }
    }
    const answers = await Promise.all(attempts);
    expect(answers.every((x) => x.error_no === '0' || x.error_no === '140004')).toBe(true);
    const bids = await a.database.db
      .selectFrom('auction_bids')
      .select(['seq', 'price'])
      .where('space_id', '=', Number(space.spaceId))
      .orderBy('seq')
      .execute();
    expect(bids.map((b) => Number(b.seq))).toEqual(bids.map((_, i) => i + 1));
    for (let i = 1; i < bids.length; i++) expect(Number(bids[i]!.price)).toBeGreaterThan(Number(bids[i - 1]!.price));
    // Both servers run the overdue close at once: one outcome, one order.
    clock.set('2027-06-03T10:00:00.000Z');
    await Promise.all(two.servers.map((s) => s.app.live.scheduler.runDue()));
    const orders = await a.database.db
      .selectFrom('orders')
      .select('order_no')
      .where('origin', '=', 'auction')
      .where('origin_code', '=', space.spaceId)
      .execute();
    expect(orders).toHaveLength(1);
  });
});
