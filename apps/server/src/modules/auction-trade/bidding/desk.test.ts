import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuctionBid, ManagedAuctionSpace } from '@portal/contracts/auction-trade';
import { createTestApp } from '../../../test/test-app';
import { manualClock, type Trader } from '../../../test/trading';
import type { WritePath } from '../../../platform/write-path';
import { verifyChain } from '../auction-chain';
import { auctionHelpers, CLOCK_START, createAuctionApp, type AuctionApp } from '../auction.fixture';

const BIDDERS = ['buyer01', 'buyer02', 'buyer03', 'supplier02', 'supplier03'] as const satisfies readonly Trader[];

/**
 * Holds the desk's first transaction until `release()` and records how many bids each batch
 * decided, so that bids sent meanwhile wait at the desk and are decided together in the next one.
 * `during` runs when a batch starts deciding (after the hold), before its rule.
 */
function holdFirstBatch(writes: WritePath, during: (batch: number) => void = () => {}) {
  const original = writes.writeMany;
  const sizes: number[] = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let calls = 0;
  let firstDone!: () => void;
  const first = new Promise<void>((resolve) => (firstDone = resolve));
  writes.writeMany = async (fn) => {
    const batch = ++calls;
    if (batch === 1) await released;
    const written = original(async (trx, emit, logRows) => {
      // A later batch may start while the first still decides (it then waits for the hold):
      // `during` sees it begin deciding once the first is done.
      if (batch > 1) await first;
      during(batch);
      const outcome = await fn(trx, emit, logRows);
      sizes.push((outcome.value as { decisions: unknown[] }).decisions.length);
      return outcome;
    });
    if (batch === 1) written.then(firstDone, firstDone);
    return written;
  };
  return {
    sizes,
    /** Resolves once the first batch has reached the hold. */
    held: async () => {
      while (calls === 0) await new Promise((r) => setTimeout(r, 5));
    },
    /** Lets the first batch go once the bids sent meanwhile had time to pass their checks and queue. */
    release: async () => {
      await new Promise((r) => setTimeout(r, 1000));
      release();
    },
    restore: () => {
      writes.writeMany = original;
    },
  };
}

/** An answer of the place endpoint: the bid, or the refusal's code. */
const placed = (a: AuctionApp, who: Trader, body: ReturnType<AuctionApp['bidBody']>) =>
  a.post(who, '/auction/ws/bid/place', body).then((res) => {
    const e = res.json() as { error_no: string; data: unknown };
    return e.error_no === '0' ? { bid: e.data as AuctionBid, code: '0' } : { bid: null, code: e.error_no };
  });

async function storedBids(a: AuctionApp, spaceId: string) {
  return a.database.db.selectFrom('auction_bids').selectAll().where('space_id', '=', Number(spaceId)).orderBy('seq').execute();
}

/** How many bids of a space the operation log records; each row must hold the answer of one stored bid, in seq order. */
async function bidLogRows(a: AuctionApp, spaceId: string) {
  const rows = await a.database.db
    .selectFrom('operation_log')
    .select('after_json')
    .where('resource', '=', 'auction')
    .where('record_id', '=', spaceId)
    .where('action', '=', 'bid')
    .orderBy('id')
    .execute();
  const logged = rows.map((r) => JSON.parse(r.after_json!) as AuctionBid);
  const stored = await storedBids(a, spaceId);
  // Each logged answer names a stored bid by its id, and a later seq has a later id.
  const byId = new Map(stored.map((b) => [String(b.id), b]));
  expect(logged.map((l) => [l.seq, byId.get(l.bidId)?.seq])).toEqual(logged.map((l) => [l.seq, l.seq]));
  expect(stored.map((b) => b.id)).toEqual([...stored.map((b) => b.id)].sort((x, y) => x - y));
  return rows.length;
}

describe('the bid desk decides the bids waiting for a space together', () => {
  let a: AuctionApp;
  beforeAll(async () => {
    a = await createAuctionApp();
  });
  afterAll(async () => {
    await a.close();
  });

  let day = 10;
  const terms = () => {
    day += 1;
    const d = `2027-08-${String(day).padStart(2, '0')}`;
    a.clock.set(`${d}T08:00:00.000Z`);
    return { auctionBeginTime: `${d}T09:00:00.000Z`, auctionEndTime: `${d}T10:00:00.000Z` };
  };

  it('refuses in a batch what the bids before it beat, with the right error, and writes nothing for it', async () => {
    const space = await a.running('supplier01', [...BIDDERS], terms());
    const hold = holdFirstBatch(a.app.live.writes);
    try {
      const first = placed(a, 'buyer01', a.bidBody(space, 60_000));
      await hold.held();
      const together = Promise.all([
        placed(a, 'buyer02', a.bidBody(space, 60_000)),
        placed(a, 'buyer03', a.bidBody(space, 62_000)),
        placed(a, 'supplier02', a.bidBody(space, 61_000)),
        placed(a, 'supplier03', a.bidBody(space, 61_000)),
      ]);
      await hold.release();
      const [lead, [same, higher, step1, step1Again]] = await Promise.all([first, together]);
      expect(hold.sizes).toEqual([1, 4]);
      expect(lead.code).toBe('0');
      // 60,000 is already the best: too low. Of the two 61,000 one is first and the other too low.
      expect(same.code).toBe('140004');
      expect([step1.code, step1Again.code].sort()).toEqual(['0', '140004']);
      expect(higher.code).toBe('0');
      // Decided by price: 61,000 took seq 2 before 62,000 took seq 3.
      expect(higher.bid!.seq).toBe(3);
      const bids = await storedBids(a, space.spaceId);
      expect(bids.map((b) => [Number(b.seq), Number(b.price)])).toEqual([
        [1, 60_000],
        [2, 61_000],
        [3, 62_000],
      ]);
      expect((await verifyChain(a.database.db, Number(space.spaceId))).ok).toBe(true);
      expect(await bidLogRows(a, space.spaceId)).toBe(3);
      const piece = await a.database.db
        .selectFrom('auction_pieces')
        .select(['best_price', 'bidder_count'])
        .where('space_id', '=', Number(space.spaceId))
        .executeTakeFirstOrThrow();
      expect([Number(piece.best_price), piece.bidder_count]).toEqual([62_000, 3]);
    } finally {
      hold.restore();
    }
  });

  it('answers the same request id twice in one batch with one bid, and refuses its reuse for another price', async () => {
    const space = await a.running('supplier01', [...BIDDERS], terms());
    const hold = holdFirstBatch(a.app.live.writes);
    try {
      const first = placed(a, 'buyer01', a.bidBody(space, 60_000));
      await hold.held();
      const together = Promise.all([
        placed(a, 'buyer02', a.bidBody(space, 61_000, { requestId: 'desk-twice-1' })),
        placed(a, 'buyer02', a.bidBody(space, 61_000, { requestId: 'desk-twice-1' })),
        placed(a, 'buyer03', a.bidBody(space, 62_000, { requestId: 'desk-twice-2' })),
        placed(a, 'buyer03', a.bidBody(space, 63_000, { requestId: 'desk-twice-2' })),
      ]);
      await hold.release();
      const [, [once, twice, reused, reusedAgain]] = await Promise.all([first, together]);
      expect(hold.sizes).toEqual([1, 4]);
      expect(once.code).toBe('0');
      expect(twice).toEqual(once);
      expect(reused.code).toBe('0');
      expect(reusedAgain.code).toBe('140012');
      const bids = await storedBids(a, space.spaceId);
      expect(bids.map((b) => [b.request_id.startsWith('desk-twice') ? b.request_id : 'first', Number(b.price)])).toEqual([
        ['first', 60_000],
        ['desk-twice-1', 61_000],
        ['desk-twice-2', 62_000],
      ]);
      expect(await bidLogRows(a, space.spaceId)).toBe(3);
    } finally {
      hold.restore();
    }
  });

  it('many concurrent bids: seq without a gap, each accepted price above the one before, every accepted answer one stored bid', async () => {
    const space = await a.running('supplier01', [...BIDDERS], terms());
    // The bids as the room's stream learns of them: in the order their batches committed.
    const announced: number[] = [];
    const stop = a.app.live.events.subscribe((e) => {
      if (e.action === 'bid' && e.key === space.spaceId) announced.push(Number(e.data?.seq));
    });
    const attempts = [];
    for (let round = 0; round < 8; round++) {
      for (const [i, who] of BIDDERS.entries()) {
        // Prices race: later rounds of some bidders overtake earlier ones of others.
        const steps = round * BIDDERS.length + ((i * 3) % BIDDERS.length);
        attempts.push(placed(a, who, a.bidBody(space, 60_000 + steps * 1_000)));
      }
    }
    const answers = await Promise.all(attempts);
    expect(answers.every((x) => x.code === '0' || x.code === '140004')).toBe(true);
    const accepted = answers.filter((x) => x.code === '0').map((x) => x.bid!);
    const bids = await storedBids(a, space.spaceId);
    expect(bids.map((b) => Number(b.seq))).toEqual(bids.map((_, i) => i + 1));
    for (let i = 1; i < bids.length; i++) expect(Number(bids[i]!.price)).toBeGreaterThan(Number(bids[i - 1]!.price));
    expect(accepted.map((b) => [b.seq, b.price, b.bidId]).sort((x, y) => Number(x[0]) - Number(y[0]))).toEqual(
      bids.map((b) => [Number(b.seq), Number(b.price), String(b.id)]),
    );
    expect((await verifyChain(a.database.db, Number(space.spaceId))).ok).toBe(true);
    expect(await bidLogRows(a, space.spaceId)).toBe(bids.length);
    // Batches overlap (the next waits for the hold while one decides), yet every bid is announced once, in seq order.
    stop();
    expect(announced).toEqual(bids.map((b) => Number(b.seq)));
  });
});

describe('a batch that reaches the end', () => {
  it('accepts the bids decided before the end and refuses the rest, writing nothing for them', async () => {
    // A clock that moves on by a millisecond each time it is read while `ticking`.
    const clock = manualClock(CLOCK_START);
    let ticking = false;
    const now = () => {
      const at = clock.now();
      if (ticking) clock.set(new Date(at.getTime() + 1).toISOString());
      return at;
    };
    const t = await createTestApp({ AUCTION_BIDS_PER_SECOND: '1000' }, { now });
    const a = await auctionHelpers(t, clock);
    try {
      const space: ManagedAuctionSpace = await a.running('supplier01', [...BIDDERS]);
      const end = new Date(space.auctionEndTime).getTime();
      const hold = holdFirstBatch(a.app.live.writes, (batch) => {
        if (batch !== 2) return;
        // The second batch starts deciding two milliseconds before the end.
        clock.set(new Date(end - 2).toISOString());
        ticking = true;
      });
      try {
        const first = placed(a, 'buyer01', a.bidBody(space, 60_000));
        await hold.held();
        const together = Promise.all([
          placed(a, 'buyer02', a.bidBody(space, 61_000)),
          placed(a, 'buyer03', a.bidBody(space, 62_000)),
          placed(a, 'supplier02', a.bidBody(space, 63_000)),
          placed(a, 'supplier03', a.bidBody(space, 64_000)),
        ]);
        await hold.release();
        const [lead, answers] = await Promise.all([first, together]);
        ticking = false;
        expect(hold.sizes).toEqual([1, 4]);
        expect(lead.code).toBe('0');
        expect(answers.map((x) => x.code)).toEqual(['0', '0', '140009', '140009']);
        const bids = await storedBids(a, space.spaceId);
        expect(bids.map((b) => Number(b.price))).toEqual([60_000, 61_000, 62_000]);
        expect(bids.every((b) => b.at < space.auctionEndTime)).toBe(true);
        expect((await verifyChain(a.database.db, Number(space.spaceId))).ok).toBe(true);
        expect(await bidLogRows(a, space.spaceId)).toBe(3);
      } finally {
        hold.restore();
      }
    } finally {
      ticking = false;
      await t.close();
    }
  });
});
