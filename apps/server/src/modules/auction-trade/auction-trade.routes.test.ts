import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuctionPage } from '@portal/contracts/auctions';
import type { AuctionResult, AuctionRoom, ManagedAuctionPiece, ManagedAuctionSpace } from '@portal/contracts/auction-trade';
import type { OrderPage } from '@portal/contracts/orders';
import { envelope } from '../../test/test-app';
import { verifyChain } from './auction-chain';
import { createAuctionApp, END, type AuctionApp } from './auction.fixture';

let a: AuctionApp;
beforeAll(async () => {
  a = await createAuctionApp();
});
afterAll(async () => {
  await a.close();
});

const roomAs = async (who: 'anon' | Parameters<AuctionApp['ok']>[0], spaceId: string) => {
  if (who !== 'anon') return a.ok<AuctionRoom>(who, '/auction/ws/auctionSpaceInfo/room', { spaceId });
  const res = await a.app.inject({ method: 'POST', url: '/auction/ws/auctionSpaceInfo/room', payload: { spaceId } });
  return envelope(res).data as AuctionRoom;
};
const available = async (who: Parameters<AuctionApp['ok']>[0]) => {
  const accounts = await a.ok<{ currency: string; available: number; frozen: number }[]>(who, '/commtrade/ws/deposit/account');
  return accounts.find((x) => x.currency === 'CNY') ?? { available: 0, frozen: 0 };
};

describe('a public ascending auction from draft to orders', () => {
  let space: ManagedAuctionSpace;

  it('goes public once approved and takes registrations with a fixed alias and a frozen deposit', async () => {
    space = await a.approved('supplier01', { spaceName: '晋煤公开增价专场', delayWindowSec: 0 }, [a.piece({ reservePrice: 61_000 })]);
    expect(space.spaceStatus).toBe(2);
    // The operator's view never carries the reserve; the owner's does.
    expect(space.itemList[0]!.reservePrice).toBeNull();
    const mine = await a.ok<ManagedAuctionSpace>('supplier01', '/auction/ws/auctionSpaceInfo/myDetail', { spaceId: space.spaceId });
    expect(mine.itemList[0]!.reservePrice).toBe(61_000);

    const centre = await a.app.inject({
      method: 'POST',
      url: '/auction/ws/auctionSpaceInfo/buyerPageNoLogin',
      payload: { pageSize: 50, spaceStatus: 2 },
    });
    expect((envelope(centre).data as AuctionPage).items.some((s) => s.spaceId === space.spaceId)).toBe(true);

    const [first, second] = await a.register(space, ['buyer01', 'buyer02']);
    expect(first!.alias).toBe('竞买人 1');
    expect(second!.alias).toBe('竞买人 2');
    expect((await available('buyer01')).frozen).toBe(500_000);
    // Registering again answers the same registration.
    const again = await a.ok<{ alias: string }>('buyer01', '/auction/ws/auctionSpaceInfo/register', { spaceId: space.spaceId });
    expect(again.alias).toBe('竞买人 1');
    expect((await a.refused('supplier01', '/auction/ws/auctionSpaceInfo/register', { spaceId: space.spaceId })).code).toBe('140001');
  });

  it('refuses bids before the start, then starts on time', async () => {
    const before = await a.refusedBid('buyer01', space, 60_000);
    expect(before.code).toBe('140008');
    a.clock.set(space.auctionBeginTime);
    expect(await a.runDue()).toBeGreaterThan(0);
    expect((await roomAs('anon', space.spaceId)).space.spaceStatus).toBe(4);
  });

  it('takes the first bid at the base price and each next a whole step higher, in server seq order', async () => {
    const b1 = await a.bid('buyer01', space, 60_000);
    expect(b1.seq).toBe(1);
    const low = await a.refusedBid('buyer02', space, 60_000);
    expect(low).toMatchObject({ code: '140004' });
    expect(low.info).toContain('610.00');
    expect((await a.refusedBid('buyer02', space, 61_500)).code).toBe('140006');
    const b2 = await a.bid('buyer02', space, 61_000);
    expect(b2.seq).toBe(2);
    const b3 = await a.bid('buyer01', space, 63_000);
    expect(b3.seq).toBe(3);
  });

  it('shows watchers the price and the leader alias but no company names and no reserve', async () => {
    const watcher = await roomAs('anon', space.spaceId);
    const piece = watcher.itemList[0]!;
    expect(piece.currentPrice).toBe(63_000);
    expect(piece.leaderAlias).toBe('竞买人 1');
    expect(piece.reservePrice).toBeNull();
    expect(piece.bids.every((b) => b.companyName === '')).toBe(true);
    expect(JSON.stringify(watcher)).not.toContain('华北化工');
    expect(watcher.role).toBe('watcher');

    const bidder = await roomAs('buyer02', space.spaceId);
    expect(bidder.myRegistration?.alias).toBe('竞买人 2');
    expect(bidder.itemList[0]!.myStatus).toBe('outbid');
    expect(bidder.itemList[0]!.reservePrice).toBeNull();
    expect(bidder.itemList[0]!.bids.filter((b) => b.companyName !== '').every((b) => b.mine)).toBe(true);

    const owner = await roomAs('supplier01', space.spaceId);
    expect(owner.role).toBe('owner');
    expect(owner.itemList[0]!.reservePrice).toBe(61_000);
    expect(owner.itemList[0]!.bids.every((b) => b.companyName !== '')).toBe(true);
  });

  it('refuses the result before the close', async () => {
    expect((await a.refused('buyer01', '/auction/ws/auctionSpaceInfo/result', { spaceId: space.spaceId })).code).toBe('140013');
  });

  it('closes at the end: the highest bid wins an order in state 2, the loser gets its deposit back', async () => {
    a.clock.set(END);
    await a.runDue();
    const owner = await a.ok<ManagedAuctionSpace>('supplier01', '/auction/ws/auctionSpaceInfo/myDetail', { spaceId: space.spaceId });
    expect(owner.itemList[0]).toMatchObject({ tradeStatus: 1, dealPrice: 63_000, dealQuantity: 1000 });
    expect(owner.spaceStatus).toBe(7);
    expect((await available('buyer02')).frozen).toBe(0);
    // The winner's deposit stays frozen with its order.
    expect((await available('buyer01')).frozen).toBe(500_000);
    const orders = await a.ok<OrderPage>('buyer01', '/commtrade/ws/order/buyPage', { pageNo: 1, pageSize: 8 });
    const order = orders.items.find((o) => o.origin === 'auction' && o.originCode === space.spaceId)!;
    expect(order).toMatchObject({ state: 2, amount: 63_000_000, depositFrozen: 500_000, sellerName: expect.any(String) });
  });

  it('answers the result with every bid in seq order and the chain digest; the chain verifies', async () => {
    const result = await a.ok<AuctionResult>('buyer02', '/auction/ws/auctionSpaceInfo/result', { spaceId: space.spaceId });
    expect(result.bids.map((b) => b.seq)).toEqual([1, 2, 3]);
    expect(result.itemList[0]!.winners).toEqual([expect.objectContaining({ alias: '竞买人 1', companyName: '', price: 63_000 })]);
    expect(result.itemList[0]!.reservePrice).toBeNull();
    expect(result.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(result.digest).toBe(result.bids[2]!.digest);
    const report = await verifyChain(a.database.db, Number(space.spaceId));
    expect(report).toMatchObject({ ok: true, bids: 3, digest: result.digest });
  });

  it('moves to deal done when the order completes, and the winner gets its deposit back', async () => {
    const orders = await a.ok<OrderPage>('buyer01', '/commtrade/ws/order/buyPage', { pageNo: 1, pageSize: 8 });
    const orderNo = orders.items.find((o) => o.originCode === space.spaceId)!.orderNo;
    const voucher = await a.upload('buyer01');
    await a.ok('buyer01', '/commtrade/ws/order/pay', { orderNo, fileIds: [voucher] });
    await a.ok('supplier01', '/commtrade/ws/order/confirmPayment', { orderNo });
    const waybill = await a.upload('supplier01');
    await a.ok('supplier01', '/commtrade/ws/order/ship', { orderNo, fileIds: [waybill] });
    await a.ok('buyer01', '/commtrade/ws/order/receive', { orderNo });
    const owner = await a.ok<ManagedAuctionSpace>('supplier01', '/auction/ws/auctionSpaceInfo/myDetail', { spaceId: space.spaceId });
    expect(owner.spaceStatus).toBe(8);
    expect((await available('buyer01')).frozen).toBe(0);
  });

  it('detects an edited bid at its seq', async () => {
    await a.database.db
      .updateTable('auction_bids')
      .set({ price: 64_000 })
      .where('space_id', '=', Number(space.spaceId))
      .where('seq', '=', 2)
      .execute();
    const report = await verifyChain(a.database.db, Number(space.spaceId));
    expect(report.ok).toBe(false);
    expect(report.broken?.seq).toBe(2);
  });
});

describe('reserve decisions', () => {
  it('a best bid below the reserve waits for the owner, who may accept it', async () => {
    a.clock.set('2027-06-02T08:00:00.000Z');
    const space = await a.running(
      'supplier01',
      ['buyer01'],
      { auctionBeginTime: '2027-06-02T09:00:00.000Z', auctionEndTime: '2027-06-02T10:00:00.000Z' },
      [a.piece({ reservePrice: 70_000 })],
    );
    await a.bid('buyer01', space, 62_000);
    a.clock.set('2027-06-02T10:00:00.000Z');
    await a.runDue();
    const mine = await a.ok<ManagedAuctionSpace>('supplier01', '/auction/ws/auctionSpaceInfo/myDetail', { spaceId: space.spaceId });
    expect(mine.itemList[0]!.tradeStatus).toBe(4);
    expect(mine.itemList[0]!.reserveDecisionBy).toBe('2027-06-03T10:00:00.000Z');
    expect(mine.spaceStatus).toBe(4);
    // Only the owner decides; another company sees nothing.
    expect(
      (await a.refused('buyer01', '/auction/ws/auctionSpaceInfo/decideReserve', { pieceId: space.itemList[0]!.id, accept: true })).status,
    ).toBe(404);
    const piece = await a.ok<ManagedAuctionPiece>('supplier01', '/auction/ws/auctionSpaceInfo/decideReserve', {
      pieceId: space.itemList[0]!.id,
      accept: true,
    });
    expect(piece).toMatchObject({ tradeStatus: 1, dealPrice: 62_000 });
    const after = await a.ok<ManagedAuctionSpace>('supplier01', '/auction/ws/auctionSpaceInfo/myDetail', { spaceId: space.spaceId });
    expect(after.spaceStatus).toBe(7);
  });

  it('without a decision within 24 hours the piece is unsold and every deposit comes back', async () => {
    a.clock.set('2027-06-04T08:00:00.000Z');
    const space = await a.running(
      'supplier02',
      ['buyer03'],
      { auctionBeginTime: '2027-06-04T09:00:00.000Z', auctionEndTime: '2027-06-04T10:00:00.000Z' },
      [a.piece({ reservePrice: 70_000 })],
    );
    await a.bid('buyer03', space, 60_000);
    a.clock.set('2027-06-04T10:00:00.000Z');
    await a.runDue();
    a.clock.set('2027-06-05T10:00:00.000Z');
    await a.runDue();
    const mine = await a.ok<ManagedAuctionSpace>('supplier02', '/auction/ws/auctionSpaceInfo/myDetail', { spaceId: space.spaceId });
    expect(mine.itemList[0]!.tradeStatus).toBe(2);
    expect(mine.spaceStatus).toBe(6);
    expect((await available('buyer03')).frozen).toBe(0);
  });
});

describe('who sees what', () => {
  it('an invited space is hidden from companies not on the owner’s supplier list', async () => {
    a.clock.set('2027-06-06T08:00:00.000Z');
    const space = await a.approved('buyer01', {
      spaceAuctionMode: 4,
      scope: 'invited',
      auctionBeginTime: '2027-06-06T09:00:00.000Z',
      auctionEndTime: '2027-06-06T10:00:00.000Z',
      deposit: 0,
    });
    // supplier01 and supplier02 are on buyer01's list; supplier03 is not.
    expect((await a.refused('supplier03', '/auction/ws/auctionSpaceInfo/room', { spaceId: space.spaceId })).status).toBe(404);
    expect((await a.refused('supplier03', '/auction/ws/auctionSpaceInfo/register', { spaceId: space.spaceId })).status).toBe(404);
    const anon = await a.app.inject({ method: 'POST', url: '/auction/ws/auctionSpaceInfo/room', payload: { spaceId: space.spaceId } });
    expect(anon.statusCode).toBe(404);
    const centre = await a.app.inject({ method: 'POST', url: '/auction/ws/auctionSpaceInfo/buyerPageNoLogin', payload: { pageSize: 50 } });
    expect((envelope(centre).data as AuctionPage).items.some((s) => s.spaceId === space.spaceId)).toBe(false);
    expect((await roomAs('supplier02', space.spaceId)).canRegister).toBe(true);
  });

  it('keeps only safe formatting of a description, in the owner’s view and in the room', async () => {
    a.clock.set('2027-06-07T08:00:00.000Z');
    const description =
      '<p>车板交货 <strong>Q5500</strong></p><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">质检</a>';
    const space = await a.approved('supplier01', {
      description,
      auctionBeginTime: '2027-06-07T09:00:00.000Z',
      auctionEndTime: '2027-06-07T10:00:00.000Z',
    });
    const own = await a.ok<ManagedAuctionSpace>('supplier01', '/auction/ws/auctionSpaceInfo/myDetail', { spaceId: space.spaceId });
    const room = await roomAs('anon', space.spaceId);
    for (const shown of [own.description, room.space.description]) {
      expect(shown).toContain('<p>车板交货 <strong>Q5500</strong></p>');
      expect(shown).not.toMatch(/script|onerror|javascript:/i);
    }
    // A space written before descriptions were cleaned on the way in is cleaned on the way out.
    await a.database.db.updateTable('auction_spaces').set({ description }).where('id', '=', Number(space.spaceId)).execute();
    expect((await roomAs('anon', space.spaceId)).space.description).not.toMatch(/script|onerror|javascript:/i);
  });

  it('a draft belongs to its owner alone', async () => {
    const draft = await a.ok<ManagedAuctionSpace>('supplier01', '/auction/ws/auctionSpaceInfo/save', a.spaceTerms());
    expect((await a.refused('buyer01', '/auction/ws/auctionSpaceInfo/room', { spaceId: draft.spaceId })).status).toBe(404);
    expect((await a.refused('buyer01', '/auction/ws/auctionSpaceInfo/myDetail', { spaceId: draft.spaceId })).status).toBe(404);
    expect((await a.refused('admin', '/auction/ws/auctionSpaceInfo/review', { spaceId: draft.spaceId, pass: true })).status).toBe(404);
    expect((await a.refused('admin', '/auction/ws/auctionSpaceInfo/suspend', { spaceId: draft.spaceId, reason: '核查' })).status).toBe(404);
  });
});
