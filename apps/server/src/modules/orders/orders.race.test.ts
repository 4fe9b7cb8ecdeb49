import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManagedListing } from '@portal/contracts/listing-manage';
import { expectDepositsConsistent } from '../../test/deposits';
import { envelope, login } from '../../test/test-app';
import { createTradingApp, manualClock, TRADERS, type Trader, type TradingApp } from '../../test/trading';
import { canRunTwoServers, startTwoServers, type TwoServers } from '../../test/two-servers';

/** Twenty buyers from five companies (four people each), all ordering one lot at the same moment. */
const RACERS: Trader[] = ['buyer01', 'buyer02', 'buyer03', 'supplier02', 'supplier03'];
const ATTEMPTS = 20;
const LOTS = 10;

const placeBody = (code: string, i: number) => ({
  tradeListingCode: code,
  quantity: 1,
  deliveryAddress: '天津港 3 号码头',
  contactName: '赵六',
  contactPhone: '13900000000',
  requestId: `race-${i}-${code}`,
});

/** Exactly as many orders as lots, the listing sold out, and every other buyer told clearly why. */
function expectFairOutcome(answers: { status: number; code: string; info: string }[]) {
  const won = answers.filter((x) => x.code === '0');
  const lost = answers.filter((x) => x.code !== '0');
  expect(won).toHaveLength(LOTS);
  expect(lost).toHaveLength(ATTEMPTS - LOTS);
  for (const refusal of lost) {
    expect(refusal).toMatchObject({ status: 409, code: '120002' });
    expect(refusal.info).toMatch(/0/);
  }
}

async function expectSoldOut(db: TradingApp['database']['db'], listingId: string) {
  const listing = await db
    .selectFrom('listings')
    .select(['obj_state', 'surplus_milli'])
    .where('id', '=', Number(listingId))
    .executeTakeFirstOrThrow();
  expect(listing.obj_state).toBe(2);
  expect(Number(listing.surplus_milli)).toBe(0);
  const orders = await db.selectFrom('orders').select(['quantity_milli']).where('listing_id', '=', Number(listingId)).execute();
  expect(orders).toHaveLength(LOTS);
  expect(orders.reduce((sum, o) => sum + Number(o.quantity_milli), 0)).toBe(LOTS * 1000);
}

describe('the last lots, raced for on one server', () => {
  let a: TradingApp;
  afterAll(async () => {
    await a?.close();
  });

  it('gives 20 buyers racing for 10 lots exactly 10 orders and 10 clear refusals', async () => {
    a = await createTradingApp();
    const listing = await a.listingOnSale('supplier01', { objListingNum: LOTS, objMinNum: 1 });
    const answers = await Promise.all(
      Array.from({ length: ATTEMPTS }, async (_, i) => {
        const res = await a.post(RACERS[i % RACERS.length]!, '/commtrade/ws/order/place', placeBody(listing.tradeListingCode, i));
        const body = envelope(res);
        return { status: res.statusCode, code: body.error_no, info: body.error_info };
      }),
    );
    expectFairOutcome(answers);
    await expectSoldOut(a.database.db, listing.id);
    await expectDepositsConsistent(a.database);
  });
});

describe.skipIf(!canRunTwoServers)('the last lots, raced for across two servers on one PostgreSQL', () => {
  let two: TwoServers;
  const clock = manualClock();
  const tokens = {} as Record<Trader, string>;
  beforeAll(async () => {
    two = await startTwoServers({ now: clock.now, startSchedulers: true });
    // Sessions live in Redis: a sign-in on one server is good on both.
    for (const who of ['admin', 'supplier01', ...RACERS] as Trader[])
      tokens[who] = (await login(two.servers[0].app, who, TRADERS[who])).token;
  });
  afterAll(async () => {
    await two?.close();
  });

  const call = async (who: Trader, path: string, payload: unknown) => {
    const res = await fetch(`${two.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: tokens[who] },
      body: JSON.stringify(payload),
    });
    const body = (await res.json()) as { error_no: string; error_info: string; data: unknown };
    return { status: res.status, code: body.error_no, info: body.error_info, data: body.data };
  };

  /** supplier01's listing of `lots` t, through the calls, on sale. */
  async function publish(lots: number): Promise<ManagedListing> {
    const leaf = await two.servers[0].database.db
      .selectFrom('varieties as v')
      .select('v.code')
      .where((eb) => eb.not(eb.exists(eb.selectFrom('varieties as c').select('c.id').whereRef('c.par_code', '=', 'v.code'))))
      .orderBy('v.id')
      .executeTakeFirstOrThrow();
    const draft = (
      await call('supplier01', '/listing/ws/listing/save', {
        varietyCode: leaf.code,
        goodsSkuName: '冶金焦 一级',
        marketCode: 'M01',
        listingType: 'A',
        singlePrice: 210_000,
        currency: 'CNY',
        objListingNum: lots,
        objMinNum: 1,
        objListingDay: 30,
        objPeriodDay: 7,
        transportWay: 'A',
        paymentType: 2,
        deliveryPlace: '天津港',
      })
    ).data as ManagedListing;
    await call('supplier01', '/listing/ws/listing/submit', { id: draft.id });
    expect((await call('admin', '/listing/ws/listing/review', { id: draft.id, pass: true, reviewRemark: '' })).code).toBe('0');
    return draft;
  }

  it('makes one order of a request sent to both servers at once', async () => {
    const listing = await publish(LOTS);
    // Each server's desk meets the copies it got in one batch; the later server's insert meets the
    // first's order, and its copies are then answered with that order.
    const body = { ...placeBody(listing.tradeListingCode, 0), requestId: `twice-${listing.tradeListingCode}` };
    const answers = await Promise.all(Array.from({ length: 6 }, () => call('buyer01', '/commtrade/ws/order/place', body)));
    expect(answers.map((x) => x.code)).toEqual(Array(6).fill('0'));
    expect(new Set(answers.map((x) => (x.data as { orderNo: string }).orderNo)).size).toBe(1);
    const db = two.servers[1].database.db;
    expect(await db.selectFrom('orders').select('id').where('listing_id', '=', Number(listing.id)).execute()).toHaveLength(1);
    const row = await db.selectFrom('listings').select('surplus_milli').where('id', '=', Number(listing.id)).executeTakeFirstOrThrow();
    expect(Number(row.surplus_milli)).toBe((LOTS - 1) * 1000);
  });

  it('sells exactly 10 lots through both servers, and each confirmation deadline fires once', async () => {
    const [first, second] = two.servers;
    const draft = await publish(LOTS);

    // The proxy alternates: half of the racing requests reach each server.
    const answers = await Promise.all(
      Array.from({ length: ATTEMPTS }, (_, i) =>
        call(RACERS[i % RACERS.length]!, '/commtrade/ws/order/place', placeBody(draft.tradeListingCode, i)),
      ),
    );
    expectFairOutcome(answers);
    await expectSoldOut(first.database.db, draft.id);

    // A day later nobody has confirmed: both servers' schedulers look, each order is cancelled once.
    clock.advanceHours(25);
    const db = second.database.db;
    await expect
      .poll(
        async () =>
          (await db.selectFrom('orders').select('state').where('listing_id', '=', Number(draft.id)).execute()).every((o) => o.state === 9),
        { timeout: 10_000, interval: 200 },
      )
      .toBe(true);
    const cancellations = await db
      .selectFrom('order_events as e')
      .innerJoin('orders as o', 'o.id', 'e.order_id')
      .select(['o.order_no', (eb) => eb.fn.countAll<number>().as('n')])
      .where('o.listing_id', '=', Number(draft.id))
      .where('e.action', '=', 'autoCancel')
      .groupBy('o.order_no')
      .execute();
    expect(cancellations).toHaveLength(LOTS);
    expect(cancellations.every((c) => Number(c.n) === 1)).toBe(true);
    const listing = await db
      .selectFrom('listings')
      .select(['obj_state', 'surplus_milli'])
      .where('id', '=', Number(draft.id))
      .executeTakeFirstOrThrow();
    expect(listing).toMatchObject({ obj_state: 1 });
    expect(Number(listing.surplus_milli)).toBe(LOTS * 1000);
  });
});
