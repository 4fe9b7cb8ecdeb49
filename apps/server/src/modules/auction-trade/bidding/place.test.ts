import { beforeAll, describe, expect, it } from 'vitest';
import type { AuctionResult } from '@portal/contracts/auction-trade';
import { auctionTestKit, createAuctionApp, type AuctionApp } from '../auction.fixture';

const kit = auctionTestKit({ SSE_HEARTBEAT_SECONDS: '1' });
const { window } = kit;
let a: AuctionApp;
beforeAll(() => {
  a = kit.app();
});

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
