import { sanitizeRichText } from '../../../platform/rich-text';
import { fromMilli } from '@portal/contracts/quantity';
import { AppError } from '../../../platform/errors';
import type { Trx } from '../../../platform/write-path';
import { allocate, isBuySide, isSealed } from '../auction-rules';
import type { PieceRow, SpaceRow } from '../auction-trade.repo';
import { aliasOf, num, toBid, toManagedPiece, toRoomBid } from '../auction-views';
import { type BiddingContext, type Viewer, ruleBid } from './context';
import type {
  AuctionBidEvent,
  AuctionMyStatus,
  AuctionResult,
  AuctionRoom,
  AuctionRoomPiece,
  AuctionScope,
  ManagedAuctionPiece,
} from '@portal/contracts/auction-trade';
/** Bids a room shows per piece. */
const ROOM_BIDS = 50;

/** What rooms and results show each viewer, what a stream may show, and what a resumed stream missed. */
export function createRoomViews(c: BiddingContext) {
  const { repo, now, viewerOf, visible } = c;

  /** The company names a viewer may see: all of them for the owner and operators, else its own. */
  async function namesFor(viewer: Viewer, space: SpaceRow): Promise<Map<number, string>> {
    const names = new Map<number, string>();
    if (viewer.companyId !== null) names.set(viewer.companyId, viewer.companyName);
    if (viewer.role === 'owner' || viewer.role === 'operator') {
      for (const [companyId, name] of await repo.registeredNames(space.id)) names.set(companyId, name);
    }
    return names;
  }

  /** The public state of a piece after its bids: best price, leader, clearing price. */
  async function liveState(mode: number, piece: PieceRow, on?: Trx) {
    if (mode === 6) {
      const valid = (await repo.validBids(piece.id, on)).map(ruleBid);
      const allocation = allocate(valid, Number(piece.total_weight_milli));
      return { currentPrice: num(piece.best_price), leaderAlias: null, clearingPrice: allocation.clearingPrice, allocation };
    }
    if (isSealed(mode)) return { currentPrice: null, leaderAlias: null, clearingPrice: null, allocation: null };
    const best = await repo.bestBid(piece.id, isBuySide(mode), on);
    return {
      currentPrice: best ? Number(best.price) : null,
      leaderAlias: best ? aliasOf(best.alias_no) : null,
      clearingPrice: null,
      allocation: null,
      best,
    };
  }

  async function roomPiece(space: SpaceRow, piece: PieceRow, viewer: Viewer, names: Map<number, string>): Promise<AuctionRoomPiece> {
    const mode = space.space_auction_mode;
    const live = await liveState(mode, piece);
    const myBid = viewer.companyId !== null && viewer.role === 'bidder' ? await repo.liveBid(piece.id, viewer.companyId) : undefined;
    let myStatus: AuctionMyStatus = 'none';
    let myFill: number | null = null;
    if (myBid) {
      if (mode === 6) {
        const fill = live.allocation?.fills.get(myBid.id) ?? 0;
        myFill = fromMilli(fill);
        myStatus = fill === 0 ? 'unfilled' : fill < Number(myBid.quantity_milli) ? 'partial' : 'filled';
      } else if (isSealed(mode)) {
        myStatus = 'placed';
      } else {
        myStatus = 'best' in live && live.best?.company_id === viewer.companyId ? 'leading' : 'outbid';
      }
    }
    const seesAll = viewer.role === 'owner' || viewer.role === 'operator' || !isSealed(mode);
    const bids = seesAll
      ? await repo.recentBids(piece.id, ROOM_BIDS)
      : viewer.companyId !== null && viewer.role === 'bidder'
        ? await repo.recentBids(piece.id, ROOM_BIDS, viewer.companyId)
        : [];
    const seesBase = piece.open_base_price === 1 || viewer.role !== 'watcher';
    const owner = viewer.role === 'owner';
    const managed: ManagedAuctionPiece = toManagedPiece(piece, '', owner);
    const varietyNames = await repo.varietyNames([piece.variety_code]);
    return {
      id: managed.id,
      pieceName: managed.pieceName,
      tradeStatus: managed.tradeStatus,
      varietyName: varietyNames.get(piece.variety_code) ?? '',
      totalWeight: managed.totalWeight,
      statUnit: managed.statUnit,
      basePrice: seesBase ? managed.basePrice : null,
      openBasePrice: managed.openBasePrice,
      reservePrice: managed.reservePrice,
      minBidNum: managed.minBidNum,
      bidStepNum: managed.bidStepNum,
      paymentType: managed.paymentType,
      transportWay: managed.transportWay,
      deliveryPlace: managed.deliveryPlace,
      pictures: managed.pictures,
      currentPrice: live.currentPrice,
      leaderAlias: live.leaderAlias,
      clearingPrice: live.clearingPrice,
      bidderCount: piece.bidder_count,
      endTime: piece.end_at,
      myBid: myBid ? toBid(myBid, piece.end_at) : null,
      myFill,
      myStatus,
      dealPrice: managed.dealPrice,
      dealQuantity: managed.dealQuantity,
      reserveDecisionBy: owner ? managed.reserveDecisionBy : '',
      bids: bids.map((b) => toRoomBid(b, viewer.companyId, names)),
    };
  }

  async function room(userId: number | null, spaceId: number): Promise<AuctionRoom> {
    const found = await repo.findSpace(spaceId);
    const viewer = found ? await viewerOf(userId, found) : undefined;
    const space = await visible(found, viewer!);
    const pieces = await repo.pieces(space.id);
    const names = await namesFor(viewer!, space);
    const at = now().toISOString();
    const registrationOpen =
      [2, 4].includes(space.space_status) && space.suspended === 0 && at < (space.registration_end_at || space.begin_at);
    return {
      space: {
        spaceId: String(space.id),
        spaceName: space.space_name,
        name: space.name,
        spaceAuctionMode: space.space_auction_mode,
        spaceStatus: space.space_status,
        suspended: space.suspended === 1,
        suspendReason: space.suspended === 1 ? space.review_remark : '',
        auctionBeginTime: space.begin_at,
        auctionEndTime: space.end_at,
        registrationEndTime: space.registration_end_at || space.begin_at,
        priceStep: Number(space.price_step),
        deposit: Number(space.deposit),
        currency: space.currency,
        delayWindowSec: space.delay_window_sec,
        delaySec: space.delay_sec,
        scope: space.scope as AuctionScope,
        deliveryPlace: space.delivery_place,
        description: sanitizeRichText(space.description),
        contactName: space.contact_name,
        contactPhone: space.contact_phone,
        spaceInfoUser: space.space_info_user,
        registrationCount: space.registration_count,
      },
      itemList: await Promise.all(pieces.map((p) => roomPiece(space, p, viewer!, names))),
      serverTime: at,
      lastSeq: Number(space.last_seq),
      role: viewer!.role,
      canRegister: viewer!.companyId !== null && viewer!.role === 'watcher' && registrationOpen,
      ...(viewer!.registration
        ? { myRegistration: { alias: aliasOf(viewer!.registration.alias_no), time: viewer!.registration.created_at } }
        : {}),
    };
  }

  async function result(userId: number | null, spaceId: number): Promise<AuctionResult> {
    const found = await repo.findSpace(spaceId);
    const viewer = found ? await viewerOf(userId, found) : undefined;
    const space = await visible(found, viewer!);
    const pieces = await repo.pieces(space.id);
    if (space.space_status < 4 || space.space_status === 5 || pieces.some((p) => p.trade_status === 0)) {
      throw new AppError('AUCTION_RESULT_NOT_READY');
    }
    const names = await namesFor(viewer!, space);
    const bids = await repo.bidsAfter(space.id, 0);
    const owner = viewer!.role === 'owner';
    return {
      spaceId: String(space.id),
      spaceName: space.space_name,
      spaceAuctionMode: space.space_auction_mode,
      spaceStatus: space.space_status,
      currency: space.currency,
      itemList: pieces.map((p) => ({
        pieceId: String(p.id),
        pieceName: p.piece_name,
        tradeStatus: p.trade_status,
        totalWeight: fromMilli(p.total_weight_milli),
        statUnit: p.stat_unit,
        basePrice: Number(p.base_price),
        reservePrice: owner ? num(p.reserve_price) : null,
        endTime: p.end_at,
        dealPrice: num(p.deal_price),
        dealQuantity: p.deal_milli === null ? null : fromMilli(p.deal_milli),
        winners: bids
          .filter((b) => b.piece_id === p.id && Number(b.fill_milli ?? 0) > 0)
          .map((b) => ({
            alias: aliasOf(b.alias_no),
            companyName: names.get(b.company_id) ?? '',
            price: Number(b.price),
            quantity: fromMilli(b.fill_milli!),
            seq: Number(b.seq),
          })),
        reserveDecisionBy: owner && p.trade_status === 4 ? p.decide_by : '',
      })),
      bids: bids.map((b) => ({ ...toRoomBid(b, viewer!.companyId, names), digest: b.digest })),
      digest: space.chain_digest,
    };
  }

  return {
    room,
    result,
    /** What a room stream may show a viewer, checked before the stream opens (404 otherwise). */
    async streamAccess(userId: number | null, spaceId: number): Promise<void> {
      const found = await repo.findSpace(spaceId);
      const viewer = found ? await viewerOf(userId, found) : undefined;
      await visible(found, viewer!);
    },

    /** A resume: the bids after `afterSeq` as bid events, in seq order, and the current status. */
    async missed(spaceId: number, afterSeq: number, limit: number) {
      const space = (await repo.findSpace(spaceId))!;
      const pieces = await repo.pieces(spaceId);
      const sealed = isSealed(space.space_auction_mode);
      const bids = await repo.bidsAfter(spaceId, afterSeq, limit);
      const byPiece = new Map(pieces.map((p) => [p.id, p]));
      const events: AuctionBidEvent[] = bids.map((b) => {
        const p = byPiece.get(b.piece_id)!;
        return {
          seq: Number(b.seq),
          pieceId: String(b.piece_id),
          price: sealed ? null : Number(b.price),
          quantity: sealed ? null : fromMilli(b.quantity_milli),
          alias: sealed ? null : aliasOf(b.alias_no),
          time: b.at,
          currentPrice: sealed ? null : num(p.best_price),
          leaderAlias: null,
          clearingPrice: null,
          bidderCount: p.bidder_count,
          endTime: p.end_at,
        };
      });
      return {
        bids: events,
        status: {
          spaceStatus: space.space_status,
          suspended: space.suspended === 1,
          serverTime: now().toISOString(),
          lastSeq: Number(space.last_seq),
          pieces: pieces.map((p) => ({ pieceId: String(p.id), tradeStatus: p.trade_status, endTime: p.end_at })),
        },
      };
    },
  };
}
