import { createClosing } from './close';
import { createBiddingContext, type BiddingDeps } from './context';
import { createBidDesk } from './desk';
import { createBidPlacing } from './place';
import { createRoomViews } from './room-views';
import { createSettling } from './settle';

export type { AuctionOrders, BiddingDeps } from './context';

/**
 * Live bidding: a space's waiting bids are decided together in one transaction under its lock
 * and take its next seqs (gap-free, ordered by the server alone), each mode's rule decides what
 * is acceptable, anti-sniping moves ends, the room shows what each viewer may see, and the
 * scheduler starts spaces and closes pieces exactly once.
 * A close counts only bids accepted before the end; winners get orders, losers their deposits.
 * The commands live in files named for what they do; this joins them over one shared context.
 */
export function createAuctionBiddingService(deps: BiddingDeps) {
  const c = createBiddingContext(deps);
  const settling = createSettling(c);
  const { orderFinished } = settling;
  return {
    ...createBidPlacing(c, createBidDesk(c)),
    ...createRoomViews(c),
    ...createClosing(c, settling),
    orderFinished,
  };
}
export type AuctionBiddingService = ReturnType<typeof createAuctionBiddingService>;
