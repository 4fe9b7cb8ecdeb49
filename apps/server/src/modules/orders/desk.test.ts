import { beforeAll, describe, expect, it } from 'vitest';
import { orderPlaceBodySchema, type Order, type OrderPlaceBody } from '@portal/contracts/orders';
import { createDepositLedger } from '../deposits';
import type { Trader, TradingApp } from '../../test/trading';
import { ORDER_JOBS } from './deadlines';
import { createOrdersRepo } from './orders.repo';
import { createOrdersService, type OrdersService } from './orders.service';
import { ordersTestKit } from './orders-test-kit';

const kit = ordersTestKit();
const { listingRow, count, pendingJobs } = kit;
let a: TradingApp;
/**
 * A second orders service on the same database, as another server's would be: its calls reach
 * its desk in the order they are made, so a test decides exactly which orders share a batch.
 */
let orders: OrdersService;
/** The transactions the desk ran: a batch is one, unless it failed and its orders were decided again alone. */
let transactions = 0;

beforeAll(() => {
  a = kit.app();
  const { messages, writes, scheduler } = a.app.live;
  orders = createOrdersService({
    repo: createOrdersRepo(a.database.db, a.database.dialect),
    writes: {
      ...writes,
      writeMany: (fn) => {
        transactions += 1;
        return writes.writeMany(fn);
      },
    },
    scheduler,
    deposits: createDepositLedger({ now: kit.clock.now, notifyCompany: messages.notifyCompany }),
    notifyCompany: messages.notifyCompany,
    deadlines: { confirmHours: 24, payHours: 48, receiveDays: 10, nearHours: 6 },
    files: { attach: async () => [] },
    now: kit.clock.now,
  });
});

/** Orders sent at the same moment (in this order): each answer, or the refusal's code. */
async function together(calls: [Trader, OrderPlaceBody][]): Promise<(Order | string)[]> {
  transactions = 0;
  const settled = await Promise.allSettled(calls.map(([who, body]) => orders.place(a.userId[who]!, orderPlaceBodySchema.parse(body))));
  return settled.map((s) => (s.status === 'fulfilled' ? s.value : (s.reason as { code: string }).code));
}

const placeMessages = () =>
  a.database.db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('kind', '=', 'order.placed')
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));

describe("a listing's order desk", () => {
  it('decides orders arriving together in one transaction, first come first served, each written as an order placed alone', async () => {
    const listing = await a.listingOnSale('supplier01', { objListingNum: 10, objMinNum: 1 });
    const [logBefore, messagesBefore] = [await count('operation_log'), await placeMessages()];
    const twice = a.orderTerms(listing.tradeListingCode, 3);
    const answers = await together([
      ['buyer01', twice],
      ['buyer02', a.orderTerms(listing.tradeListingCode, 3)],
      ['buyer01', twice],
      ['buyer03', a.orderTerms(listing.tradeListingCode, 3)],
      ['buyer01', { ...twice, quantity: 2 }],
      ['buyer02', a.orderTerms(listing.tradeListingCode, 2)],
      ['buyer02', a.orderTerms(listing.tradeListingCode, 1)],
      ['buyer03', a.orderTerms(listing.tradeListingCode, 1)],
    ]);
    // 3 + 3 + 3 of 10: the request sent twice is one order, the same id for 2 t is refused, 2 t is
    // more than the 1 t left, which the next order takes; after it the listing is sold out.
    const codes = answers.map((x) => (typeof x === 'string' ? x : 'order'));
    expect(codes).toEqual(['order', 'order', 'order', 'order', '120007', '120002', 'order', '120002']);
    const made = answers.filter((x): x is Order => typeof x !== 'string');
    expect(made[2]!.orderNo).toBe(made[0]!.orderNo);
    const orderNos = [...new Set(made.map((o) => o.orderNo))];
    expect(orderNos).toHaveLength(4);
    expect(await listingRow(listing.id)).toMatchObject({ obj_state: 2 });
    expect(Number((await listingRow(listing.id)).surplus_milli)).toBe(0);

    // One transaction for all of them.
    expect(transactions).toBe(1);
    const rows = await a.database.db.selectFrom('orders').selectAll().where('order_no', 'in', orderNos).execute();
    expect(rows.map((o) => Number(o.quantity_milli)).sort()).toEqual([1000, 3000, 3000, 3000]);
    for (const order of made) {
      expect(order.state).toBe(1);
      expect(order.timeline.map((e) => e.action)).toEqual(['place']);
      expect(order.orderNo).toMatch(/^\d{16}$/);
      expect((await pendingJobs(order.orderNo)).map((j) => j.kind)).toEqual([ORDER_JOBS.confirmDeadline]);
    }
    const events = await a.database.db
      .selectFrom('order_events')
      .select(['order_id', 'action'])
      .where(
        'order_id',
        'in',
        rows.map((o) => o.id),
      )
      .execute();
    expect(events).toHaveLength(4);
    // One log row per order written; the seller's users each told of each order.
    expect((await count('operation_log')) - logBefore).toBe(4);
    const sellerUsers = await a.database.db.selectFrom('users').select('id').where('company_id', '=', a.companyId.supplier01!).execute();
    expect((await placeMessages()) - messagesBefore).toBe(4 * sellerUsers.length);
  });

  it('sets each margin order’s deposit aside in turn and refuses the ones short of money, writing nothing for them', async () => {
    const margin = await a.listingOnSale('supplier01', { listingType: 'D', singlePrice: 100_000, objListingNum: 20 });
    // buyer02 has 300.00: enough for one order of 2 t (10 % of 2,000.00), not for two; buyer03 has no account at all.
    await a.credit('buyer02', 30_000);
    const accounts = () => a.database.db.selectFrom('deposit_accounts').select('company_id').execute();
    const before = { orders: await count('orders'), ledger: await count('deposit_entries'), accounts: (await accounts()).length };
    const answers = await together([
      ['buyer03', a.orderTerms(margin.tradeListingCode, 2)],
      ['buyer02', a.orderTerms(margin.tradeListingCode, 2)],
      ['buyer02', a.orderTerms(margin.tradeListingCode, 2)],
      ['buyer01', a.orderTerms(margin.tradeListingCode, 2)],
    ]);
    expect(answers.map((x) => (typeof x === 'string' ? x : x.depositFrozen))).toEqual(['130001', 20_000, '130001', 20_000]);
    expect(transactions).toBe(1);
    // The refusals were decided before anything was written: the two orders took consecutive ids.
    const [second, fourth] = [answers[1] as Order, answers[3] as Order].map((o) => Number(o.orderNo.slice(8)));
    expect(fourth! - second!).toBe(1);
    expect((await count('orders')) - before.orders).toBe(2);
    expect((await count('deposit_entries')) - before.ledger).toBe(2);
    // The refused buyer without an account still has none.
    expect((await accounts()).length).toBe(before.accounts);
    expect((await accounts()).map((x) => x.company_id)).not.toContain(a.companyId.buyer03);
    expect(Number((await listingRow(margin.id)).surplus_milli)).toBe(16_000);
    expect((await kit.cny('buyer02'))!.frozen).toBe(20_000);
  });

  it('answers a request sent again after its batch with the order it made', async () => {
    const listing = await a.listingOnSale('supplier01', { objListingNum: 5 });
    const terms = a.orderTerms(listing.tradeListingCode, 2);
    const [first] = await together([['buyer01', terms]]);
    const [again, reused] = await together([
      ['buyer01', terms],
      ['buyer01', { ...terms, quantity: 1 }],
    ]);
    expect((again as Order).orderNo).toBe((first as Order).orderNo);
    expect(reused).toBe('120007');
    expect(Number((await listingRow(listing.id)).surplus_milli)).toBe(3_000);
  });
});
