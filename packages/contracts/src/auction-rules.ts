import { auctionSide } from './trade-constants';

/**
 * The bidding rules of every auction mode, without storage, the same for the bid box and the
 * server: what price a bid may have now, who leads, how mode 6 fills, and what a piece's close
 * decides. Prices are integer cents, quantities thousandths of the unit.
 */

/** A bid as the rules see it. */
export interface RuleBid {
  id: number;
  companyId: number;
  seq: number;
  price: number;
  quantityMilli: number;
}

/** Modes 1 and 4 show the best price and its bidder's alias to everyone. */
export const isOpenOutcry = (mode: number): boolean => mode === 1 || mode === 4;
/** Modes 2 and 5: each bidder sees only its own bid and how many companies bid. */
export const isSealed = (mode: number): boolean => mode === 2 || mode === 5;
/** Anti-sniping applies to the modes where others see the price move. */
export const extendsNearEnd = (mode: number): boolean => mode === 1 || mode === 4 || mode === 6;
export const isBuySide = (mode: number): boolean => auctionSide(mode) === 'buy';

/** True when a price is the base price plus (sell) or minus (buy) whole steps. */
export function onStep(mode: number, price: number, base: number, step: number): boolean {
  const distance = isBuySide(mode) ? base - price : price - base;
  return distance >= 0 && distance % step === 0;
}

/**
 * The limit a new bid must meet now: the lowest acceptable price on the sell side, the highest on
 * the buy side. `best` is the piece's best valid bid (modes 1, 4), `own` the caller's live bid.
 */
export function acceptableLimit(mode: number, terms: { base: number; step: number }, best: number | null, own: number | null): number {
  const { base, step } = terms;
  switch (mode) {
    case 1:
      return best === null ? base : best + step;
    case 4:
      return best === null ? base : best - step;
    case 2:
      return own === null ? base : own + step;
    case 5:
      return own === null ? base : own - step;
    default:
      // Mode 6: a new bid replaces the company's own; its price may stay or rise, never fall.
      return own === null ? base : Math.max(base, own);
  }
}

/** True when `price` meets the limit in the mode's direction. */
export const meetsLimit = (mode: number, price: number, limit: number): boolean => (isBuySide(mode) ? price <= limit : price >= limit);

export type BidQuantityProblem = 'belowMin' | 'offStep' | 'aboveTotal';

/** Why a mode 6 quantity is refused, or null: minBidNum plus whole steps (any when the step is 0), at most the total. */
export function bidQuantityProblem(
  quantityMilli: number,
  piece: { minMilli: number; stepMilli: number; totalMilli: number },
): BidQuantityProblem | null {
  if (quantityMilli < piece.minMilli) return 'belowMin';
  if (quantityMilli > piece.totalMilli) return 'aboveTotal';
  if (piece.stepMilli > 0 && (quantityMilli - piece.minMilli) % piece.stepMilli !== 0) return 'offStep';
  return null;
}

/** True when a mode 6 quantity keeps the rule of `bidQuantityProblem`. */
export const quantityAllowed = (quantityMilli: number, piece: { minMilli: number; stepMilli: number; totalMilli: number }): boolean =>
  bidQuantityProblem(quantityMilli, piece) === null;

export type BidPriceProblem = 'tooLow' | 'tooHigh' | 'offStep';

/**
 * Why a price would be refused now, or null: first the limit of `acceptableLimit` in the mode's
 * direction, then the step grid of `onStep`.
 */
export function bidPriceProblem(
  mode: number,
  terms: { base: number; step: number },
  best: number | null,
  own: number | null,
  price: number,
): BidPriceProblem | null {
  if (!meetsLimit(mode, price, acceptableLimit(mode, terms, best, own))) return isBuySide(mode) ? 'tooHigh' : 'tooLow';
  if (!onStep(mode, price, terms.base, terms.step)) return 'offStep';
  return null;
}

/** Better first: the higher price (sell) or the lower (buy); at equal prices the earlier seq. */
export function ranked(mode: number, bids: RuleBid[]): RuleBid[] {
  const buy = isBuySide(mode);
  return [...bids].sort((a, b) => (a.price === b.price ? a.seq - b.seq : buy ? a.price - b.price : b.price - a.price));
}

export interface Allocation {
  fills: Map<number, number>;
  /** The lowest price still filled; null when nothing is. */
  clearingPrice: number | null;
  filledMilli: number;
}

/**
 * Mode 6: bids filled by price (high to low), then seq, until the total is used; the last filled
 * bid may get less than it asked.
 */
export function allocate(bids: RuleBid[], totalMilli: number): Allocation {
  const fills = new Map<number, number>();
  let left = totalMilli;
  let clearingPrice: number | null = null;
  for (const bid of ranked(6, bids)) {
    if (left <= 0) break;
    const fill = Math.min(left, bid.quantityMilli);
    fills.set(bid.id, fill);
    left -= fill;
    clearingPrice = bid.price;
  }
  return { fills, clearingPrice, filledMilli: totalMilli - left };
}

export interface Winner {
  bidId: number;
  companyId: number;
  price: number;
  fillMilli: number;
  seq: number;
}

export interface CloseOutcome {
  /** 1 deal, 2 unsold, 3 partial deal, 4 best bid misses the reserve (the owner decides). */
  tradeStatus: 1 | 2 | 3 | 4;
  /** Who would get what; for tradeStatus 4, what accepting would give. */
  winners: Winner[];
  /** The winning price (mode 6: the clearing price); null without winners. */
  dealPrice: number | null;
  dealMilli: number;
}

/** What a piece's close decides from its valid bids; `ignoreReserve` is the owner accepting. */
export function closeOutcome(
  mode: number,
  bids: RuleBid[],
  piece: { totalMilli: number; reserve: number | null },
  ignoreReserve = false,
): CloseOutcome {
  if (bids.length === 0) return { tradeStatus: 2, winners: [], dealPrice: null, dealMilli: 0 };
  const reserve = ignoreReserve ? null : piece.reserve;
  if (mode === 6) {
    const eligible = reserve === null ? bids : bids.filter((b) => b.price >= reserve);
    if (eligible.length === 0) {
      const all = closeOutcome(6, bids, piece, true);
      return { ...all, tradeStatus: 4 };
    }
    const { fills, clearingPrice, filledMilli } = allocate(eligible, piece.totalMilli);
    const winners = eligible
      .filter((b) => fills.has(b.id))
      .map((b) => ({ bidId: b.id, companyId: b.companyId, price: b.price, fillMilli: fills.get(b.id)!, seq: b.seq }));
    return { tradeStatus: filledMilli >= piece.totalMilli ? 1 : 3, winners, dealPrice: clearingPrice, dealMilli: filledMilli };
  }
  const best = ranked(mode, bids)[0]!;
  const winner: Winner = { bidId: best.id, companyId: best.companyId, price: best.price, fillMilli: piece.totalMilli, seq: best.seq };
  const missesReserve = reserve !== null && (isBuySide(mode) ? best.price > reserve : best.price < reserve);
  return { tradeStatus: missesReserve ? 4 : 1, winners: [winner], dealPrice: best.price, dealMilli: piece.totalMilli };
}
