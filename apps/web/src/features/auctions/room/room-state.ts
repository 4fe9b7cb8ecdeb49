import type {
  AuctionBidEvent,
  AuctionExtendedEvent,
  AuctionResultEvent,
  AuctionRoom,
  AuctionRoomBid,
  AuctionRoomPiece,
  AuctionStatusEvent,
} from '@portal/contracts/auction-trade';

/** How many bids of a piece the room keeps on screen (the result page has them all). */
export const ROOM_HISTORY_MAX = 50;

/** What applying an event did: the room after it, and whether the room must be read again. */
export interface Applied {
  room: AuctionRoom;
  /**
   * True when the event leaves something this page cannot work out by itself (the caller's own
   * standing in mode 6, a gap in the seqs, a state change): the room is read again, and what the
   * server answers replaces what was patched.
   */
  reread: boolean;
}

function patchPiece(room: AuctionRoom, pieceId: string, patch: (piece: AuctionRoomPiece) => AuctionRoomPiece): AuctionRoom {
  return { ...room, itemList: room.itemList.map((p) => (p.id === pieceId ? patch(p) : p)) };
}

/** A caller's standing in a public mode follows from the leader's alias alone. */
function publicStanding(piece: AuctionRoomPiece, myAlias: string | undefined): AuctionRoomPiece['myStatus'] {
  if (!piece.myBid) return piece.myStatus;
  return piece.leaderAlias !== null && piece.leaderAlias === myAlias ? 'leading' : 'outbid';
}

/**
 * A bid someone placed. Bids are applied in seq order only: one already shown (a replay after a
 * reconnect) changes nothing, and one after a gap asks for the room again rather than showing a
 * history with a hole in it.
 */
export function applyBid(room: AuctionRoom, event: AuctionBidEvent): Applied {
  if (event.seq <= room.lastSeq) return { room, reread: false };
  const gap = event.seq > room.lastSeq + 1;
  const mode = room.space.spaceAuctionMode;
  let next = patchPiece(room, event.pieceId, (piece) => {
    const updated: AuctionRoomPiece = {
      ...piece,
      currentPrice: event.currentPrice,
      leaderAlias: event.leaderAlias,
      clearingPrice: event.clearingPrice,
      bidderCount: event.bidderCount,
      endTime: event.endTime,
    };
    // Sealed modes send no price: nothing of the bid is shown but the count.
    if (event.price !== null && event.alias !== null) {
      const shown: AuctionRoomBid = {
        seq: event.seq,
        pieceId: event.pieceId,
        alias: event.alias,
        companyName: '',
        price: event.price,
        quantity: event.quantity ?? piece.totalWeight,
        time: event.time,
        state: 'valid',
        mine: event.alias === room.myRegistration?.alias,
      };
      // Mode 6: a company's new bid replaces its old one.
      const earlier =
        mode === 6
          ? piece.bids.map((b) => (b.alias === shown.alias && b.state === 'valid' ? { ...b, state: 'superseded' as const } : b))
          : piece.bids;
      updated.bids = [shown, ...earlier].slice(0, ROOM_HISTORY_MAX);
    }
    if (mode === 1 || mode === 4) updated.myStatus = publicStanding(updated, room.myRegistration?.alias);
    return updated;
  });
  next = { ...next, lastSeq: event.seq };
  // Mode 6 fills, the caller's own standing and the bidders' companies (shown to the owner and
  // operators only, never in the public event) come from the server.
  const namesBidders = room.role === 'owner' || room.role === 'operator';
  return { room: next, reread: gap || mode === 6 || namesBidders || event.alias === room.myRegistration?.alias };
}

/** Anti-sniping moved a piece's end. */
export function applyExtended(room: AuctionRoom, event: AuctionExtendedEvent): Applied {
  return { room: patchPiece(room, event.pieceId, (p) => ({ ...p, endTime: event.endTime })), reread: false };
}

/** The space's state now (after a resume, and on every change of state). */
export function applyStatus(room: AuctionRoom, event: AuctionStatusEvent): Applied {
  const changed =
    event.spaceStatus !== room.space.spaceStatus || event.suspended !== room.space.suspended || event.lastSeq !== room.lastSeq;
  let next: AuctionRoom = { ...room, space: { ...room.space, spaceStatus: event.spaceStatus, suspended: event.suspended } };
  for (const p of event.pieces) {
    next = patchPiece(next, p.pieceId, (piece) => ({ ...piece, tradeStatus: p.tradeStatus, endTime: p.endTime }));
  }
  return { room: next, reread: changed };
}

/** A piece closed, or its reserve was decided. */
export function applyResult(room: AuctionRoom, event: AuctionResultEvent): Applied {
  const next = patchPiece(room, event.pieceId, (p) => ({
    ...p,
    tradeStatus: event.tradeStatus,
    dealPrice: event.dealPrice,
    dealQuantity: event.dealQuantity,
  }));
  return { room: { ...next, space: { ...next.space, spaceStatus: event.spaceStatus } }, reread: true };
}

/** Ends that moved between two readings of a piece: each is announced once. */
export function movedEnds(before: AuctionRoom | undefined, after: AuctionRoom): { pieceId: string; pieceName: string; endTime: string }[] {
  if (!before) return [];
  return after.itemList.flatMap((p) => {
    const old = before.itemList.find((b) => b.id === p.id);
    return old && Date.parse(p.endTime) > Date.parse(old.endTime) && old.tradeStatus === 0
      ? [{ pieceId: p.id, pieceName: p.pieceName, endTime: p.endTime }]
      : [];
  });
}
