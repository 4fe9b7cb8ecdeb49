import { fromMilli, amountOf } from '@portal/contracts/quantity';
import { move } from '../../../platform/transitions';
import type { Emit, Trx } from '../../../platform/write-path';
import type { OrderRowData } from '../../orders';
import { type Winner, isBuySide } from '../auction-rules';
import { AUCTION_ROUTES, AUCTION_TOPIC, emitStatus, registrationReference } from '../spaces/context';
import type { PieceRow, SpaceRow } from '../auction-trade.repo';
import { num } from '../auction-views';
import type { BiddingContext } from './context';
import { auctionPieceMachine, auctionRegistrationMachine, auctionSpaceMachine } from '@portal/contracts/auction-trade';
/** Days the buyer has to take delivery of a won lot, in the order's snapshot. */
const AUCTION_DELIVERY_DAYS = 30;

/** A piece's final outcome (its orders, messages and deposits), the space's end, and what an order's end settles. */
export function createSettling(c: BiddingContext) {
  const { repo, deposits, orders, now, notify, roomLink } = c;

  /**
   * Writes a piece's final outcome, its orders and messages; then the space moves on when every
   * piece is final. The outcome is the piece's transition: a second decision finds it made and is
   * refused before any order or message of it is written.
   */
  async function settle(
    trx: Trx,
    space: SpaceRow,
    piece: PieceRow,
    transition: 'close' | 'accept' | 'decline' | 'lapse',
    tradeStatus: 1 | 2 | 3,
    winners: Winner[],
    dealPrice: number | null,
    emit: Emit,
  ): Promise<void> {
    const dealMilli = winners.reduce((sum, w) => sum + w.fillMilli, 0);
    await move(trx, auctionPieceMachine, transition, piece.id, {
      to: tradeStatus,
      set: { deal_price: winners.length > 0 ? dealPrice : null, deal_milli: winners.length > 0 ? dealMilli : null, decide_by: '' },
    });
    for (const w of winners) await repo.setFill(trx, w.bidId, w.fillMilli);
    const owner = await repo.company(space.company_id, trx);
    const varietyName = (await repo.varietyNames([piece.variety_code], trx)).get(piece.variety_code) ?? '';
    const buy = isBuySide(space.space_auction_mode);
    const regs = await repo.registrations(space.id, trx);
    for (const w of winners) {
      const reg = regs.find((r) => r.company_id === w.companyId)!;
      const winner = await repo.company(w.companyId, trx);
      // Sell side: the winner buys and its registration deposit stays frozen with its first order.
      const keepsDeposit = !buy && reg.deposit_state === 'frozen' ? Number(reg.deposit) : 0;
      const parties = buy
        ? {
            buyer: { companyId: space.company_id, userId: space.user_id, name: owner?.name ?? '' },
            seller: { companyId: w.companyId, userId: reg.user_id, name: winner?.name ?? '' },
          }
        : {
            buyer: { companyId: w.companyId, userId: reg.user_id, name: winner?.name ?? '' },
            seller: { companyId: space.company_id, userId: space.user_id, name: owner?.name ?? '' },
          };
      await orders.createSettled(
        trx,
        {
          origin: 'auction',
          originCode: String(space.id),
          settlementKey: `auction:${piece.id}:${w.bidId}`,
          buyerCompanyId: parties.buyer.companyId,
          buyerUserId: parties.buyer.userId,
          buyerName: parties.buyer.name,
          sellerCompanyId: parties.seller.companyId,
          sellerUserId: parties.seller.userId,
          sellerName: parties.seller.name,
          snapshot: {
            varietyCode: piece.variety_code,
            varietyName,
            goodsSkuName: piece.piece_name,
            unit: piece.stat_unit,
            singlePrice: w.price,
            currency: space.currency,
            listingType: 'A',
            paymentType: piece.payment_type,
            transportWay: piece.transport_way,
            deliveryPlace: piece.delivery_place || space.delivery_place,
            objPeriodDay: AUCTION_DELIVERY_DAYS,
            depositRatio: 0,
            originName: space.space_name,
          },
          // Whom to call and where the goods are: the auction's own contact and place.
          deliveryAddress: piece.delivery_place || space.delivery_place,
          contactName: space.contact_name,
          contactPhone: space.contact_phone,
          quantityMilli: w.fillMilli,
          amount: amountOf(w.price, w.fillMilli),
          depositFrozen: keepsDeposit,
          remark: `${space.space_name} / ${piece.piece_name}`,
        },
        emit,
      );
      if (reg.deposit_state === 'frozen') {
        await move(trx, auctionRegistrationMachine, 'keep', reg.id, { to: 'kept', set: { updated_at: now().toISOString() } });
        reg.deposit_state = 'kept';
      }
      await notify(
        trx,
        w.companyId,
        {
          kind: 'auction.won',
          params: {
            spaceName: space.space_name,
            pieceName: piece.piece_name,
            quantity: fromMilli(w.fillMilli),
            unit: piece.stat_unit,
            amount: w.price,
            currency: space.currency,
          },
          link: roomLink(space.id, '3'),
        },
        emit,
      );
    }
    const winnerIds = new Set(winners.map((w) => w.companyId));
    const bidders = new Set((await repo.validBids(piece.id, trx)).map((b) => b.company_id));
    for (const companyId of bidders) {
      if (winnerIds.has(companyId)) continue;
      await notify(
        trx,
        companyId,
        { kind: 'auction.lost', params: { spaceName: space.space_name, pieceName: piece.piece_name }, link: roomLink(space.id, '3') },
        emit,
      );
    }
    await notify(
      trx,
      space.company_id,
      {
        kind: 'auction.closed',
        params: { spaceName: space.space_name, pieceName: piece.piece_name, tradeStatus },
        link: { route: AUCTION_ROUTES.mine, query: { spaceId: String(space.id) } },
      },
      emit,
    );
    await finishIfDone(trx, space.id, emit);
    await announce(trx, space, piece.id, emit);
  }

  /**
   * When every piece is final (deal, unsold, partial): deposits of companies that won nothing are
   * released and the space moves to 6 (no deal at all) or 7 (deals in progress).
   */
  async function finishIfDone(trx: Trx, spaceId: number, emit: Emit): Promise<void> {
    const pieces = await repo.pieces(spaceId, trx);
    if (pieces.some((p) => p.trade_status === 0 || p.trade_status === 4)) return;
    const space = (await repo.findSpace(spaceId, trx))!;
    const at = now().toISOString();
    for (const r of await repo.registrations(spaceId, trx)) {
      if (r.deposit_state !== 'frozen') continue;
      if (Number(r.deposit) > 0) {
        await deposits.release(
          trx,
          {
            companyId: r.company_id,
            currency: r.currency,
            amount: Number(r.deposit),
            reference: registrationReference(r.id),
            actorUserId: null,
          },
          emit,
        );
      }
      await move(trx, auctionRegistrationMachine, 'release', r.id, { to: 'released', set: { updated_at: at } });
    }
    const dealt = pieces.some((p) => p.trade_status === 1 || p.trade_status === 3);
    await move(trx, auctionSpaceMachine, 'finish', spaceId, { to: dealt ? 7 : 6, set: { updated_at: at } });
    emit({
      topic: AUCTION_TOPIC,
      key: String(spaceId),
      action: 'closed',
      companyIds: [space.company_id],
      data: { spaceStatus: dealt ? 7 : 6 },
    });
  }

  /** The room's `result` event for a piece, then a `status` event. */
  async function announce(trx: Trx, space0: SpaceRow, pieceId: number, emit: Emit): Promise<void> {
    const space = (await repo.findSpace(space0.id, trx))!;
    const piece = (await repo.findPiece(pieceId, trx))!;
    emit({
      topic: AUCTION_TOPIC,
      key: String(space.id),
      action: 'result',
      data: {
        pieceId: String(piece.id),
        tradeStatus: piece.trade_status,
        dealPrice: num(piece.deal_price),
        dealQuantity: piece.deal_milli === null ? null : fromMilli(piece.deal_milli),
        spaceStatus: space.space_status,
      },
    });
    emitStatus(emit, space, await repo.pieces(space.id, trx));
  }

  return {
    settle,
    announce,
    /**
     * An order of a space ended (completed or cancelled). Sell side: the registration deposit the
     * order carried has been released or forfeited by the order. Buy side: a winning supplier's
     * deposit is released once all its orders of the space ended. When every order of the space
     * has ended, the space is done (7 -> 8).
     */
    async orderFinished(trx: Trx, order: OrderRowData, emit: Emit): Promise<void> {
      const spaceId = Number(order.origin_code);
      // Held, so that two orders of the space ending at once see each other: the later one settles what both ended.
      await repo.lockSpace(trx, spaceId);
      const space = await repo.findSpace(spaceId, trx);
      if (!space) return;
      const all = await orders.byOrigin('auction', order.origin_code, trx);
      const ended = (o: OrderRowData) => o.state === 6 || o.state === 9;
      const at = now().toISOString();
      const buy = isBuySide(space.space_auction_mode);
      const bidderCompany = buy ? order.seller_company_id : order.buyer_company_id;
      const reg = await repo.registration(spaceId, bidderCompany, trx);
      if (reg && reg.deposit_state === 'kept') {
        const mine = all.filter((o) => (buy ? o.seller_company_id : o.buyer_company_id) === bidderCompany);
        if (!buy && Number(order.deposit_frozen) > 0) {
          await move(trx, auctionRegistrationMachine, 'settle', reg.id, {
            to: order.state === 9 ? 'forfeited' : 'released',
            set: { updated_at: at },
          });
        } else if (buy && mine.every(ended)) {
          if (Number(reg.deposit) > 0) {
            await deposits.release(
              trx,
              {
                companyId: reg.company_id,
                currency: reg.currency,
                amount: Number(reg.deposit),
                reference: registrationReference(reg.id),
                actorUserId: null,
              },
              emit,
            );
          }
          await move(trx, auctionRegistrationMachine, 'settle', reg.id, { to: 'released', set: { updated_at: at } });
        }
      }
      if (space.space_status === 7 && all.every(ended)) {
        await move(trx, auctionSpaceMachine, 'complete', spaceId, { to: 8, set: { updated_at: at } });
        emit({ topic: AUCTION_TOPIC, key: String(spaceId), action: 'done', companyIds: [space.company_id], data: { spaceStatus: 8 } });
        emitStatus(emit, (await repo.findSpace(spaceId, trx))!, await repo.pieces(spaceId, trx));
      }
    },
  };
}
export type Settling = ReturnType<typeof createSettling>;
