import { AppError } from '../../../platform/errors';
import type { RateLimiter } from '../../../platform/rate-limit';
import type { Emit, Trx } from '../../../platform/write-path';
import type { OrderRowData, SettledOrderDraft } from '../../orders';
import { type RuleBid, isBuySide } from '../auction-rules';
import { AUCTION_ROUTES, type AuctionDeps } from '../spaces/context';
import type { BidRow, RegistrationRow, SpaceRow } from '../auction-trade.repo';
import {
  AUCTION_REVIEW_PERMISSION,
  type AuctionRole,
  type AuctionScope,
  type auctionBidPlaceBodySchema,
} from '@portal/contracts/auction-trade';
import { formatMoney } from '@portal/contracts/reader';
import type { z } from 'zod';
/** The orders module as auctions use it: orders made by a result, and the orders of a space. */
export interface AuctionOrders {
  createSettled(trx: Trx, draft: SettledOrderDraft, emit: Emit): Promise<OrderRowData>;
  byOrigin(origin: 'auction', originCode: string, on?: Trx): Promise<OrderRowData[]>;
}

export interface BiddingDeps extends AuctionDeps {
  orders: AuctionOrders;
  limiter: RateLimiter;
  permissionsOf(userId: number): Promise<Set<string>>;
}

/** Who looks at a space, and what that lets them see. */
export interface Viewer {
  userId: number | null;
  companyId: number | null;
  companyName: string;
  role: AuctionRole;
  registration: RegistrationRow | undefined;
}

export type PlaceBody = z.output<typeof auctionBidPlaceBodySchema>;

export const HOUR_MS = 3_600_000;

export const ruleBid = (b: BidRow): RuleBid => ({
  id: b.id,
  companyId: b.company_id,
  seq: Number(b.seq),
  price: Number(b.price),
  quantityMilli: Number(b.quantity_milli),
});

/**
 * What the bidding commands share: the dependencies, who looks at a space and whether they may,
 * the link to a room, money as refusals show it, and the best price this process has seen.
 */
export function createBiddingContext(deps: BiddingDeps) {
  const { repo } = deps;
  const notify = deps.notifyCompany ?? (async () => {});

  const roomLink = (spaceId: number, openType: '1' | '2' | '3') => ({
    route: AUCTION_ROUTES.room,
    query: { openType, spaceId: String(spaceId) },
  });

  async function viewerOf(userId: number | null, space: SpaceRow): Promise<Viewer> {
    if (userId === null) return { userId, companyId: null, companyName: '', role: 'watcher', registration: undefined };
    const member = await repo.member(userId);
    const companyId = member?.company_id ?? null;
    const registration = companyId === null ? undefined : await repo.registration(space.id, companyId);
    let role: AuctionRole = 'watcher';
    if (companyId !== null && companyId === space.company_id) role = 'owner';
    else if (registration) role = 'bidder';
    else if ((await deps.permissionsOf(userId)).has(AUCTION_REVIEW_PERMISSION)) role = 'operator';
    return { userId, companyId, companyName: member?.company_name ?? '', role, registration };
  }

  /**
   * Who may see a space at all: its owner always; nobody else a draft; operators and registered
   * companies anything submitted; others a public space (approved onwards, not withdrawn), and
   * an invited one only when on the owner's supplier list. Everyone else gets 404.
   */
  async function visible(space: SpaceRow | undefined, viewer: Viewer): Promise<SpaceRow> {
    if (!space) throw new AppError('NOT_FOUND');
    if (viewer.role === 'owner') return space;
    if (space.space_status === 0) throw new AppError('NOT_FOUND');
    if (viewer.role === 'operator' || viewer.role === 'bidder') return space;
    if (![2, 4, 6, 7, 8].includes(space.space_status)) throw new AppError('NOT_FOUND');
    if ((space.scope as AuctionScope) === 'invited') {
      if (viewer.companyId === null || !(await repo.onSupplierList(space.user_id, viewer.companyId))) throw new AppError('NOT_FOUND');
    }
    return space;
  }

  /** Money in a refusal as the screens show it (￥10,000.00). */
  const money = formatMoney;

  /**
   * The best price of each open-outcry piece this process has seen read or committed. It only
   * ever improves (higher when selling, lower when buying), so a bid it already beats is refused
   * without the lock; a value seen late is only less strict, never wrong.
   */
  const bestSeen = new Map<number, number>();
  const sawBest = (mode: number, pieceId: number, price: number) => {
    const known = bestSeen.get(pieceId);
    if (known !== undefined && (isBuySide(mode) ? known <= price : known >= price)) return;
    if (bestSeen.size >= 10_000) bestSeen.clear();
    bestSeen.set(pieceId, price);
  };

  return { ...deps, notify, roomLink, viewerOf, visible, money, bestSeen, sawBest };
}
export type BiddingContext = ReturnType<typeof createBiddingContext>;
