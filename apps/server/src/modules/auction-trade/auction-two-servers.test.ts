import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManagedAuctionSpace } from '@portal/contracts/auction-trade';
import { openSse } from '../../test/sse-client';
import { envelope, type Envelope } from '../../test/test-app';
import { manualClock, type Trader } from '../../test/trading';
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

  /** Sends the calls at once through the proxy, which hands them to the two servers in turn. */
  const atOnce = (calls: { who: Trader; path: string; body: unknown }[]) =>
    Promise.all(
      calls.map(async ({ who, path, body }) => {
        const res = await fetch(`${two.url}${path}`, {
          method: 'POST',
          headers: { token: a.tokens[who], 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return (await res.json()) as Envelope;
      }),
    );
  const logRows = (target: string) =>
    a.database.db
      .selectFrom('operation_log')
      .select('action')
      .where('resource', '=', target.split(':')[0]!)
      .where('record_id', '=', target.split(':')[1]!)
      .execute();
  const messagesTo = async (account: Trader, kinds: string[], about: string) =>
    (
      await a.database.db
        .selectFrom('messages as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select(['m.kind', 'm.params_json'])
        .where('u.account', '=', account)
        .where('m.kind', 'in', kinds)
        .execute()
    )
      .filter((row) => row.params_json.includes(about))
      .map((row) => row.kind);

  it('decides a missed reserve once when the owner sends accepts and declines at once to both servers', async () => {
    clock.set('2027-06-05T08:00:00.000Z');
    const names = ['储备价第1标', '储备价第2标', '储备价第3标', '储备价第4标'];
    const space = await a.approved(
      'supplier01',
      { auctionBeginTime: '2027-06-05T09:00:00.000Z', auctionEndTime: '2027-06-05T10:00:00.000Z' },
      names.map((pieceName) => a.piece({ pieceName, reservePrice: 100_000 })),
    );
    await a.register(space, ['buyer01', 'buyer02']);
    clock.set(space.auctionBeginTime);
    await a.runDue();
    for (const [index] of names.entries()) {
      await a.bid('buyer01', space, 61_000, { pieceIndex: index });
      await a.bid('buyer02', space, 62_000, { pieceIndex: index });
    }
    clock.set(space.auctionEndTime);
    await a.runDue();
    for (const [index, pieceName] of names.entries()) {
      const pieceId = space.itemList[index]!.id;
      const decisions = [true, false, true, false, true, false].map((accept) => ({
        who: 'supplier01' as const,
        path: '/auction/ws/auctionSpaceInfo/decideReserve',
        body: { pieceId, accept },
      }));
      const answers = await atOnce(decisions);
      const won = answers.flatMap((answer, i) => (answer.error_no === '0' ? [decisions[i]!.body.accept] : []));
      expect(won, `${pieceName}: one decision`).toHaveLength(1);
      expect(answers.filter((x) => x.error_no !== '0').every((x) => x.error_no === '120001')).toBe(true);
      const piece = await a.database.db
        .selectFrom('auction_pieces')
        .selectAll()
        .where('id', '=', Number(pieceId))
        .executeTakeFirstOrThrow();
      const orders = await a.database.db.selectFrom('orders').select('state').where('request_id', 'like', `auction:${pieceId}:%`).execute();
      if (won[0]) {
        expect([piece.trade_status, orders.length]).toEqual([1, 1]);
        expect(await messagesTo('buyer02', ['auction.won', 'auction.lost'], pieceName)).toEqual(['auction.won']);
      } else {
        // Unsold: no winner, no order, and the best bidder hears it lost.
        expect([piece.trade_status, piece.deal_price, orders.length]).toEqual([2, null, 0]);
        expect(await messagesTo('buyer02', ['auction.won', 'auction.lost'], pieceName)).toEqual(['auction.lost']);
      }
      expect(await messagesTo('buyer01', ['auction.won', 'auction.lost'], pieceName)).toEqual(['auction.lost']);
      expect(await logRows(`auctionPiece:${pieceId}`)).toHaveLength(1);
    }
  });

  it('reviews a space once when approvals and rejections arrive at once, and withdraws it once', async () => {
    clock.set('2027-06-07T08:00:00.000Z');
    const terms = { auctionBeginTime: '2027-06-07T09:00:00.000Z', auctionEndTime: '2027-06-07T10:00:00.000Z' };
    const draft = await a.ok<ManagedAuctionSpace>(
      'supplier01',
      '/auction/ws/auctionSpaceInfo/save',
      a.spaceTerms({ ...terms, spaceName: '审核竞速专场' }),
    );
    await a.ok('supplier01', '/auction/ws/auctionSpaceInfo/submit', { spaceId: draft.spaceId });
    const reviews = Array.from({ length: 10 }, (_, i) => ({
      who: 'admin' as const,
      path: '/auction/ws/auctionSpaceInfo/review',
      body: { spaceId: draft.spaceId, pass: i % 2 === 0, reviewRemark: i % 2 === 0 ? '' : '资料不全' },
    }));
    const answers = await atOnce(reviews);
    expect(
      answers.filter((x) => x.error_no === '0'),
      'one review',
    ).toHaveLength(1);
    expect(answers.filter((x) => x.error_no !== '0').every((x) => x.error_no === '120001')).toBe(true);
    expect((await logRows(`auction:${draft.spaceId}`)).filter((row) => row.action === 'approve' || row.action === 'reject')).toHaveLength(
      1,
    );
    expect(await messagesTo('supplier01', ['auction.approved', 'auction.rejected'], '审核竞速专场')).toHaveLength(1);

    const space = await a.approved('supplier01', { ...terms, spaceName: '撤回竞速专场' });
    await a.register(space, ['buyer01', 'buyer02']);
    const withdrawals = await atOnce(
      Array.from({ length: 10 }, () => ({
        who: 'supplier01' as const,
        path: '/auction/ws/auctionSpaceInfo/withdraw',
        body: { spaceId: space.spaceId },
      })),
    );
    expect(
      withdrawals.filter((x) => x.error_no === '0'),
      'one withdrawal',
    ).toHaveLength(1);
    expect((await logRows(`auction:${space.spaceId}`)).filter((row) => row.action === 'withdraw')).toHaveLength(1);
    for (const who of ['buyer01', 'buyer02'] as const) expect(await messagesTo(who, ['auction.withdrawn'], '撤回竞速专场')).toHaveLength(1);
  });
});
