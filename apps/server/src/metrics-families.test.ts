import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auctionTradeEndpoints as A } from '@portal/contracts/auction-trade';
import type { ManagedAuctionSpace } from '@portal/contracts/auction-trade';
import { messageEndpoints } from '@portal/contracts/messages';
import { orderEndpoints as O, type Order } from '@portal/contracts/orders';
import { auctionSpaceTerms } from './test/auction-terms';
import { parseScrape, sumOf, type Sample } from './test/prometheus-text';
import { openSse, type SseStream } from './test/sse-client';
import { createTestApp, type TestApp } from './test/test-app';
import { manualClock, withTraders, type TradingApp } from './test/trading';
import { canRunTwoServers, startTwoServers } from './test/two-servers';

/**
 * The families GET /metrics answers, scraped after the platform did some of everything it
 * measures: orders placed and refused, deposits frozen, released and forfeited, an auction with
 * bids accepted and refused and its room watched, a message stream resumed, timed jobs run (one
 * taken over from a lapsed claim), the ledger check run.
 */

const HOUR = 3_600_000;
const clock = manualClock('2027-06-01T08:00:00.000Z');
let t: TestApp;
let a: TradingApp;
let streams: SseStream[] = [];
let samples: Sample[];
let families: Map<string, string>;
const placed: Order[] = [];

const later = (ms: number) => new Date(clock.now().getTime() + ms).toISOString();
const scrape = async () => parseScrape((await t.app.inject({ method: 'GET', url: '/metrics' })).body);
const orderAction = (who: 'buyer01' | 'supplier01', action: 'confirm' | 'cancel', order: Order) =>
  a.ok<Order>(who, O[action].path, { orderNo: order.orderNo, note: '', fileIds: [] });

beforeAll(async () => {
  t = await createTestApp({ NODE_ID: 'node-m', AUCTION_BIDS_PER_SECOND: '1000' }, { now: clock.now });
  a = await withTraders(t, ['admin', 'buyer01', 'buyer02', 'buyer03', 'supplier01']);
  const base = await t.app.listen({ host: '127.0.0.1', port: 0 });

  // A message stream opened again after event 0: one resume.
  streams.push(await openSse(`${base}${messageEndpoints.stream.path}`, { token: a.tokens.buyer01, 'last-event-id': '0' }));

  // An auction of supplier01 with two registered bidders (their deposits frozen), then started.
  const draft = await a.ok<ManagedAuctionSpace>('supplier01', A.save.path, auctionSpaceTerms(a.leaf.code, clock.now()));
  await a.ok('supplier01', A.submit.path, { spaceId: draft.spaceId });
  const space = await a.ok<ManagedAuctionSpace>('admin', A.review.path, { spaceId: draft.spaceId, pass: true, reviewRemark: '' });
  for (const who of ['buyer01', 'buyer02'] as const) {
    await a.credit(who, space.deposit);
    await a.ok(who, A.register.path, { spaceId: space.spaceId });
  }
  clock.set(space.auctionBeginTime);
  await t.app.live.scheduler.runDue();
  // The room watched by a visitor who had seen nothing yet: a second resume.
  streams.push(await openSse(`${base}${A.stream.path}?spaceId=${space.spaceId}`, { 'last-event-id': '0' }));
  const bid = (who: 'buyer01' | 'buyer02', price: number) => ({
    spaceId: space.spaceId,
    pieceId: space.itemList[0]!.id,
    price,
    requestId: `metrics-${who}-${price}`,
  });
  await a.ok('buyer01', A.place.path, bid('buyer01', 61_000));
  expect((await a.refused('buyer02', A.place.path, bid('buyer02', 61_000))).code).toBe('140004');
  await a.ok('buyer02', A.place.path, bid('buyer02', 62_000));

  // Margin orders: one kept, one cancelled (its deposit released), one refused for want of deposit.
  const margin = await a.listingOnSale('supplier01', { listingType: 'D', depositRatio: 10, singlePrice: 100_000, objListingNum: 10 });
  await a.credit('buyer01', 1_000_000);
  placed.push(await a.place('buyer01', margin.tradeListingCode, 2), await a.place('buyer01', margin.tradeListingCode, 1));
  await orderAction('buyer01', 'cancel', placed[1]!);
  expect((await a.refused('buyer03', O.place.path, a.orderTerms(margin.tradeListingCode, 2))).code).toBe('130001');

  // The kept order confirmed and left unpaid past its deadline. Its reminder was claimed by a
  // server that stopped: this server takes it over. Then the seller cancels and takes the deposit.
  await orderAction('supplier01', 'confirm', placed[0]!);
  clock.advanceHours(73);
  await t.database.db
    .updateTable('scheduled_jobs')
    .set({ lease_owner: 'node-gone:dead0001', lease_until: later(-HOUR) })
    .where('key', '=', placed[0]!.orderNo)
    .where('state', '=', 'pending')
    .execute();
  await t.app.live.scheduler.runDue();
  await orderAction('supplier01', 'cancel', placed[0]!);
  await t.app.live.periodic.runNow('deposit-ledger-check');

  ({ samples, families } = await scrape());
}, 60_000);

afterAll(async () => {
  for (const s of streams) s.close();
  streams = [];
  await t?.close();
});

describe('GET /metrics after some of everything', () => {
  it('times the requests by route and status, with the one in flight', () => {
    expect(families.get('portal_http_request_duration_seconds')).toBe('histogram');
    const placing = (status: string) =>
      sumOf(samples, 'portal_http_request_duration_seconds_count', { route: O.place.path, method: 'POST', status_code: status });
    // Two orders and the refusal for want of deposit, which the catalogue answers with 200.
    expect(placing('200')).toBe(3);
    const bidding = (status: string) =>
      sumOf(samples, 'portal_http_request_duration_seconds_count', { route: A.place.path, method: 'POST', status_code: status });
    expect([bidding('200'), bidding('409')]).toEqual([2, 1]);
    expect(sumOf(samples, 'portal_http_requests_in_flight')).toBe(1);
    // The streams are not requests in flight for their whole life.
    expect(sumOf(samples, 'portal_http_request_duration_seconds_count', { route: messageEndpoints.stream.path })).toBe(0);
  });

  it('times the database queries by kind, and the pool and Redis where there are any', () => {
    for (const kind of ['select', 'insert', 'update', 'transaction'])
      expect(sumOf(samples, 'portal_db_query_duration_seconds_count', { kind }), kind).toBeGreaterThan(0);
    expect(families.has('portal_db_pool_connections')).toBe(t.database.dialect === 'postgres');
    expect(families.has('portal_db_pool_waiting')).toBe(t.database.dialect === 'postgres');
    if (process.env.TEST_REDIS_URL)
      expect(sumOf(samples, 'portal_redis_command_duration_seconds_count', { command: 'GET' })).toBeGreaterThan(0);
    else expect(sumOf(samples, 'portal_redis_command_duration_seconds_count')).toBe(0);
    expect(families.get('portal_event_bus_lag_seconds')).toBe('histogram');
  });

  it('times the timed jobs from due to done, counts the takeover, and reads the backlog', () => {
    expect(sumOf(samples, 'portal_job_lag_seconds_count')).toBeGreaterThanOrEqual(2);
    // The reminder was due 13 hours before the clock reached it.
    expect(sumOf(samples, 'portal_job_lag_seconds_bucket', { le: '3600' })).toBeLessThan(sumOf(samples, 'portal_job_lag_seconds_count'));
    expect(sumOf(samples, 'portal_job_lease_takeovers_total')).toBe(1);
    expect(sumOf(samples, 'portal_jobs', { state: 'pending' })).toBeGreaterThan(0);
    expect(families.get('portal_jobs_overdue_seconds')).toBe('gauge');
  });

  it('counts the live streams open, the events sent to them and the resumes', () => {
    for (const kind of ['message', 'auction']) {
      expect(sumOf(samples, 'portal_sse_streams_open', { kind }), kind).toBe(1);
      expect(sumOf(samples, 'portal_sse_events_sent_total', { kind }), kind).toBeGreaterThan(0);
      expect(sumOf(samples, 'portal_sse_resumes_total', { kind }), kind).toBe(1);
    }
  });

  it('counts orders and bids, accepted and refused by reason, tender openings, and deposit money by currency', () => {
    expect(sumOf(samples, 'portal_orders_placed_total')).toBe(2);
    expect(sumOf(samples, 'portal_orders_refused_total', { reason: 'DEPOSIT_NOT_AVAILABLE', code: '130001' })).toBe(1);
    expect(sumOf(samples, 'portal_auction_bids_accepted_total')).toBe(2);
    expect(sumOf(samples, 'portal_auction_bids_refused_total', { reason: 'AUCTION_BID_TOO_LOW', code: '140004' })).toBe(1);
    expect(families.get('portal_tender_openings_total')).toBe('counter');
    const cents = (movement: string) => sumOf(samples, 'portal_deposit_moved_cents_total', { movement, currency: 'CNY' });
    const deposits = placed.map((o) => o.depositFrozen);
    expect(cents('frozen')).toBe(2 * 500_000 + deposits[0]! + deposits[1]!);
    // The cancelled order's deposit, and the losing bidder's once the auction closed.
    expect(cents('released')).toBe(deposits[1]! + 500_000);
    expect(cents('forfeited')).toBe(deposits[0]);
  });

  it('says the deposit ledgers agree, and carries the process metrics and this node', () => {
    expect(sumOf(samples, 'portal_deposit_ledger_mismatch')).toBe(0);
    expect(sumOf(samples, 'portal_deposit_ledger_checked_timestamp_seconds')).toBe(clock.now().getTime() / 1000);
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
    ])
      expect(families.has(name), name).toBe(true);
    expect(sumOf(samples, 'portal_node_info', { node: 'node-m' })).toBe(1);
  });

  it('turns the money gauge to 1 at the next check after an account row is edited by hand, and back once it is put right', async () => {
    const db = t.database.db;
    // The ledger's entries cannot be changed (a trigger refuses it); the balance beside them can.
    const account = await db.selectFrom('deposit_accounts').select(['id', 'balance']).orderBy('id').executeTakeFirstOrThrow();
    const balanceOff = (by: number) =>
      db
        .updateTable('deposit_accounts')
        .set({ balance: Number(account.balance) + by })
        .where('id', '=', account.id)
        .execute();
    await balanceOff(1);
    try {
      // Within the same interval another check is not due: the last outcome stands.
      await t.app.live.periodic.runNow('deposit-ledger-check');
      expect(sumOf((await scrape()).samples, 'portal_deposit_ledger_mismatch')).toBe(0);
      clock.advanceHours(1 / 60);
      await t.app.live.periodic.runNow('deposit-ledger-check');
      expect(sumOf((await scrape()).samples, 'portal_deposit_ledger_mismatch')).toBe(1);
    } finally {
      await balanceOff(0);
    }
    clock.advanceHours(1 / 60);
    await t.app.live.periodic.runNow('deposit-ledger-check');
    expect(sumOf((await scrape()).samples, 'portal_deposit_ledger_mismatch')).toBe(0);
  });
});

describe.skipIf(!canRunTwoServers)('two servers on PostgreSQL and Redis', () => {
  it('count a change once, on the server that made it, and time its way to the other', async () => {
    const two = await startTwoServers();
    try {
      const [first, second] = two.servers;
      const b = await withTraders({ app: first.app, database: first.database, kv: first.kv } as TestApp, [
        'admin',
        'buyer01',
        'supplier01',
      ]);
      const listing = await b.listingOnSale('supplier01');
      await b.place('buyer01', listing.tradeListingCode, 1);
      const read = async (server: typeof first) => parseScrape((await server.app.inject({ method: 'GET', url: '/metrics' })).body).samples;
      expect(sumOf(await read(first), 'portal_orders_placed_total')).toBe(1);
      await expect.poll(async () => sumOf(await read(second), 'portal_event_bus_lag_seconds_count')).toBeGreaterThan(0);
      expect(sumOf(await read(second), 'portal_orders_placed_total')).toBe(0);
    } finally {
      await two.close();
    }
  });
});
