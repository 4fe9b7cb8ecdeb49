import { sanitizeRichText } from '../../../platform/rich-text';
import { toMilli } from '@portal/contracts/quantity';
import { AppError, invalidField } from '../../../platform/errors';
import { create, moveFrom } from '../../../platform/transitions';
import { isBuySide } from '../auction-rules';
import { AUCTION_JOBS, AUCTION_ROUTES, type SpacesContext, iso, spaceStateRefusal } from './context';
import { type AuctionSpaceSave, type ManagedAuctionSpace, auctionPieceMachine, auctionSpaceMachine } from '@portal/contracts/auction-trade';
/** An owner's space from draft to submission, and its withdrawal before the start. */
export function createSpaceDrafting(c: SpacesContext) {
  const { repo, writes, scheduler, policy, now, notify, callerOf, view, ownSpace, involved, changed, releaseAll, published } = c;

  /** Checks a piece against its space's mode; refusals name the piece. */
  async function checkPiece(mode: number, p: AuctionSpaceSave['itemList'][number]): Promise<{ unit: string }> {
    const refuse = (reason: string) => new AppError('AUCTION_PIECE_INVALID', { piece: p.pieceName, reason });
    const variety = await repo.variety(p.varietyCode);
    if (!variety || !variety.leaf) throw invalidField('itemList.varietyCode', 'invalidValue');
    if (mode === 6) {
      if (p.minBidNum === undefined) throw refuse('minBidNum');
      if (p.minBidNum > p.totalWeight) throw refuse('minBidNum > totalWeight');
    }
    if (p.reservePrice !== undefined && p.reservePrice !== null) {
      const wrongSide = isBuySide(mode) ? p.reservePrice > p.basePrice : p.reservePrice < p.basePrice;
      if (wrongSide) throw refuse(isBuySide(mode) ? 'reservePrice > basePrice' : 'reservePrice < basePrice');
    }
    return { unit: variety.unit };
  }

  function checkTimes(begin: string, end: string, registrationEnd: string): void {
    const seconds = policy.minBiddingSeconds;
    if (new Date(end).getTime() - new Date(begin).getTime() < seconds * 1000 || registrationEnd > begin) {
      throw new AppError('AUCTION_TIMES_INVALID', { seconds });
    }
  }

  function pieceValues(p: AuctionSpaceSave['itemList'][number], unit: string, end: string) {
    return {
      piece_name: p.pieceName,
      variety_code: p.varietyCode,
      total_weight_milli: toMilli(p.totalWeight),
      stat_unit: p.statUnit || unit,
      base_price: p.basePrice,
      reserve_price: p.reservePrice ?? null,
      open_base_price: p.openBasePrice,
      min_bid_milli: p.minBidNum === undefined ? 0 : toMilli(p.minBidNum),
      bid_step_milli: p.bidStepNum === undefined ? 0 : toMilli(p.bidStepNum),
      payment_type: p.paymentType,
      transport_way: p.transportWay,
      delivery_place: p.deliveryPlace,
      pictures_json: JSON.stringify(p.pictures),
      img_file_id: p.pictures[0] ?? '',
      end_at: end,
    };
  }

  return {
    async save(userId: number, body: AuctionSpaceSave): Promise<ManagedAuctionSpace> {
      const caller = await callerOf(userId);
      const mode = body.spaceAuctionMode;
      const units: string[] = [];
      for (const p of body.itemList) units.push((await checkPiece(mode, p)).unit);
      const begin = iso(body.auctionBeginTime);
      const end = iso(body.auctionEndTime);
      const registrationEnd = body.registrationEndTime ? iso(body.registrationEndTime) : begin;
      checkTimes(begin, end, registrationEnd);
      const at = now().toISOString();
      const fields = {
        space_name: body.spaceName,
        name: body.name,
        space_auction_mode: mode,
        begin_at: begin,
        end_at: end,
        registration_end_at: registrationEnd,
        price_step: body.priceStep,
        deposit: body.deposit,
        currency: body.currency,
        delay_window_sec: body.delayWindowSec ?? policy.delayWindowSec,
        delay_sec: body.delaySec ?? policy.delaySec,
        scope: body.scope,
        remark: body.remark,
        delivery_place: body.deliveryPlace,
        description: sanitizeRichText(body.description),
        contact_name: body.contactName,
        contact_phone: body.contactPhone,
        updated_at: at,
      };
      const target = body.spaceId ? `auction:${body.spaceId}` : 'auction';
      return writes.write({ actorUserId: userId, action: 'save', target }, async (trx, _emit, log) => {
        let spaceId: number;
        if (body.spaceId) {
          // Held, so that a submission racing the edit waits for it (or the edit for the submission).
          await repo.lockSpace(trx, Number(body.spaceId));
          const space = await ownSpace(caller.companyId, Number(body.spaceId), trx);
          if (space.space_status !== 0 && space.space_status !== 3) throw spaceStateRefusal(space.space_status);
          log.before = await view(space, true, trx);
          spaceId = space.id;
          await repo.updateSpace(trx, spaceId, fields);
          const existing = await repo.pieces(spaceId, trx);
          const kept = new Set(body.itemList.flatMap((p) => (p.id ? [Number(p.id)] : [])));
          for (const id of kept) if (!existing.some((e) => e.id === id)) throw invalidField('itemList.id', 'invalidValue');
          await repo.deletePieces(
            trx,
            existing.filter((e) => !kept.has(e.id)).map((e) => e.id),
          );
        } else {
          ({ id: spaceId } = await create(trx, auctionSpaceMachine, 'create', 0, {
            ...fields,
            user_id: userId,
            company_id: caller.companyId,
            space_info_user: caller.companyName,
            entry_person_name: body.contactName,
            created_at: at,
          }));
        }
        for (const [index, p] of body.itemList.entries()) {
          const values = pieceValues(p, units[index]!, end);
          if (p.id) await repo.updatePiece(trx, Number(p.id), { ...values, sort: index });
          else await create(trx, auctionPieceMachine, 'create', 0, { ...values, space_id: spaceId, sort: index });
        }
        const saved = await view((await repo.findSpace(spaceId, trx))!, true, trx);
        log.after = saved;
        return saved;
      });
    },

    async submit(userId: number, spaceId: number): Promise<ManagedAuctionSpace> {
      const caller = await callerOf(userId);
      return writes.write({ actorUserId: userId, action: 'submit', target: `auction:${spaceId}` }, async (trx, emit) => {
        const space = await ownSpace(caller.companyId, spaceId, trx);
        if (space.space_status !== 0 && space.space_status !== 3) throw spaceStateRefusal(space.space_status);
        const earliest = new Date(now().getTime() + policy.minNoticeMinutes * 60_000);
        if (new Date(space.begin_at) < earliest) {
          throw new AppError('AUCTION_BEGIN_TOO_SOON', { minutes: policy.minNoticeMinutes, earliest: earliest.toISOString() });
        }
        const next = await moveFrom(trx, auctionSpaceMachine, 'submit', space, {
          to: 1,
          set: { updated_at: now().toISOString() },
        });
        changed(emit, next, 'submit', [space.company_id]);
        return view(next, true, trx);
      });
    },

    async withdraw(userId: number, spaceId: number): Promise<ManagedAuctionSpace> {
      const caller = await callerOf(userId);
      return writes.write({ actorUserId: userId, action: 'withdraw', target: `auction:${spaceId}` }, async (trx, emit) => {
        const space = await ownSpace(caller.companyId, spaceId, trx);
        // A copy that comes second finds the space withdrawn and is refused before anything else is written.
        await moveFrom(trx, auctionSpaceMachine, 'withdraw', space, {
          to: 5,
          set: { updated_at: now().toISOString() },
        });
        await scheduler.cancel(trx, AUCTION_JOBS.start, String(space.id));
        for (const p of await repo.pieces(space.id, trx)) await scheduler.cancel(trx, AUCTION_JOBS.close, String(p.id));
        const companies = await involved(trx, space);
        await releaseAll(trx, space, userId, emit);
        for (const companyId of companies.slice(1)) {
          await notify(
            trx,
            companyId,
            { kind: 'auction.withdrawn', params: { spaceName: space.space_name }, link: { route: AUCTION_ROUTES.joined } },
            emit,
          );
        }
        return published(trx, emit, space.id, 'withdraw', companies, true);
      });
    },
  };
}
