import { beforeAll, describe, expect, it } from 'vitest';
import type { AuctionResult } from '@portal/contracts/auction-trade';
import type { OrderPage } from '@portal/contracts/orders';
import { buildApp } from '../../../app';
import { auctionTestKit, type AuctionApp } from '../auction.fixture';

const kit = auctionTestKit({ SSE_HEARTBEAT_SECONDS: '1' });
const { window, room, detail } = kit;
let a: AuctionApp;
beforeAll(() => {
  a = kit.app();
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
