import {
  AUCTION_REVIEW_PERMISSION,
  type AuctionBid,
  type AuctionBidEvent,
  type AuctionMyStatus,
  type AuctionResult,
  type AuctionRoom,
  type AuctionRoomPiece,
  type AuctionRole,
  type AuctionScope,
  type ManagedAuctionPiece,
  type auctionBidPlaceBodySchema,
} from '@portal/contracts/auction-trade';
import { TRADE_STATUSES } from '@portal/contracts/trade-constants';
import type { z } from 'zod';
import { AppError } from '../../platform/errors';
import { createLocalRateLimiter, type RateLimiter } from '../../platform/rate-limit';
import type { DueJob } from '../../platform/scheduler';
import type { BatchOutcome, Emit, LogRows, Trx } from '../../platform/write-path';
import { centsText } from '../deposits';
import { fromMilli, toMilli } from '../listing-manage';
import { amountOf, type OrderRowData, type SettledOrderDraft } from '../orders';
import type { BidRow, PieceRow, RegistrationRow, SpaceRow } from './auction-trade.repo';
import {
  acceptableLimit,
  allocate,
  chainDigest,
  closeOutcome,
  extendsNearEnd,
  isBuySide,
  isOpenOutcry,
  isSealed,
  meetsLimit,
  onStep,
  quantityAllowed,
  type RuleBid,
  type Winner,
} from './auction-rules';
import { AUCTION_JOBS, AUCTION_ROUTES, AUCTION_TOPIC, emitStatus, registrationReference, type AuctionDeps } from './auction-spaces.service';
import { aliasOf, num, toBid, toManagedPiece, toRoomBid } from './auction-views';

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

/** Bids a room shows per piece. */
const ROOM_BIDS = 50;
/** Days the buyer has to take delivery of a won lot, in the order's snapshot. */
const AUCTION_DELIVERY_DAYS = 30;
const HOUR_MS = 3_600_000;

const ruleBid = (b: BidRow): RuleBid => ({
  id: b.id,
  companyId: b.company_id,
  seq: Number(b.seq),
  price: Number(b.price),
  quantityMilli: Number(b.quantity_milli),
});

type PlaceBody = z.output<typeof auctionBidPlaceBodySchema>;

/** The most bids one transaction of a space's desk decides; the rest wait for the next. */
const DESK_BATCH_MAX = 400;

/** A bid that passed every check needing no lock, waiting at its space's desk. */
interface WaitingBid {
  userId: number;
  account: string;
  body: PlaceBody;
  companyId: number;
  registration: RegistrationRow;
  quantityMilli: number;
  resolve: (answer: AuctionBid) => void;
  reject: (err: unknown) => void;
}

/** What the desk decided for one bid: its answer, or the refusal to throw. */
type Decision = { answer: AuctionBid } | { error: AppError };

/** A batch's decisions, in the batch's order, and each piece's best price after it (open outcry). */
interface DeskOutcome {
  decisions: Decision[];
  mode: number;
  bests: [number, number][];
}

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

/** Who looks at a space, and what that lets them see. */
interface Viewer {
  userId: number | null;
  companyId: number | null;
  companyName: string;
  role: AuctionRole;
  registration: RegistrationRow | undefined;
}

/**
 * Live bidding: a space's waiting bids are decided together in one transaction under its lock
 * and take its next seqs (gap-free, ordered by the server alone), each mode's rule decides what
 * is acceptable, anti-sniping moves ends, the room shows what each viewer may see, and the
 * scheduler starts spaces and closes pieces exactly once.
 * A close counts only bids accepted before the end; winners get orders, losers their deposits.
 */
export function createAuctionBiddingService(deps: BiddingDeps) {
  const { repo, writes, scheduler, deposits, orders, limiter, policy, now } = deps;
  const notify = deps.notifyCompany ?? (async () => {});
  // The bid rate (per company and space) is counted where every server sees it: the shared store
  // when servers may be several, this process's memory on SQLite, where this process is the only one.
  const bidRate = repo.oneProcess ? createLocalRateLimiter().hit : limiter.hitNeverReset;

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

  /** Every refusal of a bid, checked in the bid's transaction once it holds the space's row. */
  function refusalOf(space: SpaceRow | undefined, piece: PieceRow | undefined, at: string): AppError | null {
    if (!space || !piece) return new AppError('NOT_FOUND');
    if (space.suspended === 1) return new AppError('AUCTION_SUSPENDED', { reason: space.review_remark });
    if (space.space_status === 2 || at < space.begin_at) return new AppError('AUCTION_NOT_OPEN', { time: space.begin_at });
    if (space.space_status !== 4 || piece.trade_status !== 0 || at >= piece.end_at) return new AppError('AUCTION_ENDED');
    return null;
  }

  const money = (cents: number, currency: string) => `${centsText(cents)} ${currency}`;

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

  /** Lets the requests already read from the network reach the desk (or the retry lookups) before the database is asked. */
  const afterThisRound = () => new Promise<void>((resolve) => setImmediate(resolve));

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

  /**
   * The bid desk of each space on this server: bids that passed the checks above wait here, and
   * one transaction at a time decides every bid waiting for the space. The space's lock (and on
   * SQLite the one connection) is then held for a handful of statements per batch instead of a
   * round of statements per bid, and a space takes at most two pool connections per server (the
   * batch holding it and the next, waiting for the hold). A closed desk opens after the requests
   * already read from the network have had their turn: on SQLite a batch runs start to finish
   * without giving way, so a desk opened at once would decide one bid per transaction (and pay
   * one commit per bid) however many were waiting.
   */
  interface Desk {
    queue: WaitingBid[];
    /** Set while the desk waits for its batches with nobody waiting: a bid's arrival wakes it. */
    arrived?: () => void;
  }
  const desks = new Map<number, Desk>();

  function atDesk(spaceId: number, bid: Omit<WaitingBid, 'resolve' | 'reject'>): Promise<AuctionBid> {
    return new Promise<AuctionBid>((resolve, reject) => {
      const open = desks.get(spaceId);
      if (open) {
        open.queue.push({ ...bid, resolve, reject });
        open.arrived?.();
        return;
      }
      const desk: Desk = { queue: [{ ...bid, resolve, reject }] };
      desks.set(spaceId, desk);
      void afterThisRound().then(() => drain(spaceId, desk));
    });
  }

  /**
   * Decides batches until nobody waits and none is under way. The next batch starts as soon as
   * the one before holds the space: its transaction then waits for the hold in the database and
   * takes it the moment the one before commits, instead of starting only after this server has
   * learnt of the commit. Batches still decide one after the other, in the order they hold the
   * space. The desk closes in the same tick as the last batch ends with nobody waiting.
   */
  async function drain(spaceId: number, desk: Desk): Promise<void> {
    const running = new Set<Promise<void>>();
    for (;;) {
      if (desk.queue.length === 0) {
        if (running.size === 0) break;
        await Promise.race([...running, new Promise<void>((resolve) => (desk.arrived = resolve))]);
        desk.arrived = undefined;
        if (desk.queue.length > 0) await afterThisRound();
        continue;
      }
      let held!: () => void;
      const holding = new Promise<void>((resolve) => (held = resolve));
      const run: Promise<void> = decideBatch(spaceId, desk.queue.splice(0, DESK_BATCH_MAX), held).finally(() => running.delete(run));
      running.add(run);
      await Promise.race([holding, run]);
    }
    desks.delete(spaceId);
  }

  /**
   * Decides a batch in one transaction and answers each bid. When the transaction itself fails
   * (not a refusal: those are answers), each bid is decided again alone, so a failure is only
   * the failing bid's.
   */
  async function decideBatch(spaceId: number, batch: WaitingBid[], held: () => void = () => {}): Promise<void> {
    let decided: DeskOutcome;
    try {
      decided = await writes.writeMany((trx, emit, logRows) => decideLocked(trx, emit, logRows, spaceId, batch, held));
    } catch (err) {
      if (batch.length === 1) batch[0]!.reject(err);
      else for (const bid of batch) await decideBatch(spaceId, [bid]);
      return;
    }
    // What the batch saw under the lock is committed: another server's bids teach this one's best too.
    for (const [pieceId, best] of decided.bests) sawBest(decided.mode, pieceId, best);
    for (const [i, bid] of batch.entries()) {
      const d = decided.decisions[i]!;
      if ('error' in d) bid.reject(d.error);
      else bid.resolve(d.answer);
    }
  }

  /**
   * The order a batch is decided in (its bids all waited while the one before was decided, and
   * the checks before the desk let them overtake each other on the way): in the open-outcry
   * modes by price, the lowest first when selling and the highest first when buying, so that a
   * bid is refused only when a better price was really accepted before it; equal prices, and
   * every other mode (where seq breaks ties of price), in the order they reached the desk.
   */
  function decidingOrder(mode: number, batch: WaitingBid[]): number[] {
    const order = batch.map((_, i) => i);
    if (!isOpenOutcry(mode)) return order;
    const direction = isBuySide(mode) ? -1 : 1;
    return order.sort((a, b) => direction * (batch[a]!.body.price - batch[b]!.body.price) || a - b);
  }

  /**
   * A batch's transaction: the space's row held once, the pieces and the bidders' live bids read
   * once, then each bid in the deciding order checked against the state the bids before it left (a
   * refused bid writes nothing), and what the accepted ones changed written together: their rows
   * (seq and chain digests in order), the space's last seq and digest, each piece once, a moved
   * close, the log rows; the events follow in seq order.
   */
  async function decideLocked(
    trx: Trx,
    emit: Emit,
    logRows: LogRows,
    spaceId: number,
    batch: WaitingBid[],
    held: () => void,
  ): Promise<BatchOutcome<DeskOutcome>> {
    const pieceIds = [...new Set(batch.map((b) => Number(b.body.pieceId)))];
    const companyIds = [...new Set(batch.map((b) => b.companyId))];
    const requestIds = [...new Set(batch.map((b) => b.body.requestId))];
    // On PostgreSQL the hold also takes an id for each bid that may be accepted (see writeDesk).
    const desk = await repo.holdDesk(trx, spaceId, pieceIds, companyIds, requestIds, batch.length);
    held();
    const { space, live, retried } = desk;
    const pieces = new Map(desk.pieces.map((p) => [p.id, { ...p }]));
    const startEnd = new Map([...pieces.values()].map((p) => [p.id, p.end_at]));
    const ownKey = (pieceId: number, companyId: number) => `${pieceId}:${companyId}`;
    // A company's live bid on a piece: a stored row (id) or one accepted earlier in this batch (row).
    const own = new Map<string, { id?: number; row?: number; price: number; quantityMilli: number }>();
    for (const b of live) {
      own.set(ownKey(b.piece_id, b.company_id), { id: b.id, price: Number(b.price), quantityMilli: Number(b.quantity_milli) });
    }
    // Mode 6 decides on every valid bid of the piece: read once, then kept up to date here.
    const validOf = new Map<number, RuleBid[]>();
    const mode = space?.space_auction_mode ?? 0;
    const step = Number(space?.price_step ?? 0);
    let seq = Number(space?.last_seq ?? 0);
    let previous = space?.chain_digest ?? '';
    const rows: (Omit<BidRow, 'id' | 'fill_milli'> & { id?: number })[] = [];
    const superseded: number[] = [];
    const firstSeq = seq + 1;
    // Per accepted row: the index in the batch of the bid that made it, and the end after it.
    const bidders: number[] = [];
    const endTimes: string[] = [];
    // A bid's decision; `row` is an accepted bid's row (also for a retry of it in this batch).
    const decisions: (Decision | { row: number; endTime: string })[] = [];
    const accepted = new Map<string, number>();

    for (const index of decidingOrder(mode, batch)) {
      const bid = batch[index]!;
      const decide = (d: (typeof decisions)[number]) => void (decisions[index] = d);
      const { body, companyId, registration, quantityMilli } = bid;
      const pieceId = Number(body.pieceId);
      const piece = pieces.get(pieceId);
      const requestKey = `${companyId}:${body.requestId}`;
      // A retry answers the bid its request id already made (stored, or accepted earlier in this batch).
      const stored = retried.find((r) => r.company_id === companyId && r.request_id === body.requestId);
      const sameRow = accepted.get(requestKey);
      if (stored || sameRow !== undefined) {
        const earlier = stored ?? rows[sameRow!]!;
        decide(
          Number(earlier.piece_id) !== pieceId || Number(earlier.price) !== body.price
            ? { error: new AppError('AUCTION_REQUEST_ID_REUSED') }
            : stored
              ? { answer: toBid(stored, piece?.end_at ?? '') }
              : { row: sameRow!, endTime: piece!.end_at },
        );
        continue;
      }
      const at = now().toISOString();
      const refusal = refusalOf(space, piece, at);
      if (refusal || !space || !piece) {
        decide({ error: refusal ?? new AppError('NOT_FOUND') });
        continue;
      }
      const mine = own.get(ownKey(pieceId, companyId));
      // The piece keeps its best valid price (modes 1, 4, 6); in modes 1 and 4 it is the last accepted bid.
      const best = piece.best_price === null ? null : Number(piece.best_price);
      const limit = acceptableLimit(mode, { base: Number(piece.base_price), step }, best, mine ? mine.price : null);
      if (!meetsLimit(mode, body.price, limit)) {
        decide({
          error: new AppError(isBuySide(mode) ? 'AUCTION_BID_TOO_HIGH' : 'AUCTION_BID_TOO_LOW', { limit: money(limit, space.currency) }),
        });
        continue;
      }
      // Mode 6 lets a company keep its price and change only the quantity; an identical bid changes nothing.
      if (mode === 6 && mine && mine.price === body.price && mine.quantityMilli === quantityMilli) {
        decide({ error: new AppError('AUCTION_BID_TOO_LOW', { limit: money(mine.price + step, space.currency) }) });
        continue;
      }
      seq += 1;
      const digest = chainDigest(previous, {
        spaceId,
        pieceId,
        seq,
        companyId,
        aliasNo: registration.alias_no,
        price: body.price,
        quantityMilli,
        at,
        requestId: body.requestId,
      });
      previous = digest;
      // One live bid per company and piece where a company's bid replaces its own (modes 2, 5, 6).
      if (mine && !isOpenOutcry(mode)) {
        if (mine.id !== undefined) superseded.push(mine.id);
        else rows[mine.row!]!.state = 'superseded';
      }
      const row = rows.length;
      rows.push({
        id: desk.ids[row],
        space_id: spaceId,
        piece_id: pieceId,
        company_id: companyId,
        user_id: bid.userId,
        alias_no: registration.alias_no,
        seq,
        price: body.price,
        quantity_milli: quantityMilli,
        state: 'valid',
        request_id: body.requestId,
        at,
        digest,
      });
      accepted.set(requestKey, row);
      // Anti-sniping: a bid inside the window moves the end to bid time + delay.
      let endAt = piece.end_at;
      const windowStart = new Date(new Date(piece.end_at).getTime() - space.delay_window_sec * 1000).toISOString();
      if (extendsNearEnd(mode) && space.delay_window_sec > 0 && space.delay_sec > 0 && at >= windowStart) {
        const moved = new Date(new Date(at).getTime() + space.delay_sec * 1000).toISOString();
        if (moved > endAt) endAt = moved;
      }
      // A company's first bid on the piece (before it, it had no live bid) counts it as a bidder.
      const bidderCount = piece.bidder_count + (mine ? 0 : 1);
      let bestPrice: number | null = null;
      let clearingPrice: number | null = null;
      if (isOpenOutcry(mode)) bestPrice = body.price;
      if (mode === 6) {
        const stillValid = (validOf.get(pieceId) ?? (await repo.validBids(pieceId, trx)).map(ruleBid)).filter(
          (b) => !mine || b.id !== (mine.id ?? -(mine.row! + 1)),
        );
        // A bid of this batch has no id yet: it stands in as minus its row number plus one.
        const valid = [...stillValid, { id: -(row + 1), companyId, seq, price: body.price, quantityMilli }];
        validOf.set(pieceId, valid);
        bestPrice = Math.max(...valid.map((b) => b.price));
        clearingPrice = allocate(valid, Number(piece.total_weight_milli)).clearingPrice;
      }
      const extended = endAt !== piece.end_at;
      piece.end_at = endAt;
      piece.best_price = bestPrice;
      piece.bidder_count = bidderCount;
      own.set(ownKey(pieceId, companyId), { row, price: body.price, quantityMilli });
      const sealed = isSealed(mode);
      const event: AuctionBidEvent = {
        seq,
        pieceId: String(pieceId),
        price: sealed ? null : body.price,
        quantity: sealed ? null : fromMilli(quantityMilli),
        alias: sealed ? null : aliasOf(registration.alias_no),
        time: at,
        currentPrice: sealed ? null : bestPrice,
        leaderAlias: isOpenOutcry(mode) ? aliasOf(registration.alias_no) : null,
        clearingPrice,
        bidderCount,
        endTime: endAt,
      };
      emit({ topic: AUCTION_TOPIC, key: String(spaceId), action: 'bid', data: { ...event } });
      if (extended)
        emit({ topic: AUCTION_TOPIC, key: String(spaceId), action: 'extended', data: { pieceId: String(pieceId), endTime: endAt } });
      bidders[row] = index;
      endTimes[row] = endAt;
      decide({ row, endTime: endAt });
    }

    // An accepted bid is answered as it was accepted (valid, even when a later bid of its company
    // in this batch replaced it) once its row has its id, and its log row keeps the same answer.
    const storedRows: BidRow[] = [];
    const answerOf = (row: number, endTime: string) => toBid({ ...storedRows[row]!, fill_milli: null, state: 'valid' }, endTime);
    const logsOf = (stored: BidRow[]) => {
      for (const r of stored) storedRows[Number(r.seq) - firstSeq] = r;
      return logRows(
        rows.map((_, row) => {
          const { userId, account } = batch[bidders[row]!]!;
          return { actorUserId: userId, account, action: 'bid', target: `auction:${spaceId}`, after: answerOf(row, endTimes[row]!) };
        }),
      );
    };
    if (rows.length > 0) {
      const changed = [...pieces.values()].filter((piece) => rows.some((r) => r.piece_id === piece.id));
      await repo.writeDesk(
        trx,
        {
          bids: rows,
          superseded,
          space: { id: spaceId, last_seq: seq, chain_digest: previous },
          pieces: changed.map((p) => ({ id: p.id, end_at: p.end_at, best_price: p.best_price, bidder_count: p.bidder_count })),
        },
        logsOf,
      );
      for (const piece of changed) {
        if (piece.end_at !== startEnd.get(piece.id)) {
          await scheduler.schedule(trx, { kind: AUCTION_JOBS.close, key: String(piece.id), runAt: new Date(piece.end_at) });
        }
      }
    }
    const answers = decisions.map((d): Decision => ('row' in d ? { answer: answerOf(d.row, d.endTime) } : d));
    const bests = isOpenOutcry(mode)
      ? [...pieces.values()].filter((p) => p.best_price !== null).map((p): [number, number] => [p.id, Number(p.best_price)])
      : [];
    return { value: { decisions: answers, mode, bests }, logs: [] };
  }

  function sameRequest(bid: BidRow, body: PlaceBody, endTime: string): AuctionBid {
    if (Number(bid.piece_id) !== Number(body.pieceId) || Number(bid.price) !== body.price) throw new AppError('AUCTION_REQUEST_ID_REUSED');
    return toBid(bid, endTime);
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
        description: space.description,
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

  /** 2 -> 4 at the start (a withdrawn or still pending space stays as it is). */
  async function start(trx: Trx, job: DueJob, emit: Emit): Promise<void> {
    const spaceId = Number(job.key);
    await repo.lockSpace(trx, spaceId);
    const space = await repo.findSpace(spaceId, trx);
    if (!space || space.space_status !== 2) return;
    await repo.updateSpace(trx, spaceId, { space_status: 4, updated_at: now().toISOString() });
    const next = (await repo.findSpace(spaceId, trx))!;
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
      await repo.updatePiece(trx, pieceId, { trade_status: 4, decide_by: decideBy, deal_price: null, deal_milli: null });
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
    await settle(trx, space, piece, outcome.tradeStatus, outcome.winners, outcome.dealPrice, emit);
  }

  /** Writes a piece's final outcome, its orders and messages; then the space moves on when every piece is final. */
  async function settle(
    trx: Trx,
    space: SpaceRow,
    piece: PieceRow,
    tradeStatus: 1 | 2 | 3,
    winners: Winner[],
    dealPrice: number | null,
    emit: Emit,
  ): Promise<void> {
    const dealMilli = winners.reduce((sum, w) => sum + w.fillMilli, 0);
    await repo.updatePiece(trx, piece.id, {
      trade_status: tradeStatus,
      deal_price: winners.length > 0 ? dealPrice : null,
      deal_milli: winners.length > 0 ? dealMilli : null,
      decide_by: '',
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
          },
          quantityMilli: w.fillMilli,
          amount: amountOf(w.price, w.fillMilli),
          depositFrozen: keepsDeposit,
          remark: `${space.space_name} / ${piece.piece_name}`,
        },
        emit,
      );
      if (reg.deposit_state === 'frozen') {
        await repo.setDepositState(trx, reg.id, 'kept', now().toISOString());
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
            quantity: `${fromMilli(w.fillMilli)} ${piece.stat_unit}`,
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
    const outcome = TRADE_STATUSES[tradeStatus]['zh-CN'];
    await notify(
      trx,
      space.company_id,
      {
        kind: 'auction.closed',
        params: { spaceName: space.space_name, pieceName: piece.piece_name, outcome },
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
      await repo.setDepositState(trx, r.id, 'released', at);
    }
    const dealt = pieces.some((p) => p.trade_status === 1 || p.trade_status === 3);
    await repo.updateSpace(trx, spaceId, { space_status: dealt ? 7 : 6, updated_at: at });
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

  /** The owner's decision on a best bid that missed the reserve: accept (a deal) or decline (unsold). */
  async function decide(trx: Trx, piece: PieceRow, accept: boolean, emit: Emit): Promise<void> {
    await repo.lockSpace(trx, piece.space_id);
    const space = (await repo.findSpace(piece.space_id, trx))!;
    const mode = space.space_auction_mode;
    if (!accept) {
      await settle(trx, space, piece, 2, [], null, emit);
      return;
    }
    const bids = (await repo.validBids(piece.id, trx)).filter((b) => b.at < piece.end_at).map(ruleBid);
    const outcome = closeOutcome(mode, bids, { totalMilli: Number(piece.total_weight_milli), reserve: null }, true);
    await settle(trx, space, piece, outcome.tradeStatus === 4 ? 2 : outcome.tradeStatus, outcome.winners, outcome.dealPrice, emit);
  }

  return {
    place,
    room,
    result,
    start,
    close,

    async decideReserve(userId: number, pieceId: number, accept: boolean): Promise<ManagedAuctionPiece> {
      const member = await repo.member(userId);
      return writes.write(
        { actorUserId: userId, action: accept ? 'acceptReserve' : 'declineReserve', target: `auctionPiece:${pieceId}` },
        async (trx, emit) => {
          const piece = await repo.findPiece(pieceId, trx);
          const space = piece ? await repo.findSpace(piece.space_id, trx) : undefined;
          if (!piece || !space || !member?.company_id || space.company_id !== member.company_id) throw new AppError('NOT_FOUND');
          if (piece.trade_status !== 4) {
            const label = TRADE_STATUSES[piece.trade_status as keyof typeof TRADE_STATUSES];
            throw AppError.naming('STATE_NOT_ALLOWED', { state: label });
          }
          await decide(trx, piece, accept, emit);
          const after = (await repo.findPiece(pieceId, trx))!;
          const names = await repo.varietyNames([after.variety_code], trx);
          return toManagedPiece(after, names.get(after.variety_code) ?? '', true);
        },
      );
    },

    /** The decision's deadline passed: no deal. */
    async reserveDeadline(trx: Trx, job: DueJob, emit: Emit): Promise<void> {
      const piece = await repo.findPiece(Number(job.key), trx);
      if (!piece || piece.trade_status !== 4) return;
      await decide(trx, piece, false, emit);
    },

    /**
     * An order of a space ended (completed or cancelled). Sell side: the registration deposit the
     * order carried has been released or forfeited by the order. Buy side: a winning supplier's
     * deposit is released once all its orders of the space ended. When every order of the space
     * has ended, the space is done (7 -> 8).
     */
    async orderFinished(trx: Trx, order: OrderRowData, emit: Emit): Promise<void> {
      const spaceId = Number(order.origin_code);
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
          await repo.setDepositState(trx, reg.id, order.state === 9 ? 'forfeited' : 'released', at);
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
          await repo.setDepositState(trx, reg.id, 'released', at);
        }
      }
      if (space.space_status === 7 && all.every(ended)) {
        await repo.updateSpace(trx, spaceId, { space_status: 8, updated_at: at });
        emit({ topic: AUCTION_TOPIC, key: String(spaceId), action: 'done', companyIds: [space.company_id], data: { spaceStatus: 8 } });
        emitStatus(emit, (await repo.findSpace(spaceId, trx))!, await repo.pieces(spaceId, trx));
      }
    },

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
export type AuctionBiddingService = ReturnType<typeof createAuctionBiddingService>;
