import { PAGE_PATHS } from '@portal/contracts/page-paths';
import type { NotifyCompany } from '../../messages';
import { AppError } from '../../../platform/errors';
import type { Scheduler } from '../../../platform/scheduler';
import { move, refusalOf } from '../../../platform/transitions';
import type { Emit, Trx, WritePath } from '../../../platform/write-path';
import type { DepositMoves } from '../../orders';
import type { AuctionTradeRepo, PieceRow, SpaceRow } from '../auction-trade.repo';
import { toManagedPiece, toManagedSpace } from '../auction-views';
import { type ManagedAuctionSpace, auctionRegistrationMachine, auctionSpaceMachine } from '@portal/contracts/auction-trade';
/** Timed transitions of auctions: a space's start (key spaceId), a piece's close and its reserve deadline (key pieceId). */
export const AUCTION_JOBS = {
  start: 'auction.start',
  close: 'auction.close',
  reserveDeadline: 'auction.reserveDeadline',
} as const;

/** The pages auction messages open. */
export const AUCTION_ROUTES = {
  mine: PAGE_PATHS.myAuctions,
  joined: PAGE_PATHS.auctionRegistrations,
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
export const spaceStateRefusal = (status: number): AppError => refusalOf(auctionSpaceMachine, status);

export const iso = (value: string) => new Date(value).toISOString();
/** The registration deposit's reference in the ledger. */
export const registrationReference = (registrationId: number) => `auction-registration:${registrationId}`;

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

/**
 * What the space commands share: the dependencies, the caller's company, a space as its owner
 * sees it, the companies a change concerns, its events and messages, deposits given back.
 */
export function createSpacesContext(deps: AuctionDeps) {
  const { repo, deposits, now } = deps;
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
      await move(trx, auctionRegistrationMachine, 'release', r.id, { to: 'released', set: { updated_at: at } });
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

  return { ...deps, notify, callerOf, view, ownSpace, involved, changed, releaseAll, roomLink, published, tellOperatorAction };
}
export type SpacesContext = ReturnType<typeof createSpacesContext>;
