import { describe, expect, it } from 'vitest';
import type { AuctionBidEvent } from '@portal/contracts/auction-trade';
import { applyBid, applyResult, applyStatus, movedEnds } from './room-state';
import { testRoom } from './test-room';

const bid = (seq: number, extra: Partial<AuctionBidEvent> = {}): AuctionBidEvent => ({
  seq,
  pieceId: '9',
  price: 300_000 + seq * 5_000,
  quantity: null,
  alias: '竞买人 1',
  time: '2026-05-01T08:30:01.000Z',
  currentPrice: 300_000 + seq * 5_000,
  leaderAlias: '竞买人 1',
  clearingPrice: null,
  bidderCount: 1,
  endTime: '2026-05-01T09:00:00.000Z',
  ...extra,
});

describe('a room patched by its stream', () => {
  it('shows a public bid at once: best price, leader, history, and my standing falls behind', () => {
    const room = testRoom(1, { myBid: { price: 300_000 } as never, myStatus: 'leading' }, { lastSeq: 1 });
    const { room: next, reread } = applyBid(room, bid(2));
    const piece = next.itemList[0]!;
    expect(piece.currentPrice).toBe(310_000);
    expect(piece.leaderAlias).toBe('竞买人 1');
    expect(piece.bids.map((b) => b.seq)).toEqual([2]);
    expect(piece.myStatus).toBe('outbid');
    expect(next.lastSeq).toBe(2);
    expect(reread).toBe(false);
  });

  it('marks my own bid as mine and reads the room again for what only the server knows', () => {
    const { room: next, reread } = applyBid(testRoom(1), bid(1, { alias: '竞买人 2', leaderAlias: '竞买人 2' }));
    expect(next.itemList[0]!.bids[0]!.mine).toBe(true);
    expect(reread).toBe(true);
  });

  it('reads the room again for the owner, who sees the bidders’ companies the public event leaves out', () => {
    expect(applyBid(testRoom(1, {}, { role: 'owner', myRegistration: undefined }), bid(1)).reread).toBe(true);
    expect(applyBid(testRoom(1, {}, { role: 'watcher', myRegistration: undefined }), bid(1)).reread).toBe(false);
  });

  it('ignores a bid it already has (a replay after reconnecting)', () => {
    const room = testRoom(1, {}, { lastSeq: 5 });
    const applied = applyBid(room, bid(5));
    expect(applied.room).toBe(room);
    expect(applied.reread).toBe(false);
  });

  it('reads the room again after a gap in the seqs rather than show a history with a hole', () => {
    expect(applyBid(testRoom(1, {}, { lastSeq: 1 }), bid(3)).reread).toBe(true);
  });

  it('shows nothing of a sealed bid but the count', () => {
    const { room: next } = applyBid(
      testRoom(2),
      bid(1, { price: null, alias: null, currentPrice: null, leaderAlias: null, bidderCount: 3 }),
    );
    expect(next.itemList[0]!.bids).toEqual([]);
    expect(next.itemList[0]!.bidderCount).toBe(3);
  });

  it('in mode 6 replaces a company’s earlier bid in the history and asks the server for the fills', () => {
    const first = applyBid(testRoom(6), bid(1, { quantity: 200 })).room;
    const { room: next, reread } = applyBid(first, bid(2, { quantity: 300 }));
    expect(next.itemList[0]!.bids.map((b) => [b.seq, b.state, b.quantity])).toEqual([
      [2, 'valid', 300],
      [1, 'superseded', 200],
    ]);
    expect(reread).toBe(true);
  });

  it('opens by itself when the start arrives, and takes a close', () => {
    const before = testRoom(1, {}, { space: { ...testRoom().space, spaceStatus: 2 } });
    const started = applyStatus(before, {
      spaceStatus: 4,
      suspended: false,
      serverTime: '2026-05-01T08:00:00.200Z',
      lastSeq: 0,
      pieces: [{ pieceId: '9', tradeStatus: 0, endTime: '2026-05-01T09:00:00.000Z' }],
    });
    expect(started.room.space.spaceStatus).toBe(4);
    expect(started.reread).toBe(true);
    const closed = applyResult(started.room, { pieceId: '9', tradeStatus: 1, dealPrice: 320_000, dealQuantity: 5000, spaceStatus: 7 });
    expect(closed.room.itemList[0]!.dealPrice).toBe(320_000);
    expect(closed.room.space.spaceStatus).toBe(7);
  });

  it('announces an end that moved later while bidding, and nothing else', () => {
    const before = testRoom(1);
    const later = applyBid(before, bid(1, { endTime: '2026-05-01T09:05:00.000Z' })).room;
    expect(movedEnds(before, later)).toEqual([{ pieceId: '9', pieceName: 'Q5500 动力煤 5000 吨', endTime: '2026-05-01T09:05:00.000Z' }]);
    expect(movedEnds(later, applyBid(later, bid(2, { endTime: '2026-05-01T09:05:00.000Z' })).room)).toEqual([]);
    expect(movedEnds(undefined, later)).toEqual([]);
  });
});
