import { afterAll, beforeAll } from 'vitest';
import type {
  AuctionBid,
  AuctionPieceSaveBody,
  AuctionRegistration,
  AuctionRoom,
  AuctionSpaceSaveBody,
  ManagedAuctionSpace,
} from '@portal/contracts/auction-trade';
import { createTestApp, type TestApp } from '../../test/test-app';
import { manualClock, withTraders, type Trader } from '../../test/trading';

/** When the fixture's clock starts; spaces begin an hour later and run an hour. */
export const CLOCK_START = '2027-06-01T08:00:00.000Z';
export const BEGIN = '2027-06-01T09:00:00.000Z';
export const END = '2027-06-01T10:00:00.000Z';

/**
 * A test app for auctions: the demo traders signed in, a hand-moved clock, and helpers to build a
 * space, register, run the scheduler and bid. `env` overrides settings (the bid rate limit is
 * raised unless a test sets it, since a test bids faster than people do).
 */
export async function createAuctionApp(env: Record<string, string> = {}) {
  const clock = manualClock(CLOCK_START);
  const t = await createTestApp({ AUCTION_BIDS_PER_SECOND: '1000', ...env }, { now: clock.now });
  return auctionHelpers(t, clock);
}

/** The auction helpers over any test app whose clock is `clock` (one server, or the first of two). */
export async function auctionHelpers(t: TestApp, clock: ReturnType<typeof manualClock>) {
  const tr = await withTraders(t, ['admin', 'buyer01', 'buyer02', 'buyer03', 'supplier01', 'supplier02', 'supplier03']);

  const piece = (overrides: Partial<AuctionPieceSaveBody> = {}): AuctionPieceSaveBody => ({
    pieceName: '动力煤 Q5500 第1标',
    varietyCode: tr.leaf.code,
    totalWeight: 1000,
    basePrice: 60_000,
    paymentType: 2,
    transportWay: 'A',
    deliveryPlace: '山西太原',
    ...overrides,
  });
  const spaceTerms = (overrides: Partial<AuctionSpaceSaveBody> = {}, pieces?: AuctionPieceSaveBody[]): AuctionSpaceSaveBody => ({
    spaceName: '晋煤销售竞拍专场',
    name: '煤炭 / 动力煤',
    spaceAuctionMode: 1,
    auctionBeginTime: BEGIN,
    auctionEndTime: END,
    priceStep: 1_000,
    deposit: 500_000,
    delayWindowSec: 0,
    delaySec: 0,
    itemList: pieces ?? [piece()],
    ...overrides,
  });

  /** A space saved, submitted and approved (status 2). */
  async function approved(owner: Trader, overrides: Partial<AuctionSpaceSaveBody> = {}, pieces?: AuctionPieceSaveBody[]) {
    const draft = await tr.ok<ManagedAuctionSpace>(owner, '/auction/ws/auctionSpaceInfo/save', spaceTerms(overrides, pieces));
    await tr.ok(owner, '/auction/ws/auctionSpaceInfo/submit', { spaceId: draft.spaceId });
    return tr.ok<ManagedAuctionSpace>('admin', '/auction/ws/auctionSpaceInfo/review', {
      spaceId: draft.spaceId,
      pass: true,
      reviewRemark: '',
    });
  }

  const runDue = () => t.app.live.scheduler.runDue();

  /** Credits each bidder enough deposit and registers it. */
  async function register(space: ManagedAuctionSpace, bidders: Trader[]): Promise<AuctionRegistration[]> {
    const out: AuctionRegistration[] = [];
    for (const who of bidders) {
      if (space.deposit > 0) await tr.credit(who, space.deposit);
      out.push(await tr.ok<AuctionRegistration>(who, '/auction/ws/auctionSpaceInfo/register', { spaceId: space.spaceId }));
    }
    return out;
  }

  /** An approved space with registered bidders, moved to its start: auctioning (4). */
  async function running(owner: Trader, bidders: Trader[], overrides: Partial<AuctionSpaceSaveBody> = {}, pieces?: AuctionPieceSaveBody[]) {
    const space = await approved(owner, overrides, pieces);
    await register(space, bidders);
    clock.set(space.auctionBeginTime);
    await runDue();
    return space;
  }

  let requestSeq = 0;
  const bidBody = (
    space: ManagedAuctionSpace,
    price: number,
    extra: { pieceIndex?: number; quantity?: number; requestId?: string } = {},
  ) => ({
    spaceId: space.spaceId,
    pieceId: space.itemList[extra.pieceIndex ?? 0]!.id,
    price,
    ...(extra.quantity !== undefined ? { quantity: extra.quantity } : {}),
    requestId: extra.requestId ?? `bid-${++requestSeq}-${Date.now()}`,
  });
  const bid = (who: Trader, space: ManagedAuctionSpace, price: number, extra: Parameters<typeof bidBody>[2] = {}) =>
    tr.ok<AuctionBid>(who, '/auction/ws/bid/place', bidBody(space, price, extra));
  const refusedBid = (who: Trader, space: ManagedAuctionSpace, price: number, extra: Parameters<typeof bidBody>[2] = {}) =>
    tr.refused(who, '/auction/ws/bid/place', bidBody(space, price, extra));

  /** Everything that a refused bid must leave as it was. */
  async function bidState(spaceId: string) {
    const db = t.database.db;
    const space = await db
      .selectFrom('auction_spaces')
      .select(['last_seq', 'chain_digest'])
      .where('id', '=', Number(spaceId))
      .executeTakeFirstOrThrow();
    const bids = await db
      .selectFrom('auction_bids')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const pieces = await db
      .selectFrom('auction_pieces')
      .select(['end_at', 'best_price', 'bidder_count'])
      .where('space_id', '=', Number(spaceId))
      .execute();
    return { lastSeq: Number(space.last_seq), digest: space.chain_digest, bids: Number(bids.n), pieces };
  }

  return { ...tr, clock, piece, spaceTerms, approved, register, running, runDue, bidBody, bid, refusedBid, bidState };
}
export type AuctionApp = Awaited<ReturnType<typeof createAuctionApp>>;

/**
 * One auction app for a test file, with a day of its own for each test (so their spaces and
 * clocks never meet) and the room and owner's detail at hand. The helpers read the app the hooks
 * made, so they are called inside tests only.
 */
export function auctionTestKit(env: Record<string, string> = {}) {
  let a: AuctionApp;
  beforeAll(async () => {
    a = await createAuctionApp(env);
  });
  afterAll(async () => {
    await a.close();
  });
  let day = 10;
  return {
    app: () => a,
    window() {
      day += 1;
      const d = `2027-07-${String(day).padStart(2, '0')}`;
      a.clock.set(`${d}T08:00:00.000Z`);
      return { auctionBeginTime: `${d}T09:00:00.000Z`, auctionEndTime: `${d}T10:00:00.000Z`, end: `${d}T10:00:00.000Z` };
    },
    room: (who: Parameters<AuctionApp['ok']>[0], spaceId: string) =>
      a.ok<AuctionRoom>(who, '/auction/ws/auctionSpaceInfo/room', { spaceId }),
    detail: (who: Parameters<AuctionApp['ok']>[0], spaceId: string) =>
      a.ok<ManagedAuctionSpace>(who, '/auction/ws/auctionSpaceInfo/myDetail', { spaceId }),
  };
}
