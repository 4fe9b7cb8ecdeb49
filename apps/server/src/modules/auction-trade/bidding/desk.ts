import { fromMilli } from '@portal/contracts/quantity';
import { createDesks, type Waiting } from '../../../platform/desk';
import { AppError } from '../../../platform/errors';
import type { BatchOutcome, Emit, LogRows, Trx } from '../../../platform/write-path';
import {
  type RuleBid,
  acceptableLimit,
  allocate,
  chainDigest,
  extendsNearEnd,
  isBuySide,
  isOpenOutcry,
  isSealed,
  meetsLimit,
} from '../auction-rules';
import { AUCTION_JOBS, AUCTION_TOPIC } from '../spaces/context';
import type { BidRow, PieceRow, RegistrationRow, SpaceRow } from '../auction-trade.repo';
import { aliasOf, toBid } from '../auction-views';
import { type BiddingContext, type PlaceBody, ruleBid } from './context';
import type { AuctionBid, AuctionBidEvent } from '@portal/contracts/auction-trade';
/** The most bids one transaction of a space's desk decides; the rest wait for the next. */
const DESK_BATCH_MAX = 400;

/** A bid that passed every check needing no lock, on its way to its space's desk. */
export interface DeskBid {
  userId: number;
  account: string;
  body: PlaceBody;
  companyId: number;
  registration: RegistrationRow;
  quantityMilli: number;
}
/** A bid waiting at its space's desk. */
export type WaitingBid = Waiting<DeskBid, AuctionBid>;

/** What the desk decided for one bid: its answer, or the refusal to throw. */
type Decision = { answer: AuctionBid } | { error: AppError };

/** A batch's decisions, in the batch's order, and each piece's best price after it (open outcry). */
interface DeskOutcome {
  decisions: Decision[];
  mode: number;
  bests: [number, number][];
}

/**
 * The bid desk of each space on this server: bids that passed the checks before it wait here and
 * are decided together, in one transaction under the space's lock, taking its next seqs.
 */
export function createBidDesk(c: BiddingContext) {
  const { repo, writes, scheduler, now, money, sawBest } = c;

  /** Every refusal of a bid, checked in the bid's transaction once it holds the space's row. */
  function refusalOf(space: SpaceRow | undefined, piece: PieceRow | undefined, at: string): AppError | null {
    if (!space || !piece) return new AppError('NOT_FOUND');
    if (space.suspended === 1) return new AppError('AUCTION_SUSPENDED', { reason: space.review_remark });
    if (space.space_status === 2 || at < space.begin_at) return new AppError('AUCTION_NOT_OPEN', { time: space.begin_at });
    if (space.space_status !== 4 || piece.trade_status !== 0 || at >= piece.end_at) return new AppError('AUCTION_ENDED');
    return null;
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

    /**
     * Accepts one bid that passed every check: its seq and chain digest, the row it writes (and
     * the company's earlier bid it replaces), a moved end, the piece's new state and its events.
     */
    const accept = async (index: number, space: SpaceRow, piece: PieceRow, mine: ReturnType<typeof own.get>, at: string): Promise<void> => {
      const bid = batch[index]!;
      const decide = (d: (typeof decisions)[number]) => void (decisions[index] = d);
      const { body, companyId, registration, quantityMilli } = bid;
      const pieceId = Number(body.pieceId);
      const requestKey = `${companyId}:${body.requestId}`;
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
    };

    /** Decides one bid against what the bids before it in the batch left: a retry's answer, a refusal, or its acceptance. */
    const decideOne = async (index: number): Promise<void> => {
      const bid = batch[index]!;
      const decide = (d: (typeof decisions)[number]) => void (decisions[index] = d);
      const { body, companyId, quantityMilli } = bid;
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
        return;
      }
      const at = now().toISOString();
      const refusal = refusalOf(space, piece, at);
      if (refusal || !space || !piece) {
        decide({ error: refusal ?? new AppError('NOT_FOUND') });
        return;
      }
      const mine = own.get(ownKey(pieceId, companyId));
      // The piece keeps its best valid price (modes 1, 4, 6); in modes 1 and 4 it is the last accepted bid.
      const best = piece.best_price === null ? null : Number(piece.best_price);
      const limit = acceptableLimit(mode, { base: Number(piece.base_price), step }, best, mine ? mine.price : null);
      if (!meetsLimit(mode, body.price, limit)) {
        decide({
          error: new AppError(isBuySide(mode) ? 'AUCTION_BID_TOO_HIGH' : 'AUCTION_BID_TOO_LOW', { limit: money(limit, space.currency) }),
        });
        return;
      }
      // Mode 6 lets a company keep its price and change only the quantity; an identical bid changes nothing.
      if (mode === 6 && mine && mine.price === body.price && mine.quantityMilli === quantityMilli) {
        decide({ error: new AppError('AUCTION_BID_TOO_LOW', { limit: money(mine.price + step, space.currency) }) });
        return;
      }
      await accept(index, space, piece, mine, at);
    };

    for (const index of decidingOrder(mode, batch)) await decideOne(index);

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

  const { atDesk } = createDesks<number, DeskBid, AuctionBid>(decideBatch, DESK_BATCH_MAX);
  return { atDesk };
}
export type BidDesk = ReturnType<typeof createBidDesk>;
