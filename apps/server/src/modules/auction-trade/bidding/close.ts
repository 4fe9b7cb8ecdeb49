import { AppError } from '../../../platform/errors';
import type { DueJob } from '../../../platform/scheduler';
import { move, moveIfAllowed } from '../../../platform/transitions';
import type { Emit, Trx } from '../../../platform/write-path';
import { closeOutcome } from '../auction-rules';
import { AUCTION_JOBS, AUCTION_ROUTES, AUCTION_TOPIC, emitStatus } from '../spaces/context';
import type { PieceRow } from '../auction-trade.repo';
import { num, toManagedPiece } from '../auction-views';
import { type BiddingContext, HOUR_MS, ruleBid } from './context';
import type { Settling } from './settle';
import { type ManagedAuctionPiece, auctionPieceMachine, auctionSpaceMachine } from '@portal/contracts/auction-trade';
import { refusalOf as stateRefusal } from '../../../platform/transitions';
/** A space's start, a piece's close at its end, and the owner's decision on a best bid under the reserve. */
export function createClosing(c: BiddingContext, settling: Pick<Settling, 'settle' | 'announce'>) {
  const { repo, writes, scheduler, policy, now, notify, roomLink } = c;
  const { settle, announce } = settling;

  /** 2 -> 4 at the start (a withdrawn or still pending space stays as it is). */
  async function start(trx: Trx, job: DueJob, emit: Emit): Promise<void> {
    const spaceId = Number(job.key);
    await repo.lockSpace(trx, spaceId);
    const space = await repo.findSpace(spaceId, trx);
    if (!space) return;
    const next = await moveIfAllowed(trx, auctionSpaceMachine, 'start', spaceId, { to: 4, set: { updated_at: now().toISOString() } });
    if (!next) return;
    for (const r of await repo.registrations(spaceId, trx)) {
      await notify(
        trx,
        r.company_id,
        { kind: 'auction.started', params: { spaceName: space.space_name }, link: roomLink(spaceId, '1') },
        emit,
      );
    }
    emit({ topic: AUCTION_TOPIC, key: String(spaceId), action: 'start', companyIds: [space.company_id], data: { spaceStatus: 4 } });
    emitStatus(emit, next, await repo.pieces(spaceId, trx));
  }

  /**
   * A piece's close at its (extended) end. It holds the space's row, so a bid either committed
   * before (and counts: it was accepted before the end) or waits and is then refused. A job whose
   * time is no longer the piece's end (a later bid extended it) or whose space is suspended does
   * nothing; the piece's current job decides.
   */
  async function close(trx: Trx, job: DueJob, emit: Emit): Promise<void> {
    const pieceId = Number(job.key);
    const piece0 = await repo.findPiece(pieceId, trx);
    if (!piece0) return;
    await repo.lockSpace(trx, piece0.space_id);
    const piece = (await repo.findPiece(pieceId, trx))!;
    const space = (await repo.findSpace(piece.space_id, trx))!;
    if (piece.trade_status !== 0 || space.space_status !== 4 || space.suspended === 1) return;
    if (new Date(piece.end_at).getTime() > new Date(job.runAt).getTime()) return;
    const mode = space.space_auction_mode;
    // Only bids accepted before the end count (the bid path already refuses later ones).
    const bids = (await repo.validBids(pieceId, trx)).filter((b) => b.at < piece.end_at).map(ruleBid);
    const outcome = closeOutcome(mode, bids, { totalMilli: Number(piece.total_weight_milli), reserve: num(piece.reserve_price) });
    const at = now();
    if (outcome.tradeStatus === 4) {
      const decideBy = new Date(at.getTime() + policy.reserveDecisionHours * HOUR_MS).toISOString();
      await move(trx, auctionPieceMachine, 'close', pieceId, { to: 4, set: { decide_by: decideBy, deal_price: null, deal_milli: null } });
      await scheduler.schedule(trx, { kind: AUCTION_JOBS.reserveDeadline, key: String(pieceId), runAt: new Date(decideBy) });
      const bestPrice = outcome.winners[0]?.price ?? 0;
      await notify(
        trx,
        space.company_id,
        {
          kind: 'auction.reserveDecision',
          params: { pieceName: piece.piece_name, amount: bestPrice, currency: space.currency, deadline: decideBy },
          link: { route: AUCTION_ROUTES.mine, query: { spaceId: String(space.id) } },
        },
        emit,
      );
      await announce(trx, space, pieceId, emit);
      return;
    }
    await settle(trx, space, piece, 'close', outcome.tradeStatus, outcome.winners, outcome.dealPrice, emit);
  }

  /**
   * The decision on a best bid that missed the reserve: the owner's accept (a deal) or decline
   * (unsold), or the deadline's lapse (unsold). The caller holds the space.
   */
  async function decide(trx: Trx, piece: PieceRow, transition: 'accept' | 'decline' | 'lapse', emit: Emit): Promise<void> {
    const space = (await repo.findSpace(piece.space_id, trx))!;
    const mode = space.space_auction_mode;
    if (transition !== 'accept') {
      await settle(trx, space, piece, transition, 2, [], null, emit);
      return;
    }
    const bids = (await repo.validBids(piece.id, trx)).filter((b) => b.at < piece.end_at).map(ruleBid);
    const outcome = closeOutcome(mode, bids, { totalMilli: Number(piece.total_weight_milli), reserve: null }, true);
    const status = outcome.tradeStatus === 4 ? 2 : outcome.tradeStatus;
    await settle(trx, space, piece, transition, status, outcome.winners, outcome.dealPrice, emit);
  }

  return {
    start,
    close,
    async decideReserve(userId: number, pieceId: number, accept: boolean): Promise<ManagedAuctionPiece> {
      const member = await repo.member(userId);
      return writes.write(
        { actorUserId: userId, action: accept ? 'acceptReserve' : 'declineReserve', target: `auctionPiece:${pieceId}` },
        async (trx, emit) => {
          const found = await repo.findPiece(pieceId, trx);
          const space = found ? await repo.findSpace(found.space_id, trx) : undefined;
          if (!found || !space || !member?.company_id || space.company_id !== member.company_id) throw new AppError('NOT_FOUND');
          // Held like a close, and read again under the hold: a decision racing it sees it made.
          await repo.lockSpace(trx, space.id);
          const piece = (await repo.findPiece(pieceId, trx))!;
          if (piece.trade_status !== 4) throw stateRefusal(auctionPieceMachine, piece.trade_status);
          await decide(trx, piece, accept ? 'accept' : 'decline', emit);
          const after = (await repo.findPiece(pieceId, trx))!;
          const names = await repo.varietyNames([after.variety_code], trx);
          return toManagedPiece(after, names.get(after.variety_code) ?? '', true);
        },
      );
    },

    /** The decision's deadline passed: no deal. */
    async reserveDeadline(trx: Trx, job: DueJob, emit: Emit): Promise<void> {
      const found = await repo.findPiece(Number(job.key), trx);
      if (!found) return;
      await repo.lockSpace(trx, found.space_id);
      const piece = (await repo.findPiece(found.id, trx))!;
      if (piece.trade_status !== 4) return;
      await decide(trx, piece, 'lapse', emit);
    },
  };
}
