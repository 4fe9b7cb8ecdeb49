import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuctionResult, AuctionRoom, ManagedAuctionSpace } from '@portal/contracts/auction-trade';
import type { OrderPage } from '@portal/contracts/orders';
import { buildApp } from '../../app';
import { openSse } from '../../test/sse-client';
import { createAuctionApp, type AuctionApp } from './auction.fixture';

let a: AuctionApp;
beforeAll(async () => {
  a = await createAuctionApp({ SSE_HEARTBEAT_SECONDS: '1' });
});
afterAll(async () => {
  await a.close();
});

/** A day of its own for each test, so their spaces and clocks never meet. */
let day = 10;
function window() {
  day += 1;
  const d = `2027-07-${String(day).padStart(2, '0')}`;
  a.clock.set(`${d}T08:00:00.000Z`);
  return { auctionBeginTime: `${d}T09:00:00.000Z`, auctionEndTime: `${d}T10:00:00.000Z`, end: `${d}T10:00:00.000Z` };
}
const room = (who: Parameters<AuctionApp['ok']>[0], spaceId: string) =>
  a.ok<AuctionRoom>(who, '/auction/ws/auctionSpaceInfo/room', { spaceId });
const detail = (who: Parameters<AuctionApp['ok']>[0], spaceId: string) =>
  a.ok<ManagedAuctionSpace>(who, '/auction/ws/auctionSpaceInfo/myDetail', { spaceId });

describe('refusals change nothing', () => {
  it('each refusal says why and leaves seq, chain, bids and the piece as they were', async () => {
    const w = window();
    const space = await a.running('supplier01', ['buyer01', 'buyer02'], {
      auctionBeginTime: w.auctionBeginTime,
      auctionEndTime: w.auctionEndTime,
    });
    await a.bid('buyer01', space, 60_000);
    const before = await a.bidState(space.spaceId);
    const cases: [string, () => ReturnType<AuctionApp['refusedBid']>, string][] = [
      ['too low', () => a.refusedBid('buyer02', space, 60_000), '140004'],
      ['off step', () => a.refusedBid('buyer02', space, 61_234), '140006'],
      ['not registered', () => a.refusedBid('buyer03', space, 62_000), '140002'],
      ['own space', () => a.refusedBid('supplier01', space, 62_000), '140001'],
    ];
    for (const [why, attempt, code] of cases) {
      expect((await attempt()).code, why).toBe(code);
      expect(await a.bidState(space.spaceId), why).toEqual(before);
    }
    await a.ok('admin', '/auction/ws/auctionSpaceInfo/suspend', { spaceId: space.spaceId, reason: '价格异常核查' });
    const suspended = await a.refusedBid('buyer02', space, 61_000);
    expect(suspended.code).toBe('140010');
    expect(suspended.info).toContain('价格异常核查');
    expect(await a.bidState(space.spaceId)).toEqual(before);
    await a.ok('admin', '/auction/ws/auctionSpaceInfo/resume', { spaceId: space.spaceId, reason: '核查完毕' });
    a.clock.set(w.end);
    const ended = await a.refusedBid('buyer02', space, 61_000);
    expect(ended.code).toBe('140009');
    expect(await a.bidState(space.spaceId)).toEqual(before);
  });

  it('a bid at the end time is refused; one a moment before counts', async () => {
    const w = window();
    const space = await a.running('supplier01', ['buyer01', 'buyer02'], {
      auctionBeginTime: w.auctionBeginTime,
      auctionEndTime: w.auctionEndTime,
    });
    a.clock.set(new Date(new Date(w.end).getTime() - 1).toISOString());
    await a.bid('buyer01', space, 60_000);
    a.clock.set(w.end);
    expect((await a.refusedBid('buyer02', space, 61_000)).code).toBe('140009');
    await a.runDue();
    const result = await a.ok<AuctionResult>('buyer02', '/auction/ws/auctionSpaceInfo/result', { spaceId: space.spaceId });
    expect(result.itemList[0]).toMatchObject({ tradeStatus: 1, dealPrice: 60_000 });
  });

  it('a retried request answers the same bid; a reused id for another bid is refused', async () => {
    const w = window();
    const space = await a.running('supplier01', ['buyer01'], { auctionBeginTime: w.auctionBeginTime, auctionEndTime: w.auctionEndTime });
    const first = await a.bid('buyer01', space, 60_000, { requestId: 'retry-me-0001' });
    const again = await a.bid('buyer01', space, 60_000, { requestId: 'retry-me-0001' });
    expect(again).toEqual(first);
    expect((await a.refusedBid('buyer01', space, 62_000, { requestId: 'retry-me-0001' })).code).toBe('140012');
  });
});

describe('too many bids', () => {
  it('a company gets at most 5 bids a second in a space', async () => {
    const limited = await createAuctionApp({ AUCTION_BIDS_PER_SECOND: '5' });
    try {
      const space = await limited.running('supplier01', ['buyer01']);
      const answers = [];
      for (let i = 0; i < 7; i++) answers.push(await limited.refusedBid('buyer01', space, 60_000 + i * 1_000));
      const refused = answers.filter((x) => x.code === '140011');
      expect(refused.length).toBeGreaterThanOrEqual(1);
      expect(refused[0]!.status).toBe(429);
      expect(answers.filter((x) => x.code === '0').length).toBeLessThanOrEqual(5);
    } finally {
      await limited.close();
    }
  });
});

describe('anti-sniping', () => {
  it('a bid inside the window moves the end; the old close time does nothing; the new one closes', async () => {
    const w = window();
    const space = await a.running('supplier01', ['buyer01', 'buyer02'], {
      auctionBeginTime: w.auctionBeginTime,
      auctionEndTime: w.auctionEndTime,
      delayWindowSec: 300,
      delaySec: 120,
    });
    await a.bid('buyer01', space, 60_000);
    // Outside the window: the end stays.
    expect((await room('buyer01', space.spaceId)).itemList[0]!.endTime).toBe(w.end);
    const late = new Date(new Date(w.end).getTime() - 60_000);
    a.clock.set(late.toISOString());
    const bid = await a.bid('buyer02', space, 61_000);
    const moved = new Date(late.getTime() + 120_000).toISOString();
    expect(bid.endTime).toBe(moved);
    a.clock.set(w.end);
    await a.runDue();
    expect((await room('buyer01', space.spaceId)).itemList[0]).toMatchObject({ tradeStatus: 0, endTime: moved });
    // Still inside the window: the end moves again, from this bid's time.
    const last = await a.bid('buyer01', space, 62_000);
    expect(last.endTime).toBe(new Date(new Date(w.end).getTime() + 120_000).toISOString());
    a.clock.set(moved);
    await a.runDue();
    expect((await room('buyer01', space.spaceId)).itemList[0]!.tradeStatus).toBe(0);
    a.clock.set(last.endTime);
    await a.runDue();
    const closed = await room('buyer01', space.spaceId);
    expect(closed.itemList[0]).toMatchObject({ tradeStatus: 1, dealPrice: 62_000 });
  });
});

describe('every mode ranks as it should', () => {
  it('mode 2: bids stay sealed, each company raises its own, equal prices go to the earlier seq', async () => {
    const w = window();
    const space = await a.running('supplier02', ['buyer01', 'buyer02', 'buyer03'], {
      spaceAuctionMode: 2,
      auctionBeginTime: w.auctionBeginTime,
      auctionEndTime: w.auctionEndTime,
    });
    await a.bid('buyer02', space, 62_000);
    await a.bid('buyer01', space, 62_000);
    await a.bid('buyer03', space, 61_000);
    expect((await a.refusedBid('buyer03', space, 61_000)).code).toBe('140004');
    const watcher = await room('buyer03', space.spaceId);
    expect(watcher.itemList[0]).toMatchObject({ currentPrice: null, leaderAlias: null, bidderCount: 3, myStatus: 'placed' });
    expect(watcher.itemList[0]!.bids.every((b) => b.mine)).toBe(true);
    a.clock.set(w.end);
    await a.runDue();
    const result = await a.ok<AuctionResult>('supplier02', '/auction/ws/auctionSpaceInfo/result', { spaceId: space.spaceId });
    expect(result.itemList[0]!.winners).toEqual([expect.objectContaining({ price: 62_000, seq: 1, alias: '竞买人 2' })]);
    expect(result.itemList[0]!.winners[0]!.companyName).not.toBe('');
  });

  it('mode 4: the owner buys; each bid a whole step lower, the lowest wins and sells to the owner', async () => {
    const w = window();
    const space = await a.running('buyer01', ['supplier01', 'supplier02'], {
      spaceAuctionMode: 4,
      auctionBeginTime: w.auctionBeginTime,
      auctionEndTime: w.auctionEndTime,
    });
    expect((await a.refusedBid('supplier01', space, 61_000)).code).toBe('140006');
    await a.bid('supplier01', space, 60_000);
    const high = await a.refusedBid('supplier02', space, 60_000);
    expect(high.code).toBe('140005');
    expect(high.info).toContain('590.00');
    await a.bid('supplier02', space, 58_000);
    a.clock.set(w.end);
    await a.runDue();
    const sales = await a.ok<OrderPage>('supplier02', '/commtrade/ws/order/sellPage', { pageNo: 1, pageSize: 8 });
    expect(sales.items.find((o) => o.originCode === space.spaceId)).toMatchObject({ state: 2, amount: 58_000_000 });
    // The winning supplier's deposit stays frozen until its order ends; the other's is back.
    const accounts = await a.ok<{ currency: string; frozen: number }[]>('supplier01', '/commtrade/ws/deposit/account');
    expect(accounts.find((x) => x.currency === 'CNY')?.frozen ?? 0).toBe(0);
  });

  it('mode 5: free descending, the lowest wins', async () => {
    const w = window();
    const space = await a.running('buyer01', ['supplier01', 'supplier02'], {
      spaceAuctionMode: 5,
      auctionBeginTime: w.auctionBeginTime,
      auctionEndTime: w.auctionEndTime,
    });
    await a.bid('supplier01', space, 57_000);
    await a.bid('supplier02', space, 59_000);
    await a.bid('supplier02', space, 57_000);
    a.clock.set(w.end);
    await a.runDue();
    const result = await a.ok<AuctionResult>('supplier02', '/auction/ws/auctionSpaceInfo/result', { spaceId: space.spaceId });
    expect(result.itemList[0]!.winners).toEqual([expect.objectContaining({ price: 57_000, alias: '竞买人 1' })]);
  });

  it('mode 6: one live bid per company, filled by price then seq, the last fill partial, a partial deal when under-filled', async () => {
    const w = window();
    const space = await a.running(
      'supplier01',
      ['buyer01', 'buyer02', 'buyer03'],
      { spaceAuctionMode: 6, auctionBeginTime: w.auctionBeginTime, auctionEndTime: w.auctionEndTime },
      [a.piece({ totalWeight: 100, minBidNum: 20, bidStepNum: 10 })],
    );
    expect((await a.refusedBid('buyer01', space, 60_000, { quantity: 25 })).code).toBe('140007');
    await a.bid('buyer01', space, 62_000, { quantity: 50 });
    await a.bid('buyer02', space, 61_000, { quantity: 40 });
    await a.bid('buyer03', space, 61_000, { quantity: 30 });
    let buyer03 = await room('buyer03', space.spaceId);
    expect(buyer03.itemList[0]).toMatchObject({ clearingPrice: 61_000, myStatus: 'partial', myFill: 10 });
    // buyer02 raises: it supersedes its own bid and moves ahead of buyer03.
    await a.bid('buyer02', space, 63_000, { quantity: 40 });
    buyer03 = await room('buyer03', space.spaceId);
    expect(buyer03.itemList[0]).toMatchObject({ myStatus: 'partial', myFill: 10 });
    // Lowering the price is refused; keeping it and changing the quantity is not.
    expect((await a.refusedBid('buyer01', space, 61_000, { quantity: 50 })).code).toBe('140004');
    await a.bid('buyer01', space, 62_000, { quantity: 60 });
    buyer03 = await room('buyer03', space.spaceId);
    expect(buyer03.itemList[0]).toMatchObject({ myStatus: 'unfilled', myFill: 0, clearingPrice: 62_000 });
    a.clock.set(w.end);
    await a.runDue();
    const result = await a.ok<AuctionResult>('supplier01', '/auction/ws/auctionSpaceInfo/result', { spaceId: space.spaceId });
    expect(result.itemList[0]).toMatchObject({ tradeStatus: 1, dealPrice: 62_000, dealQuantity: 100 });
    expect(result.itemList[0]!.winners.map((x) => [x.price, x.quantity])).toEqual([
      [63_000, 40],
      [62_000, 60],
    ]);
    expect(result.bids.filter((b) => b.state === 'superseded')).toHaveLength(2);

    const w2 = window();
    const thin = await a.running(
      'supplier01',
      ['buyer01'],
      { spaceAuctionMode: 6, auctionBeginTime: w2.auctionBeginTime, auctionEndTime: w2.auctionEndTime },
      [a.piece({ totalWeight: 100, minBidNum: 20 })],
    );
    await a.bid('buyer01', thin, 60_000, { quantity: 30 });
    a.clock.set(w2.end);
    await a.runDue();
    expect((await detail('supplier01', thin.spaceId)).itemList[0]).toMatchObject({ tradeStatus: 3, dealQuantity: 30 });
  });
});

describe('many bidders at once', () => {
  it('keep seq gap-free and every accepted bid strictly above the one before', async () => {
    const w = window();
    const space = await a.running('supplier02', ['buyer01', 'buyer02', 'buyer03', 'supplier01', 'supplier03'], {
      auctionBeginTime: w.auctionBeginTime,
      auctionEndTime: w.auctionEndTime,
    });
    const bidders = ['buyer01', 'buyer02', 'buyer03', 'supplier01', 'supplier03'] as const;
    const attempts = [];
    for (let round = 0; round < 8; round++) {
      for (const [i, who] of bidders.entries()) attempts.push(a.refusedBid(who, space, 60_000 + (round * bidders.length + i) * 1_000));
    }
    const answers = await Promise.all(attempts);
    expect(answers.every((x) => x.code === '0' || x.code === '140004')).toBe(true);
    const bids = await a.database.db
      .selectFrom('auction_bids')
      .select(['seq', 'price'])
      .where('space_id', '=', Number(space.spaceId))
      .orderBy('seq')
      .execute();
    expect(bids.map((b) => Number(b.seq))).toEqual(bids.map((_, i) => i + 1));
    for (let i = 1; i < bids.length; i++) expect(Number(bids[i]!.price)).toBeGreaterThan(Number(bids[i - 1]!.price));
    expect(answers.filter((x) => x.code === '0')).toHaveLength(bids.length);
  });
});

describe('withdrawal and suspension', () => {
  it('withdrawing before the start releases every registration deposit', async () => {
    const w = window();
    const space = await a.approved('supplier03', {
      auctionBeginTime: w.auctionBeginTime,
      auctionEndTime: w.auctionEndTime,
      deposit: 300_000,
    });
    await a.register(space, ['buyer02']);
    const withdrawn = await a.ok<ManagedAuctionSpace>('supplier03', '/auction/ws/auctionSpaceInfo/withdraw', { spaceId: space.spaceId });
    expect(withdrawn.spaceStatus).toBe(5);
    const reg = await a.database.db
      .selectFrom('auction_registrations')
      .select('deposit_state')
      .where('space_id', '=', Number(space.spaceId))
      .executeTakeFirstOrThrow();
    expect(reg.deposit_state).toBe('released');
    a.clock.set(w.auctionBeginTime);
    await a.runDue();
    expect((await detail('supplier03', space.spaceId)).spaceStatus).toBe(5);
  });

  it('a suspension pauses the clock: the lost bidding time is given back on resume', async () => {
    const w = window();
    const space = await a.running('supplier01', ['buyer01'], { auctionBeginTime: w.auctionBeginTime, auctionEndTime: w.auctionEndTime });
    a.clock.set(`${w.auctionBeginTime.slice(0, 10)}T09:30:00.000Z`);
    await a.ok('admin', '/auction/ws/auctionSpaceInfo/suspend', { spaceId: space.spaceId, reason: '系统维护' });
    a.clock.set(w.end);
    await a.runDue();
    expect((await room('buyer01', space.spaceId)).itemList[0]!.tradeStatus).toBe(0);
    a.clock.set(`${w.auctionBeginTime.slice(0, 10)}T10:10:00.000Z`);
    await a.ok('admin', '/auction/ws/auctionSpaceInfo/resume', { spaceId: space.spaceId, reason: '维护完成' });
    const resumed = await room('buyer01', space.spaceId);
    expect(resumed.itemList[0]!.endTime).toBe(`${w.auctionBeginTime.slice(0, 10)}T10:40:00.000Z`);
    await a.bid('buyer01', space, 60_000);
  });
});

describe('an operator withdrawing a suspended space', () => {
  it('ends it without a result and gives every deposit back; a running space must be suspended first', async () => {
    const w = window();
    const space = await a.running('supplier01', ['buyer02'], { auctionBeginTime: w.auctionBeginTime, auctionEndTime: w.auctionEndTime });
    await a.bid('buyer02', space, 60_000);
    const notSuspended = await a.refused('admin', '/auction/ws/auctionSpaceInfo/adminWithdraw', { spaceId: space.spaceId, reason: '违规' });
    expect(notSuspended.code).toBe('120001');
    await a.ok('admin', '/auction/ws/auctionSpaceInfo/suspend', { spaceId: space.spaceId, reason: '涉嫌串标' });
    const ended = await a.ok<ManagedAuctionSpace>('admin', '/auction/ws/auctionSpaceInfo/adminWithdraw', {
      spaceId: space.spaceId,
      reason: '经核实存在串标，终止本场',
    });
    expect(ended).toMatchObject({ spaceStatus: 5, suspended: false, reviewRemark: '经核实存在串标，终止本场' });
    const reg = await a.database.db
      .selectFrom('auction_registrations')
      .select('deposit_state')
      .where('space_id', '=', Number(space.spaceId))
      .executeTakeFirstOrThrow();
    expect(reg.deposit_state).toBe('released');
    a.clock.set(w.end);
    await a.runDue();
    expect((await detail('supplier01', space.spaceId)).spaceStatus).toBe(5);
    expect((await a.refused('buyer02', '/auction/ws/auctionSpaceInfo/result', { spaceId: space.spaceId })).code).toBe('140013');
  });
});

describe('restart during a running auction', () => {
  it('a second app on the same database closes the piece once', async () => {
    const w = window();
    const space = await a.running('supplier01', ['buyer01'], { auctionBeginTime: w.auctionBeginTime, auctionEndTime: w.auctionEndTime });
    await a.bid('buyer01', space, 60_000);
    a.clock.set(new Date(new Date(w.end).getTime() + 3_600_000).toISOString());
    const second = await buildApp({ settings: a.settings, database: a.database, kv: a.kv, now: a.clock.now });
    await second.ready();
    try {
      // Both servers try the overdue close; exactly one order results.
      await Promise.all([second.live.scheduler.runDue(), a.runDue()]);
      await Promise.all([second.live.scheduler.runDue(), a.runDue()]);
    } finally {
      await second.close();
    }
    const orders = await a.database.db
      .selectFrom('orders')
      .select('order_no')
      .where('origin', '=', 'auction')
      .where('origin_code', '=', space.spaceId)
      .execute();
    expect(orders).toHaveLength(1);
    expect((await detail('supplier01', space.spaceId)).spaceStatus).toBe(7);
  });
});

describe('the room stream', () => {
  it('sends its headers at once, bids with their seq as id, and resumes after Last-Event-ID', async () => {
    const w = window();
    const space = await a.running('supplier01', ['buyer01', 'buyer02'], {
      auctionBeginTime: w.auctionBeginTime,
      auctionEndTime: w.auctionEndTime,
    });
    await a.app.listen({ host: '127.0.0.1', port: 0 });
    const address = a.app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const stream = await openSse(`${base}/auction/ws/auctionSpaceInfo/stream?spaceId=${space.spaceId}`);
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers['content-type']).toContain('text/event-stream');
      await a.bid('buyer01', space, 60_000);
      const first = await stream.next((e) => e.event === 'bid');
      expect(first.id).toBe('1');
      const data = JSON.parse(first.data) as Record<string, unknown>;
      expect(data).toMatchObject({ seq: 1, price: 60_000, alias: '竞买人 1', currentPrice: 60_000 });
      expect(first.data).not.toContain('华北');
      await stream.nextComment(1, 5000);
    } finally {
      stream.close();
    }
    await a.bid('buyer02', space, 61_000);
    await a.bid('buyer01', space, 62_000);
    const resumed = await openSse(`${base}/auction/ws/auctionSpaceInfo/stream?spaceId=${space.spaceId}`, { 'last-event-id': '1' });
    try {
      await resumed.next((e) => e.event === 'status');
      const kinds = resumed.events.map((e) => `${e.event}:${e.id ?? ''}`);
      expect(kinds.slice(0, 3)).toEqual(['bid:2', 'bid:3', 'status:']);
    } finally {
      resumed.close();
    }
    const later = window();
    const hidden = await a.approved('buyer01', {
      scope: 'invited',
      spaceAuctionMode: 4,
      auctionBeginTime: later.auctionBeginTime,
      auctionEndTime: later.auctionEndTime,
    });
    const refused = await openSse(`${base}/auction/ws/auctionSpaceInfo/stream?spaceId=${hidden.spaceId}`);
    expect(refused.status).toBe(404);
    refused.close();
  });
});
