import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuctionApp, type AuctionApp } from './auction.fixture';
import { createAuctionFigures } from './figures';

let a: AuctionApp;
beforeAll(async () => {
  a = await createAuctionApp();
});
afterAll(async () => {
  await a.close();
});

describe('the auction figures', () => {
  it('read the spaces a company registered for until they close, the live ones and those awaiting review', async () => {
    const figures = createAuctionFigures(a.database.db);
    const buyer = a.companyId.buyer01!;
    const now = () => a.clock.now().toISOString();
    const waiting = await figures.awaitingReview();
    const live = await figures.live();

    const draft = await a.ok<{ spaceId: string }>('supplier01', '/auction/ws/auctionSpaceInfo/save', a.spaceTerms());
    await a.ok('supplier01', '/auction/ws/auctionSpaceInfo/submit', { spaceId: draft.spaceId });
    expect(await figures.awaitingReview()).toBe(waiting + 1);

    const space = await a.approved('supplier01');
    await a.register(space, ['buyer01']);
    expect(await figures.registeredClosing(buyer, now(), 5)).toEqual([
      { id: Number(space.spaceId), name: space.spaceName, status: 2, endAt: space.auctionEndTime },
    ]);
    expect(await figures.registeredClosing(a.companyId.buyer02!, now(), 5)).toEqual([]);

    a.clock.set(space.auctionBeginTime);
    await a.runDue();
    expect(await figures.live()).toBe(live + 1);
    expect((await figures.registeredClosing(buyer, now(), 5)).map((s) => s.status)).toEqual([4]);
    expect(await figures.registeredClosing(buyer, space.auctionEndTime, 5)).toEqual([]);
  });
});
