import type {
  AuctionRegistration,
  ManagedAuctionSpace,
  ManagedAuctionSpacePage,
  RegisteredAuctionSpace,
  auctionPageBodySchema,
  auctionReasonBodySchema,
  auctionReviewBodySchema,
  AuctionSpaceSave,
} from '@portal/contracts/auction-trade';
import { SPACE_STATUSES } from '@portal/contracts/constants';
import type { Localized } from '@portal/contracts/i18n';
import type { z } from 'zod';
import { AppError, invalidField } from '../../platform/errors';
import type { Scheduler } from '../../platform/scheduler';
import type { Emit, Trx, WritePath } from '../../platform/write-path';
import type { DepositMoves } from '../orders';
import { type NotifyCompany, toMilli } from '../listing-manage';
import type { AuctionTradeRepo, PieceRow, SpaceRow } from './auction-trade.repo';
import { isBuySide } from './auction-rules';
import { toManagedPiece, toManagedSpace, toRegistration } from './auction-views';

/** Timed transitions of auctions: a space's start (key spaceId), a piece's close and its reserve deadline (key pieceId). */
export const AUCTION_JOBS = {
  start: 'auction.start',
  close: 'auction.close',
  reserveDeadline: 'auction.reserveDeadline',
} as const;

/** The pages auction messages open. */
export const AUCTION_ROUTES = {
  mine: '/trade/auctions',
  joined: '/trade/auction-registrations',
  room: '/auctionBuyerDetail',
} as const;

/** The topic of a room's events on the bus; the key is the spaceId. */
export const AUCTION_TOPIC = 'auction';

export interface AuctionPolicy {
  delayWindowSec: number;
  delaySec: number;
  bidsPerSecond: number;
  reserveDecisionHours: number;
  minNoticeMinutes: number;
  minBiddingSeconds: number;
}

export interface AuctionDeps {
  repo: AuctionTradeRepo;
  writes: WritePath;
  scheduler: Scheduler;
  deposits: DepositMoves;
  notifyCompany?: NotifyCompany;
  policy: AuctionPolicy;
  now: () => Date;
}

/** The refusal of an action the space's current state does not allow, naming that state. */
export function spaceStateRefusal(status: number): AppError {
  const label: Localized = SPACE_STATUSES[status as keyof typeof SPACE_STATUSES] ?? {
    'zh-CN': String(status),
    'en-US': String(status),
    'zh-TW': String(status),
  };
  return AppError.naming('STATE_NOT_ALLOWED', { state: label });
}

const iso = (value: string) => new Date(value).toISOString();
/** The registration deposit's reference in the ledger. */
export const registrationReference = (registrationId: number) => `auction-registration:${registrationId}`;

/**
 * Auction spaces from draft to approval: an owner writes a space with its pieces, submits it and
 * may withdraw it before the start; the operator approves (the start and the closes are
 * scheduled then), rejects, suspends and resumes; companies register, freezing the deposit.
 */
export function createAuctionSpacesService(deps: AuctionDeps) {
  const { repo, writes, scheduler, deposits, policy, now } = deps;
  const notify = deps.notifyCompany ?? (async () => {});

  async function callerOf(userId: number) {
    const member = await repo.member(userId);
    if (!member?.company_id) throw new AppError('NOT_FOUND');
    return { userId, companyId: member.company_id, companyName: member.company_name ?? '' };
  }

  async function view(space: SpaceRow, withReserve: boolean, on?: Trx): Promise<ManagedAuctionSpace> {
    const pieces = await repo.pieces(space.id, on);
    const names = await repo.varietyNames([...new Set(pieces.map((p) => p.variety_code))], on);
    return toManagedSpace(
      space,
      pieces.map((p) => toManagedPiece(p, names.get(p.variety_code) ?? '', withReserve)),
    );
  }

  async function ownSpace(companyId: number, spaceId: number, on?: Trx): Promise<SpaceRow> {
    const space = await repo.findSpace(spaceId, on);
    if (!space || space.company_id !== companyId) throw new AppError('NOT_FOUND');
    return space;
  }

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

  /** Everyone a change of a space concerns: its owner and the companies registered for it. */
  async function involved(trx: Trx, space: SpaceRow): Promise<number[]> {
    const regs = await repo.registrations(space.id, trx);
    return [space.company_id, ...regs.map((r) => r.company_id)];
  }

  function changed(emit: Emit, space: SpaceRow, action: string, companyIds: number[]): void {
    emit({ topic: AUCTION_TOPIC, key: String(space.id), action, companyIds, data: { spaceStatus: space.space_status } });
  }

  /** Releases every frozen registration deposit of a space (withdrawal). */
  async function releaseAll(trx: Trx, space: SpaceRow, actorUserId: number | null, emit: Emit): Promise<void> {
    const at = now().toISOString();
    for (const r of await repo.registrations(space.id, trx)) {
      if (r.deposit_state !== 'frozen') continue;
      if (Number(r.deposit) > 0) {
        await deposits.release(
          trx,
          { companyId: r.company_id, currency: r.currency, amount: Number(r.deposit), reference: registrationReference(r.id), actorUserId },
          emit,
        );
      }
      await repo.setDepositState(trx, r.id, 'released', at);
    }
  }

  const roomLink = (space: SpaceRow, openType: '1' | '2' | '3') => ({
    route: AUCTION_ROUTES.room,
    query: { openType, spaceId: String(space.id) },
  });

  /** The space as it is now: its change and live status published, and answered to the caller. */
  async function published(trx: Trx, emit: Emit, spaceId: number, action: string, companies: number[], withReserve: boolean) {
    const next = (await repo.findSpace(spaceId, trx))!;
    changed(emit, next, action, companies);
    emitStatus(emit, next, await repo.pieces(spaceId, trx));
    return view(next, withReserve, trx);
  }

  /** Tells each company involved in a space what an operator did to it and why. */
  async function tellOperatorAction(
    trx: Trx,
    emit: Emit,
    space: SpaceRow,
    companies: number[],
    kind: 'auction.suspended' | 'auction.resumed' | 'auction.cancelled',
    reason: string,
    openType: '1' | '2',
  ): Promise<void> {
    for (const companyId of companies) {
      await notify(trx, companyId, { kind, params: { spaceName: space.space_name, reason }, link: roomLink(space, openType) }, emit);
    }
  }

  return {
    async myPage(userId: number, body: z.output<typeof auctionPageBodySchema>): Promise<ManagedAuctionSpacePage> {
      const caller = await callerOf(userId);
      const { rows, total } = await repo.page({ companyId: caller.companyId }, body.spaceStatus, body.pageNo, body.pageSize);
      return { items: await Promise.all(rows.map((s) => view(s, true))), totalItem: total, pageNo: body.pageNo, pageSize: body.pageSize };
    },

    async myDetail(userId: number, spaceId: number): Promise<ManagedAuctionSpace> {
      const caller = await callerOf(userId);
      return view(await ownSpace(caller.companyId, spaceId), true);
    },

    async registeredPage(userId: number, body: z.output<typeof auctionPageBodySchema>) {
      const caller = await callerOf(userId);
      const { rows, total } = await repo.page({ registeredCompanyId: caller.companyId }, body.spaceStatus, body.pageNo, body.pageSize);
      const regs = await repo.registrationsOfCompany(
        caller.companyId,
        rows.map((r) => r.id),
      );
      const items: RegisteredAuctionSpace[] = await Promise.all(
        rows.map(async (s) => ({
          ...(await view(s, false)),
          myRegistration: toRegistration(regs.find((r) => r.space_id === s.id)!),
        })),
      );
      return { items, totalItem: total, pageNo: body.pageNo, pageSize: body.pageSize };
    },

    async reviewPage(body: z.output<typeof auctionPageBodySchema>): Promise<ManagedAuctionSpacePage> {
      const { rows, total } = await repo.page({ review: true }, body.spaceStatus ?? 1, body.pageNo, body.pageSize);
      return { items: await Promise.all(rows.map((s) => view(s, false))), totalItem: total, pageNo: body.pageNo, pageSize: body.pageSize };
    },

    async reviewDetail(spaceId: number): Promise<ManagedAuctionSpace> {
      const space = await repo.findSpace(spaceId);
      if (!space || space.space_status === 0) throw new AppError('NOT_FOUND');
      return view(space, false);
    },

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
        description: body.description,
        contact_name: body.contactName,
        contact_phone: body.contactPhone,
        updated_at: at,
      };
      const target = body.spaceId ? `auction:${body.spaceId}` : 'auction';
      return writes.write({ actorUserId: userId, action: 'save', target }, async (trx, _emit, log) => {
        let spaceId: number;
        if (body.spaceId) {
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
          spaceId = await repo.insertSpace(trx, {
            ...fields,
            user_id: userId,
            company_id: caller.companyId,
            space_info_user: caller.companyName,
            entry_person_name: body.contactName,
            space_status: 0,
            created_at: at,
          });
        }
        for (const [index, p] of body.itemList.entries()) {
          const values = pieceValues(p, units[index]!, end);
          if (p.id) await repo.updatePiece(trx, Number(p.id), { ...values, sort: index });
          else await repo.insertPiece(trx, { ...values, space_id: spaceId, sort: index, trade_status: 0 });
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
        await repo.updateSpace(trx, space.id, { space_status: 1, updated_at: now().toISOString() });
        const next = (await repo.findSpace(space.id, trx))!;
        changed(emit, next, 'submit', [space.company_id]);
        return view(next, true, trx);
      });
    },

    async withdraw(userId: number, spaceId: number): Promise<ManagedAuctionSpace> {
      const caller = await callerOf(userId);
      return writes.write({ actorUserId: userId, action: 'withdraw', target: `auction:${spaceId}` }, async (trx, emit) => {
        const space = await ownSpace(caller.companyId, spaceId, trx);
        if (space.space_status > 2) throw spaceStateRefusal(space.space_status);
        await repo.updateSpace(trx, space.id, { space_status: 5, updated_at: now().toISOString() });
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

    async review(userId: number, body: z.output<typeof auctionReviewBodySchema>): Promise<ManagedAuctionSpace> {
      const spaceId = Number(body.spaceId);
      return writes.write(
        { actorUserId: userId, action: body.pass ? 'approve' : 'reject', target: `auction:${spaceId}` },
        async (trx, emit) => {
          const space = await repo.findSpace(spaceId, trx);
          if (!space || space.space_status === 0) throw new AppError('NOT_FOUND');
          if (space.space_status !== 1) throw spaceStateRefusal(space.space_status);
          const at = now();
          if (body.pass && new Date(space.end_at) <= at) {
            throw new AppError('AUCTION_BEGIN_TOO_SOON', { minutes: policy.minNoticeMinutes, earliest: at.toISOString() });
          }
          await repo.updateSpace(trx, spaceId, {
            space_status: body.pass ? 2 : 3,
            review_remark: body.reviewRemark,
            updated_at: at.toISOString(),
          });
          const pieces = await repo.pieces(spaceId, trx);
          if (body.pass) {
            await scheduler.schedule(trx, { kind: AUCTION_JOBS.start, key: String(spaceId), runAt: new Date(space.begin_at) });
            for (const p of pieces)
              await scheduler.schedule(trx, { kind: AUCTION_JOBS.close, key: String(p.id), runAt: new Date(p.end_at) });
            await notify(
              trx,
              space.company_id,
              {
                kind: 'auction.approved',
                params: { spaceName: space.space_name, time: space.begin_at },
                link: { route: AUCTION_ROUTES.mine },
              },
              emit,
            );
            if (space.scope === 'invited') {
              for (const companyId of await repo.supplierCompanies(space.user_id, trx)) {
                if (companyId === space.company_id) continue;
                await notify(
                  trx,
                  companyId,
                  {
                    kind: 'auction.invited',
                    params: { spaceName: space.space_name, party: space.space_info_user, time: space.begin_at },
                    link: roomLink(space, '1'),
                  },
                  emit,
                );
              }
            }
          } else {
            await notify(
              trx,
              space.company_id,
              {
                kind: 'auction.rejected',
                params: { spaceName: space.space_name, reason: body.reviewRemark },
                link: { route: AUCTION_ROUTES.mine },
              },
              emit,
            );
          }
          const next = (await repo.findSpace(spaceId, trx))!;
          changed(emit, next, body.pass ? 'approve' : 'reject', [space.company_id]);
          return view(next, false, trx);
        },
      );
    },

    async suspend(userId: number, body: z.output<typeof auctionReasonBodySchema>): Promise<ManagedAuctionSpace> {
      const spaceId = Number(body.spaceId);
      return writes.write({ actorUserId: userId, action: 'suspend', target: `auction:${spaceId}` }, async (trx, emit) => {
        await repo.lockSpace(trx, spaceId);
        const space = await repo.findSpace(spaceId, trx);
        if (!space || space.space_status === 0) throw new AppError('NOT_FOUND');
        if ((space.space_status !== 2 && space.space_status !== 4) || space.suspended === 1) throw spaceStateRefusal(space.space_status);
        const at = now().toISOString();
        await repo.updateSpace(trx, spaceId, { suspended: 1, suspended_at: at, review_remark: body.reason, updated_at: at });
        const companies = await involved(trx, space);
        await tellOperatorAction(trx, emit, space, companies, 'auction.suspended', body.reason, '2');
        return published(trx, emit, spaceId, 'suspend', companies, false);
      });
    },

    /**
     * Lifts a suspension. Bidding time lost to it is given back: every open piece's end moves by
     * the length of the pause (a close that fell inside it did nothing and is scheduled again).
     */
    async resume(userId: number, body: z.output<typeof auctionReasonBodySchema>): Promise<ManagedAuctionSpace> {
      const spaceId = Number(body.spaceId);
      return writes.write({ actorUserId: userId, action: 'resume', target: `auction:${spaceId}` }, async (trx, emit) => {
        await repo.lockSpace(trx, spaceId);
        const space = await repo.findSpace(spaceId, trx);
        if (!space || space.space_status === 0) throw new AppError('NOT_FOUND');
        if (space.suspended !== 1) throw spaceStateRefusal(space.space_status);
        const at = now();
        // Only bidding time is given back: the part of the pause after the start.
        const pausedFrom = Math.max(new Date(space.suspended_at).getTime(), new Date(space.begin_at).getTime());
        const pauseMs = Math.max(0, at.getTime() - pausedFrom);
        await repo.updateSpace(trx, spaceId, { suspended: 0, suspended_at: '', review_remark: body.reason, updated_at: at.toISOString() });
        for (const p of await repo.pieces(spaceId, trx)) {
          if (p.trade_status !== 0) continue;
          const end = new Date(new Date(p.end_at).getTime() + pauseMs);
          if (pauseMs > 0) await repo.updatePiece(trx, p.id, { end_at: end.toISOString() });
          await scheduler.schedule(trx, { kind: AUCTION_JOBS.close, key: String(p.id), runAt: end });
        }
        const companies = await involved(trx, space);
        await tellOperatorAction(trx, emit, space, companies, 'auction.resumed', body.reason, '1');
        return published(trx, emit, spaceId, 'resume', companies, false);
      });
    },

    /**
     * An operator ends a suspended space for cause (status 5): no result, its jobs cancelled,
     * every registration deposit released, the owner and the registered companies told why.
     */
    async adminWithdraw(userId: number, body: z.output<typeof auctionReasonBodySchema>): Promise<ManagedAuctionSpace> {
      const spaceId = Number(body.spaceId);
      return writes.write({ actorUserId: userId, action: 'adminWithdraw', target: `auction:${spaceId}` }, async (trx, emit) => {
        await repo.lockSpace(trx, spaceId);
        const space = await repo.findSpace(spaceId, trx);
        if (!space || space.space_status === 0) throw new AppError('NOT_FOUND');
        if (space.suspended !== 1 || ![2, 4].includes(space.space_status)) throw spaceStateRefusal(space.space_status);
        const at = now().toISOString();
        await repo.updateSpace(trx, spaceId, { space_status: 5, suspended: 0, review_remark: body.reason, updated_at: at });
        await scheduler.cancel(trx, AUCTION_JOBS.start, String(spaceId));
        for (const p of await repo.pieces(spaceId, trx)) await scheduler.cancel(trx, AUCTION_JOBS.close, String(p.id));
        const companies = await involved(trx, space);
        await releaseAll(trx, space, userId, emit);
        await tellOperatorAction(trx, emit, space, companies, 'auction.cancelled', body.reason, '2');
        return published(trx, emit, spaceId, 'adminWithdraw', companies, false);
      });
    },

    /**
     * Registers the caller's company: open spaces take any company, invited ones the owner's
     * supplier list (others get 404, as for a record they may not see). The deposit is frozen and
     * the alias given in the same transaction; registering again answers the same registration.
     */
    async register(userId: number, spaceId: number): Promise<AuctionRegistration> {
      const caller = await callerOf(userId);
      const space = await repo.findSpace(spaceId);
      if (!space || ![2, 4].includes(space.space_status)) throw new AppError('NOT_FOUND');
      if (
        space.scope === 'invited' &&
        space.company_id !== caller.companyId &&
        !(await repo.onSupplierList(space.user_id, caller.companyId))
      ) {
        throw new AppError('NOT_FOUND');
      }
      if (space.company_id === caller.companyId) throw new AppError('AUCTION_OWN_SPACE');
      const earlier = await repo.registration(spaceId, caller.companyId);
      if (earlier) return toRegistration(earlier);
      return writes.write({ actorUserId: userId, action: 'register', target: `auction:${spaceId}` }, async (trx, emit) => {
        const aliasNo = await repo.nextAliasNo(trx, spaceId);
        const locked = (await repo.findSpace(spaceId, trx))!;
        const again = await repo.registration(spaceId, caller.companyId, trx);
        if (again) throw new AppError('CONFLICT');
        const at = now().toISOString();
        const deadline = locked.registration_end_at || locked.begin_at;
        if (![2, 4].includes(locked.space_status) || at >= deadline || locked.suspended === 1) {
          throw new AppError('AUCTION_REGISTRATION_CLOSED', { deadline });
        }
        const reg = await repo.insertRegistration(trx, {
          space_id: spaceId,
          company_id: caller.companyId,
          user_id: userId,
          alias_no: aliasNo,
          deposit: Number(locked.deposit),
          currency: locked.currency,
          deposit_state: 'frozen',
          created_at: at,
          updated_at: at,
        });
        if (Number(locked.deposit) > 0) {
          await deposits.freeze(
            trx,
            {
              companyId: caller.companyId,
              currency: locked.currency,
              amount: Number(locked.deposit),
              reference: registrationReference(reg.id),
              actorUserId: userId,
            },
            emit,
          );
        }
        await notify(
          trx,
          caller.companyId,
          { kind: 'auction.registered', params: { spaceName: locked.space_name, alias: `竞买人 ${aliasNo}` }, link: roomLink(locked, '1') },
          emit,
        );
        changed(emit, locked, 'register', [caller.companyId, locked.company_id]);
        return toRegistration(reg);
      });
    },
  };
}
export type AuctionSpacesService = ReturnType<typeof createAuctionSpacesService>;

/** The room's `status` event: the space's state and every piece's status and end now. */
export function emitStatus(emit: Emit, space: SpaceRow, pieces: PieceRow[]): void {
  emit({
    topic: AUCTION_TOPIC,
    key: String(space.id),
    action: 'status',
    data: {
      spaceStatus: space.space_status,
      suspended: space.suspended === 1,
      lastSeq: Number(space.last_seq),
      pieces: pieces.map((p) => ({ pieceId: String(p.id), tradeStatus: p.trade_status, endTime: p.end_at })),
    },
  });
}
