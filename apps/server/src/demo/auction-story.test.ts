import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuctionResult, AuctionRoom } from '@portal/contracts/auction-trade';
import type { AuctionPage } from '@portal/contracts/auctions';
import type { OrderPage } from '@portal/contracts/orders';
import { verifyChain } from '../modules/auction-trade';
import { expectDepositsConsistent } from '../test/deposits';
import { createTestApp, envelope, login, type TestApp } from '../test/test-app';
import { runAuctionStory, type AuctionStoryOutcome } from './auction-story';
import { runTradingStory } from './trading-story';

let t: TestApp;
let story: AuctionStoryOutcome;
beforeAll(async () => {
  t = await createTestApp();
  await runTradingStory({ app: t.app, db: t.database.db, kv: t.kv, now: () => new Date() });
  story = await runAuctionStory({ app: t.app, db: t.database.db, kv: t.kv, now: () => new Date() });
}, 120_000);
afterAll(async () => {
  await t.close();
});

const publicCall = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload }).then((res) => envelope(res).data);

describe('the demo auction story', () => {
  it('shows an upcoming, a running and a finished auction in the auction centre', async () => {
    expect(story.played).toBe(true);
    const centre = (await publicCall('/auction/ws/auctionSpaceInfo/buyerPageNoLogin', { pageSize: 50 })) as AuctionPage;
    const ids = centre.items.map((s) => s.spaceId);
    expect(ids).toEqual(expect.arrayContaining([story.spaces.upcoming, story.spaces.running]));
    const running = (await publicCall('/auction/ws/auctionSpaceInfo/room', { spaceId: story.spaces.running })) as AuctionRoom;
    expect(running.space.spaceStatus).toBe(4);
    expect(running.itemList[0]).toMatchObject({ currentPrice: 68_500, leaderAlias: '竞买人 1' });
    expect(running.lastSeq).toBe(3);
    // Every story auction shows a picture in the centre, and the live ones run a working day.
    for (const id of Object.values(story.spaces)) {
      expect(centre.items.find((s) => s.spaceId === id)?.itemList[0]?.img1, id).toMatch(/^\/file\/download/);
    }
    expect(Date.parse(running.space.auctionEndTime) - Date.now()).toBeGreaterThan(9 * 3_600_000);
  });

  it('leaves the finished auction with a verified result and buyer01 an order to pay', async () => {
    const result = (await publicCall('/auction/ws/auctionSpaceInfo/result', { spaceId: story.spaces.finished })) as AuctionResult;
    expect(result.spaceStatus).toBe(7);
    expect(result.itemList[0]).toMatchObject({ tradeStatus: 1, dealPrice: 186_000 });
    expect((await verifyChain(t.database.db, Number(story.spaces.finished))).digest).toBe(result.digest);
    const { token } = await login(t.app, 'buyer01', 'Buyer@2026');
    const res = await t.app.inject({
      method: 'POST',
      url: '/commtrade/ws/order/buyPage',
      payload: { pageNo: 1, pageSize: 32 },
      headers: { token },
    });
    const orders = envelope(res).data as OrderPage;
    expect(orders.items.find((o) => o.origin === 'auction' && o.originCode === story.spaces.finished)).toMatchObject({ state: 2 });
    await expectDepositsConsistent(t.database);
  });

  it('gives the older approved and running demo spaces their start and close jobs', async () => {
    const jobs = await t.database.db.selectFrom('scheduled_jobs').select('kind').where('kind', 'like', 'auction.%').execute();
    expect(jobs.filter((j) => j.kind === 'auction.close').length).toBeGreaterThan(10);
  });
});
