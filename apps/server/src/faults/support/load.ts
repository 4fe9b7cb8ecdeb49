import { ERRORS } from '@portal/contracts/errors';
import type { ManagedAuctionSpace } from '@portal/contracts/auction-trade';
import type { Db } from '../../db/database';
import type { Trader } from '../../test/trading';
import { fromGateway, post, RETRYABLE, Session, newTally, type Answer, type Tally } from './client';

/** A write the server acknowledged, with when and where. */
export interface Acknowledged {
  kind: 'order' | 'bid';
  requestId: string;
  /** orderNo or bidId. */
  id: string;
  node: string;
  at: number;
}

/** Refusals that are the trade's own answers under contention, not faults. */
const BID_REFUSALS = new Set([ERRORS.AUCTION_BID_TOO_LOW.code]);

/**
 * Orders and bids sent without pause by several traders through every node, each write retried
 * (same requestId) on a retryable answer or a network failure until it is answered, signing in
 * again when a session is lost: what careful clients do during an outage.
 */
export function startLoad(opts: {
  nodes: () => string[];
  listingCode: string;
  space: ManagedAuctionSpace;
  buyers: Trader[];
  bidders: Trader[];
}) {
  const tally: Tally = newTally();
  const sessions = new Map<Trader, Session>();
  const sessionOf = (who: Trader) => {
    let s = sessions.get(who);
    if (!s) sessions.set(who, (s = new Session(who, tally)));
    return s;
  };
  const acknowledged: Acknowledged[] = [];
  const attempts: { at: number; node: string; answer: Answer }[] = [];
  let inFlight = 0;
  let running = true;
  let turn = 0;
  let price = 100_000;
  let requestNo = 0;
  const runId = Date.now().toString(36);

  /** One write until it is answered; retryable answers and network failures are tried again on the next node. */
  async function write(
    who: Trader,
    kind: 'order' | 'bid',
    path: string,
    body: Record<string, unknown>,
    isRefusal: (code: string) => boolean,
  ) {
    const session = sessionOf(who);
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const nodes = opts.nodes();
      const url = nodes[turn++ % nodes.length]!;
      const token = await session.current(url);
      if (!token) {
        tally.network++;
        await new Promise((resolve) => setTimeout(resolve, 100));
        continue;
      }
      tally.sent++;
      inFlight++;
      const answer = await post(url, path, body, token);
      inFlight--;
      attempts.push({ at: Date.now(), node: url, answer });
      if (answer.kind === 'network' || answer.code === RETRYABLE || fromGateway(answer)) {
        if (answer.kind === 'network') tally.network++;
        else if (fromGateway(answer)) tally.gateway++;
        else tally.retryable++;
        await new Promise((resolve) => setTimeout(resolve, 100));
        continue;
      }
      if (answer.status === 401) {
        await session.renew(url, token);
        continue;
      }
      if (answer.code === '0') {
        tally.acknowledged++;
        const data = answer.data as { orderNo?: string; bidId?: string };
        acknowledged.push({ kind, requestId: String(body.requestId), id: String(data.orderNo ?? data.bidId), node: url, at: Date.now() });
      } else if (isRefusal(answer.code)) tally.refused++;
      else tally.unexpected.push(`${path} ${answer.status} ${answer.code} ${answer.info}`);
      return;
    }
    tally.unexpected.push(`${path}: not answered within a minute`);
  }

  const orderWorker = async (who: Trader) => {
    while (running) {
      await write(
        who,
        'order',
        '/commtrade/ws/order/place',
        {
          tradeListingCode: opts.listingCode,
          quantity: 1,
          deliveryAddress: '河北石家庄中华大街 1 号',
          contactName: '李明',
          contactPhone: '13800000001',
          requestId: `fault-${runId}-o${++requestNo}`,
        },
        () => false,
      );
    }
  };
  const bidWorker = async (who: Trader) => {
    const piece = opts.space.itemList[0]!;
    while (running) {
      price += 1_000;
      await write(
        who,
        'bid',
        '/auction/ws/bid/place',
        { spaceId: opts.space.spaceId, pieceId: piece.id, price, requestId: `fault-${runId}-b${++requestNo}` },
        (code) => BID_REFUSALS.has(code),
      );
    }
  };
  const workers = [...opts.buyers.map(orderWorker), ...opts.bidders.map(bidWorker)];

  return {
    tally,
    acknowledged,
    attempts,
    inFlight: () => inFlight,
    /** Stops sending new writes and waits for those under way to be answered. */
    async stop(): Promise<void> {
      running = false;
      await Promise.all(workers);
    },
  };
}

/** The acknowledged writes the database does not hold (by their request and id): must be none. */
export async function lostWrites(db: Db, acknowledged: Acknowledged[]): Promise<Acknowledged[]> {
  const orders = acknowledged.filter((a) => a.kind === 'order');
  const bids = acknowledged.filter((a) => a.kind === 'bid');
  const storedOrders = new Set<string>();
  const storedBids = new Set<string>();
  for (let i = 0; i < orders.length; i += 500) {
    const chunk = orders.slice(i, i + 500);
    const rows = await db
      .selectFrom('orders')
      .select(['order_no', 'request_id'])
      .where(
        'order_no',
        'in',
        chunk.map((o) => o.id),
      )
      .execute();
    for (const r of rows) storedOrders.add(`${r.order_no}:${r.request_id}`);
  }
  for (let i = 0; i < bids.length; i += 500) {
    const chunk = bids.slice(i, i + 500);
    const rows = await db
      .selectFrom('auction_bids')
      .select(['id', 'request_id'])
      .where(
        'id',
        'in',
        chunk.map((b) => Number(b.id)),
      )
      .execute();
    for (const r of rows) storedBids.add(`${r.id}:${r.request_id}`);
  }
  return acknowledged.filter((a) => !(a.kind === 'order' ? storedOrders : storedBids).has(`${a.id}:${a.requestId}`));
}
