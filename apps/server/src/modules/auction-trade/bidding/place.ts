import { fromMilli, toMilli } from '@portal/contracts/quantity';
import { AppError } from '../../../platform/errors';
import { createLocalRateLimiter } from '../../../platform/rate-limit';
import { acceptableLimit, isBuySide, isOpenOutcry, meetsLimit, onStep, quantityAllowed } from '../auction-rules';
import type { BidRow, PieceRow, RegistrationRow, SpaceRow } from '../auction-trade.repo';
import { toBid } from '../auction-views';
import type { BiddingContext, PlaceBody, Viewer } from './context';
import { afterThisRound } from '../../../platform/desk';
import type { BidDesk } from './desk';
import type { AuctionBid } from '@portal/contracts/auction-trade';
/** How long the checks before the desk reuse a space, piece or registration they read. */
const SEEN_MS = 1000;

/** Rows read recently, by key, each for `ttlMs` of this process's time; nothing found is not kept. */
function recentReads<K, V>(ttlMs: number) {
  const rows = new Map<K, { row: V; until: number }>();
  return {
    async read(key: K, load: () => Promise<V | undefined>): Promise<V | undefined> {
      const at = Date.now();
      const kept = rows.get(key);
      if (kept && kept.until > at) return kept.row;
      const row = await load();
      if (rows.size >= 10_000) rows.clear();
      if (row === undefined) rows.delete(key);
      else rows.set(key, { row, until: at + ttlMs });
      return row;
    },
  };
}

/** A bid's checks that need no lock (rate, registration, step, quantity, a best price already beaten), then its turn at the desk. */
export function createBidPlacing(c: BiddingContext, desk: Pick<BidDesk, 'atDesk'>) {
  const { repo, limiter, policy, visible, money, bestSeen, sawBest } = c;
  const { atDesk } = desk;
  // The bid rate (per company and space) is counted where every server sees it: the shared store
  // when servers may be several, this process's memory on SQLite, where this process is the only one.
  const bidRate = repo.oneProcess ? createLocalRateLimiter().hit : limiter.hitNeverReset;

  /**
   * Spaces, pieces and registrations as the checks before the desk last read them, kept for a
   * moment: what those checks use of them (owner, mode, step, base price, quantities, alias) does
   * not change once a space takes bids, and what does (status, suspension, times, the best price)
   * is decided again at the desk under the space's lock. Only a registration that exists is kept.
   */
  const spacesSeen = recentReads<number, SpaceRow>(SEEN_MS);
  /** A bidder's account and company, which do not change while it bids. */
  const membersSeen = recentReads<number, NonNullable<Awaited<ReturnType<typeof repo.member>>>>(SEEN_MS);
  const piecesSeen = recentReads<number, PieceRow>(SEEN_MS);
  const registrationsSeen = recentReads<string, RegistrationRow>(SEEN_MS);

  async function place(userId: number, body: PlaceBody): Promise<AuctionBid> {
    const spaceId = Number(body.spaceId);
    const pieceId = Number(body.pieceId);
    const member = await membersSeen.read(userId, () => repo.member(userId));
    if (!member?.company_id) throw new AppError('NOT_FOUND');
    const companyId = member.company_id;
    // Counted first, so a company sending too fast costs one counter and nothing else.
    const rate = await bidRate(`auction-bid:${spaceId}:${companyId}`, policy.bidsPerSecond, 1000);
    if (!rate.allowed) throw new AppError('AUCTION_BID_TOO_FAST', { limit: policy.bidsPerSecond });
    const space = await spacesSeen.read(spaceId, () => repo.findSpace(spaceId));
    const viewer: Viewer = { userId, companyId, companyName: '', role: 'watcher', registration: undefined };
    if (space?.company_id === companyId) throw new AppError('AUCTION_OWN_SPACE');
    viewer.registration = space
      ? await registrationsSeen.read(`${spaceId}:${companyId}`, () => repo.registration(spaceId, companyId))
      : undefined;
    if (viewer.registration) viewer.role = 'bidder';
    await visible(space, viewer);
    const piece = await piecesSeen.read(pieceId, () => repo.findPiece(pieceId));
    if (!piece || piece.space_id !== spaceId) throw new AppError('NOT_FOUND');
    const registration = viewer.registration;
    if (!registration) throw new AppError('AUCTION_NOT_REGISTERED');

    const mode = space!.space_auction_mode;
    const step = Number(space!.price_step);
    const base = Number(piece.base_price);
    if (!onStep(mode, body.price, base, step)) {
      throw new AppError('AUCTION_BID_OFF_STEP', { base: money(base, space!.currency), step: money(step, space!.currency) });
    }
    const totalMilli = Number(piece.total_weight_milli);
    const quantityMilli = mode === 6 ? toMilli(body.quantity ?? 0) : totalMilli;
    const limits = { minMilli: Number(piece.min_bid_milli), stepMilli: Number(piece.bid_step_milli), totalMilli };
    if (mode === 6 && !quantityAllowed(quantityMilli, limits)) {
      throw new AppError('AUCTION_QUANTITY_INVALID', {
        min: fromMilli(limits.minMilli),
        step: fromMilli(limits.stepMilli),
        max: fromMilli(totalMilli),
      });
    }

    // A price a best price already seen beats is refused without waiting at the desk: in the
    // open-outcry modes the best only ever improves, so it would be refused there too. A retry of
    // a bid already accepted still answers that bid. Everything else (times, state, the best
    // again, retries) is decided at the desk under the space's lock.
    if (isOpenOutcry(mode) && piece.best_price !== null) sawBest(mode, pieceId, Number(piece.best_price));
    const best = isOpenOutcry(mode) ? bestSeen.get(pieceId) : undefined;
    if (best !== undefined) {
      const limit = acceptableLimit(mode, { base, step }, best, null);
      if (!meetsLimit(mode, body.price, limit)) {
        const earlier = await storedRetry(spaceId, companyId, body.requestId);
        if (earlier) return sameRequest(earlier, body, (await repo.findPiece(pieceId))?.end_at ?? piece.end_at);
        throw new AppError(isBuySide(mode) ? 'AUCTION_BID_TOO_HIGH' : 'AUCTION_BID_TOO_LOW', { limit: money(limit, space!.currency) });
      }
    }

    const answer = await atDesk(spaceId, { userId, account: member.account, body, companyId, registration, quantityMilli });
    if (isOpenOutcry(mode)) sawBest(mode, pieceId, answer.price);
    return answer;
  }

  /**
   * Whether a bid refused before the desk is the retry of a stored bid, asked of the database
   * together for every such bid of a space that arrives in one turn of the event loop: in a
   * contested room most bids are overtaken on the way, and one read each cost more than the rest
   * of their refusal.
   */
  interface RetryLookup {
    companyId: number;
    requestId: string;
    settle: (found: Promise<BidRow | undefined>) => void;
  }
  const retryLookups = new Map<number, RetryLookup[]>();

  function storedRetry(spaceId: number, companyId: number, requestId: string): Promise<BidRow | undefined> {
    return new Promise((resolve) => {
      let waiting = retryLookups.get(spaceId);
      if (!waiting) {
        const lookups: RetryLookup[] = [];
        waiting = lookups;
        retryLookups.set(spaceId, lookups);
        void afterThisRound().then(() => {
          retryLookups.delete(spaceId);
          const companyIds = [...new Set(lookups.map((l) => l.companyId))];
          const stored = repo.bidsByRequests(spaceId, companyIds, [...new Set(lookups.map((l) => l.requestId))]);
          for (const l of lookups) {
            l.settle(stored.then((rows) => rows.find((r) => r.company_id === l.companyId && r.request_id === l.requestId)));
          }
        });
      }
      waiting.push({ companyId, requestId, settle: resolve });
    });
  }

  function sameRequest(bid: BidRow, body: PlaceBody, endTime: string): AuctionBid {
    if (Number(bid.piece_id) !== Number(body.pieceId) || Number(bid.price) !== body.price) throw new AppError('AUCTION_REQUEST_ID_REUSED');
    return toBid(bid, endTime);
  }

  return { place };
}
