import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DepositAccount } from '@portal/contracts/deposits';
import type { ManagedListing } from '@portal/contracts/listing-manage';
import type { Order, OrderAdminPage, OrderPage } from '@portal/contracts/orders';
import { buildApp } from '../../app';
import type { ChangeEvent } from '../../platform/events';
import { expectDepositsConsistent } from '../../test/deposits';
import { createTradingApp, manualClock, type Trader, type TradingApp } from '../../test/trading';

const clock = manualClock();
let a: TradingApp;

beforeAll(async () => {
  a = await createTradingApp({ now: clock.now });
  await a.credit('buyer01', 100_000_000);
});
afterEach(async () => {
  await expectDepositsConsistent(a.database);
});
afterAll(async () => {
  await a.close();
});

const O = '/commtrade/ws/order';
const act = (who: Trader, action: string, orderNo: string, extra: Record<string, unknown> = {}) =>
  a.ok<Order>(who, `${O}/${action}`, { orderNo, ...extra });
const detail = (who: Trader, orderNo: string) => a.ok<Order>(who, `${O}/detail`, { orderNo });
const listingRow = (id: string) =>
  a.database.db.selectFrom('listings').select(['obj_state', 'surplus_milli']).where('id', '=', Number(id)).executeTakeFirstOrThrow();
const count = async (table: 'orders' | 'order_events' | 'operation_log' | 'deposit_entries' | 'messages') =>
  Number(
    (
      await a.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const snapshotCounts = async () => ({
  orders: await count('orders'),
  events: await count('order_events'),
  log: await count('operation_log'),
  ledger: await count('deposit_entries'),
  messages: await count('messages'),
});
const cny = async (who: Trader) => (await a.ok<DepositAccount[]>(who, '/commtrade/ws/deposit/account')).find((x) => x.currency === 'CNY');
const messageKinds = async (who: Trader) =>
  (
    await a.ok<{ items: { kind: string; link: { query?: Record<string, string> } }[] }>(who, '/omc/api/message/page', {
      pageNo: 1,
      pageSize: 50,
    })
  ).items;
const pendingJobs = (key: string) =>
  a.database.db.selectFrom('scheduled_jobs').select(['kind', 'run_at']).where('key', '=', key).where('state', '=', 'pending').execute();

describe('an order through its whole life', () => {
  it('goes from placing to completion on a margin listing, freezing then releasing the deposit, with every step on its timeline', async () => {
    const listing = await a.listingOnSale('supplier01', {
      listingType: 'D',
      depositRatio: 10,
      singlePrice: 65_050,
      objListingNum: 50,
      objMinNum: 2,
      objStepNum: 0.5,
    });
    const before = await cny('buyer01');
    const placed = await a.place('buyer01', listing.tradeListingCode, 2.5, { remark: '请尽快发货' });
    // 650.50 per unit x 2.5 = 1626.25; 10 % deposit = 162.63 (half up).
    expect(placed).toMatchObject({
      state: 1,
      origin: 'listing',
      originCode: listing.tradeListingCode,
      quantity: 2.5,
      amount: 162_625,
      currency: 'CNY',
      depositFrozen: 16_263,
      buyerUserId: String(a.userId.buyer01),
      sellerUserId: String(a.userId.supplier01),
      actions: ['cancel'],
      payBy: '',
      receiveBy: '',
    });
    expect(placed.orderNo).toMatch(/^\d{16}$/);
    expect(placed.snapshot).toMatchObject({
      singlePrice: 65_050,
      listingType: 'D',
      depositRatio: 10,
      goodsSkuName: '动力煤 Q5500',
      unit: a.leaf.unit,
    });
    expect(placed.confirmBy).toBe(new Date(clock.now().getTime() + 24 * 3_600_000).toISOString());
    expect(await cny('buyer01')).toMatchObject({ frozen: (before?.frozen ?? 0) + 16_263, balance: before?.balance });
    expect(Number((await listingRow(listing.id)).surplus_milli)).toBe(47_500);
    expect((await messageKinds('supplier01')).map((m) => m.kind)).toContain('order.placed');

    // Each side sees only what it may do now; a third company sees nothing.
    expect((await detail('supplier01', placed.orderNo)).actions).toEqual(['confirm', 'refuse']);
    expect(await a.refused('supplier02', `${O}/detail`, { orderNo: placed.orderNo })).toMatchObject({ status: 404, code: '100004' });
    expect(await a.refused('buyer01', `${O}/confirm`, { orderNo: placed.orderNo })).toMatchObject({ status: 403, code: '-107' });

    const confirmed = await act('supplier01', 'confirm', placed.orderNo, { note: '已确认，请付款' });
    expect(confirmed).toMatchObject({ state: 2, actions: [] });
    expect(confirmed.payBy).toBe(new Date(clock.now().getTime() + 72 * 3_600_000).toISOString());
    expect((await detail('buyer01', placed.orderNo)).actions).toEqual(['pay']);

    expect(await a.refused('buyer01', `${O}/pay`, { orderNo: placed.orderNo })).toMatchObject({ status: 400, data: { field: 'fileIds' } });
    expect(await a.refused('buyer01', `${O}/pay`, { orderNo: placed.orderNo, fileIds: ['up-missing.png'] })).toMatchObject({
      status: 400,
      data: { field: 'fileIds' },
    });
    const voucher = await a.upload('buyer01', 'voucher.png');
    clock.advanceHours(1);
    expect(await act('buyer01', 'pay', placed.orderNo, { fileIds: [voucher], note: '电汇已付' })).toMatchObject({ state: 3 });
    expect(await act('supplier01', 'confirmPayment', placed.orderNo)).toMatchObject({ state: 4, actions: ['ship'] });
    const waybill = await a.upload('supplier01', 'waybill.png');
    const shipped = await act('supplier01', 'ship', placed.orderNo, { fileIds: [waybill] });
    expect(shipped.state).toBe(5);
    expect(shipped.receiveBy).toBe(new Date(clock.now().getTime() + 10 * 24 * 3_600_000).toISOString());
    expect((await pendingJobs(placed.orderNo)).map((j) => j.kind)).toEqual(['order.receiveDeadline']);
    const done = await act('buyer01', 'receive', placed.orderNo);
    expect(done).toMatchObject({ state: 6, actions: [] });
    expect(await pendingJobs(placed.orderNo)).toEqual([]);
    expect(done.timeline.map((e) => [e.action, e.state])).toEqual([
      ['place', 1],
      ['confirm', 2],
      ['pay', 3],
      ['confirmPayment', 4],
      ['ship', 5],
      ['receive', 6],
    ]);
    expect(done.timeline[2]).toMatchObject({ fileIds: [voucher], note: '电汇已付', actorUserId: String(a.userId.buyer01) });
    expect(done.timeline[4]!.fileIds).toEqual([waybill]);
    // Both sides read the same timeline; the deposit is free again.
    expect((await detail('supplier01', placed.orderNo)).timeline).toEqual(done.timeline);
    expect(await cny('buyer01')).toMatchObject({ frozen: before?.frozen ?? 0, balance: before?.balance });
    const buyerKinds = (await messageKinds('buyer01')).map((m) => m.kind);
    for (const kind of ['order.confirmed', 'order.paymentConfirmed', 'order.shipped', 'deposit.frozen', 'deposit.released'])
      expect(buyerKinds).toContain(kind);
    const sellerKinds = (await messageKinds('supplier01')).map((m) => m.kind);
    for (const kind of ['order.placed', 'order.paid', 'order.completed']) expect(sellerKinds).toContain(kind);
  });

  it('lists each side its orders with counts per state, and the operator all of them', async () => {
    const listing = await a.listingOnSale('supplier02');
    const earlier = (await a.ok<OrderPage>('buyer02', `${O}/buyPage`, { pageNo: 1, pageSize: 8 })).counts;
    const first = await a.place('buyer02', listing.tradeListingCode, 1);
    const second = await a.place('buyer02', listing.tradeListingCode, 1);
    await act('supplier02', 'confirm', second.orderNo);
    const bought = await a.ok<OrderPage>('buyer02', `${O}/buyPage`, { pageNo: 1, pageSize: 8 });
    expect(bought.items.map((o) => o.orderNo)).toEqual([second.orderNo, first.orderNo]);
    // Every state has its count; the two new orders add one to states 1 and 2.
    expect(Object.keys(bought.counts).sort()).toEqual(['1', '2', '3', '4', '5', '6', '9']);
    expect(bought.counts).toEqual({ ...earlier, '1': earlier['1']! + 1, '2': earlier['2']! + 1 });
    const sold = await a.ok<OrderPage>('supplier02', `${O}/sellPage`, { pageNo: 1, pageSize: 8, state: 1 });
    expect(sold.items.map((o) => o.orderNo)).toEqual([first.orderNo]);
    expect(sold.items[0]!.actions).toEqual(['confirm', 'refuse']);
    expect(sold.counts['2']).toBe(1);
    const others = await a.ok<OrderPage>('buyer03', `${O}/buyPage`, { pageNo: 1, pageSize: 8 });
    expect(others.items.map((o) => o.orderNo)).not.toContain(first.orderNo);
    const watched = await a.ok<OrderAdminPage>('admin', `${O}/adminPage`, { pageNo: 1, pageSize: 8, keyword: first.orderNo });
    expect(watched.items.map((o) => o.orderNo)).toEqual([first.orderNo]);
    expect(watched.items[0]!.actions).toEqual([]);
    expect((await a.ok<Order>('admin', `${O}/adminDetail`, { orderNo: first.orderNo })).timeline).toHaveLength(1);
    expect(await a.refused('buyer02', `${O}/adminPage`, { pageNo: 1, pageSize: 8 })).toMatchObject({ status: 403 });
    expect(await a.refused('admin', `${O}/buyPage`, { pageNo: 1, pageSize: 8 })).toMatchObject({ status: 403 });
  });
});

describe('live updates', () => {
  it("tells both companies' pages of each change after it is committed, and nothing of a refusal", async () => {
    const listing = await a.listingOnSale('supplier01', { objListingNum: 5 });
    const seen: ChangeEvent[] = [];
    const stop = a.app.live.events.subscribe((e) => {
      if (e.topic === 'order') seen.push(e);
    });
    try {
      const order = await a.place('buyer01', listing.tradeListingCode, 1);
      await act('supplier01', 'confirm', order.orderNo);
      await a.refused('supplier01', `${O}/confirm`, { orderNo: order.orderNo });
      const both = [a.companyId.buyer01, a.companyId.supplier01];
      expect(seen.map((e) => [e.key, e.action, e.companyIds])).toEqual([
        [order.orderNo, 'placed', both],
        [order.orderNo, 'confirm', both],
      ]);
    } finally {
      stop();
    }
  });
});

describe("the market's own listings", () => {
  it('sells a listing of the demo market like one made through the calls: the seller sees the order, the owner cannot order it', async () => {
    const demo = await a.database.db
      .selectFrom('listings')
      .select(['id', 'trade_listing_code', 'min_milli', 'surplus_milli'])
      .where('seller_id', '=', a.userId.supplier01!)
      .where('obj_state', '=', 1)
      .where('hold_bs', '=', 2)
      .where('listing_type', '=', 'A')
      .where('step_milli', '=', 0)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(await a.refused('supplier01', `${O}/place`, a.orderTerms(demo.trade_listing_code, Number(demo.min_milli) / 1000))).toMatchObject(
      {
        code: '120005',
      },
    );
    const order = await a.place('buyer01', demo.trade_listing_code, Number(demo.min_milli) / 1000);
    expect(order.sellerUserId).toBe(String(a.userId.supplier01));
    const sold = await a.ok<OrderPage>('supplier01', `${O}/sellPage`, { pageNo: 1, pageSize: 8, state: 1 });
    expect(sold.items.map((o) => o.orderNo)).toContain(order.orderNo);
    const mine = await a.ok<{ items: { id: string }[]; totalItem: number }>('supplier01', '/listing/ws/listing/myPage', {
      pageNo: 1,
      pageSize: 8,
      objState: 1,
    });
    expect(mine.totalItem).toBeGreaterThan(0);
    await act('buyer01', 'cancel', order.orderNo);
  });
});

describe('placing: what is refused, and writes nothing', () => {
  let listing: ManagedListing;
  beforeAll(async () => {
    listing = await a.listingOnSale('supplier01', { objListingNum: 10, objMinNum: 2, objStepNum: 0.5 });
  });

  it('refuses an owner ordering its own listing', async () => {
    const before = await snapshotCounts();
    expect(await a.refused('supplier01', `${O}/place`, a.orderTerms(listing.tradeListingCode, 2))).toMatchObject({
      status: 409,
      code: '120005',
    });
    expect(await snapshotCounts()).toEqual(before);
  });

  it('refuses quantities off the terms, saying what is allowed', async () => {
    const before = await snapshotCounts();
    const below = await a.refused('buyer01', `${O}/place`, a.orderTerms(listing.tradeListingCode, 1.5));
    expect(below).toMatchObject({ status: 400, code: '120003' });
    expect(below.info).toContain('2');
    expect(await a.refused('buyer01', `${O}/place`, a.orderTerms(listing.tradeListingCode, 2.2))).toMatchObject({
      status: 400,
      code: '120004',
    });
    const tooMuch = await a.refused('buyer01', `${O}/place`, a.orderTerms(listing.tradeListingCode, 11));
    expect(tooMuch).toMatchObject({ status: 409, code: '120002' });
    expect(tooMuch.info).toContain('10');
    expect(await a.refused('buyer01', `${O}/place`, a.orderTerms(listing.tradeListingCode, 1.0004))).toMatchObject({
      status: 400,
      data: { field: 'quantity' },
    });
    expect(await a.refused('buyer01', `${O}/place`, { ...a.orderTerms(listing.tradeListingCode, 2), contactPhone: '' })).toMatchObject({
      status: 400,
      data: { field: 'contactPhone' },
    });
    expect(await a.refused('buyer01', `${O}/place`, a.orderTerms('GP000000000000', 2))).toMatchObject({ status: 404 });
    expect(await snapshotCounts()).toEqual(before);
    expect(Number((await listingRow(listing.id)).surplus_milli)).toBe(10_000);
  });

  it('takes all that is left when less than the minimum remains, and then the listing is sold out', async () => {
    const small = await a.listingOnSale('supplier01', { objListingNum: 5, objMinNum: 2, objStepNum: 1 });
    await a.place('buyer01', small.tradeListingCode, 4);
    expect(await a.refused('buyer01', `${O}/place`, a.orderTerms(small.tradeListingCode, 0.5))).toMatchObject({ code: '120003' });
    const last = await a.place('buyer01', small.tradeListingCode, 1);
    expect(last.quantity).toBe(1);
    expect(await listingRow(small.id)).toMatchObject({ obj_state: 2 });
    expect(Number((await listingRow(small.id)).surplus_milli)).toBe(0);
    // Sold out: a further order is refused with what is left (nothing).
    const refusal = await a.refused('buyer02', `${O}/place`, a.orderTerms(small.tradeListingCode, 1));
    expect(refusal).toMatchObject({ status: 409, code: '120002' });
    // Cancelling an order returns its stock: the listing is on sale again.
    await act('buyer01', 'cancel', last.orderNo);
    expect(await listingRow(small.id)).toMatchObject({ obj_state: 1 });
    expect(Number((await listingRow(small.id)).surplus_milli)).toBe(1_000);
  });

  it('refuses a margin order without enough deposit, with the amount missing, and takes no stock', async () => {
    const margin = await a.listingOnSale('supplier01', { listingType: 'D', singlePrice: 100_000, objListingNum: 10 });
    const before = await snapshotCounts();
    // buyer03 has no deposit: 10 % of 1000.00 x 2 = 200.00 missing.
    const refusal = await a.refused('buyer03', `${O}/place`, a.orderTerms(margin.tradeListingCode, 2));
    expect(refusal).toMatchObject({ code: '130001' });
    expect(refusal.info).toContain('200');
    expect(await snapshotCounts()).toEqual(before);
    expect(Number((await listingRow(margin.id)).surplus_milli)).toBe(10_000);
  });

  it('makes one order of a request sent twice, and refuses a request id reused for something else', async () => {
    const terms = a.orderTerms(listing.tradeListingCode, 2);
    const first = await a.ok<Order>('buyer01', `${O}/place`, terms);
    const again = await a.ok<Order>('buyer01', `${O}/place`, terms);
    expect(again.orderNo).toBe(first.orderNo);
    // Sent twice at once: still one order.
    const twin = a.orderTerms(listing.tradeListingCode, 2);
    const [x, y] = await Promise.all([a.ok<Order>('buyer01', `${O}/place`, twin), a.ok<Order>('buyer01', `${O}/place`, twin)]);
    expect(x.orderNo).toBe(y.orderNo);
    expect(Number((await listingRow(listing.id)).surplus_milli)).toBe(6_000);
    expect(await a.refused('buyer01', `${O}/place`, { ...terms, quantity: 3 })).toMatchObject({ status: 409, code: '120007' });
    // Another company may use the same request id: it is its own order.
    const theirs = await a.ok<Order>('buyer02', `${O}/place`, terms);
    expect(theirs.orderNo).not.toBe(first.orderNo);
  });

  it('does not sell a listing that is not on the market', async () => {
    const draft = await a.ok<ManagedListing>('supplier01', '/listing/ws/listing/save', a.draftTerms());
    expect(await a.refused('buyer01', `${O}/place`, a.orderTerms(draft.tradeListingCode, 1))).toMatchObject({ status: 404 });
    const suspended = await a.listingOnSale('supplier01');
    await a.ok('admin', '/listing/ws/listing/suspend', { id: suspended.id, reason: '核查' });
    expect(await a.refused('buyer01', `${O}/place`, a.orderTerms(suspended.tradeListingCode, 1))).toMatchObject({ status: 404 });
  });
});

describe('actions by the wrong party or in the wrong state', () => {
  it('refuses each call not allowed now, naming the state, and writes nothing', async () => {
    const listing = await a.listingOnSale('supplier01', { objListingNum: 20 });
    const order = await a.place('buyer01', listing.tradeListingCode, 1);
    const voucher = await a.upload('buyer01');
    const all = ['confirm', 'refuse', 'cancel', 'pay', 'confirmPayment', 'ship', 'receive'];
    const tryAll = async (state: number) => {
      const current = await detail('buyer01', order.orderNo);
      const sellerNow = (await detail('supplier01', order.orderNo)).actions;
      const before = await snapshotCounts();
      for (const [who, allowed] of [
        ['buyer01', current.actions],
        ['supplier01', sellerNow],
      ] as const) {
        for (const action of all.filter((x) => !(allowed as string[]).includes(x))) {
          const refusal = await a.refused(who, `${O}/${action}`, { orderNo: order.orderNo, note: '理由', fileIds: [voucher] });
          expect([403, 409], `${who} ${action} in ${state}`).toContain(refusal.status);
          if (refusal.status === 409) expect(refusal.code).toBe('120001');
        }
        // Another company cannot act at all.
        for (const action of all) {
          expect(await a.refused('buyer02', `${O}/${action}`, { orderNo: order.orderNo, note: 'x', fileIds: [voucher] })).toMatchObject({
            status: 404,
          });
        }
      }
      expect(await snapshotCounts()).toEqual(before);
      expect((await detail('buyer01', order.orderNo)).state).toBe(state);
    };
    await tryAll(1);
    await act('supplier01', 'confirm', order.orderNo);
    await tryAll(2);
    // Before the payment deadline the seller cannot cancel; the message names the state.
    const early = await a.refused('supplier01', `${O}/cancel`, { orderNo: order.orderNo });
    expect(early).toMatchObject({ status: 409, code: '120001' });
    expect(early.info).toContain('待付款');
    await act('buyer01', 'pay', order.orderNo, { fileIds: [voucher] });
    await tryAll(3);
    await act('supplier01', 'confirmPayment', order.orderNo);
    await tryAll(4);
    await act('supplier01', 'ship', order.orderNo, { fileIds: [voucher] });
    await tryAll(5);
    await act('buyer01', 'receive', order.orderNo);
    await tryAll(6);
  });

  it('needs a reason to refuse, and refusing returns the stock and the deposit', async () => {
    const listing = await a.listingOnSale('supplier01', { listingType: 'D', objListingNum: 10 });
    const frozenBefore = (await cny('buyer01'))!.frozen;
    const order = await a.place('buyer01', listing.tradeListingCode, 4);
    expect(await a.refused('supplier01', `${O}/refuse`, { orderNo: order.orderNo })).toMatchObject({
      status: 400,
      data: { field: 'note' },
    });
    const refused = await act('supplier01', 'refuse', order.orderNo, { note: '库存已另行售出' });
    expect(refused).toMatchObject({ state: 9 });
    expect(refused.timeline.at(-1)).toMatchObject({ action: 'refuse', note: '库存已另行售出' });
    expect(Number((await listingRow(listing.id)).surplus_milli)).toBe(10_000);
    expect((await cny('buyer01'))!.frozen).toBe(frozenBefore);
    expect(await pendingJobs(order.orderNo)).toEqual([]);
  });

  it('lets the seller cancel an unpaid order after the payment deadline, forfeiting the deposit to the seller', async () => {
    const listing = await a.listingOnSale('supplier02', { listingType: 'D', singlePrice: 50_000, objListingNum: 10 });
    const order = await a.place('buyer01', listing.tradeListingCode, 2);
    await act('supplier02', 'confirm', order.orderNo);
    const buyerBefore = (await cny('buyer01'))!;
    const sellerBefore = (await cny('supplier02'))?.balance ?? 0;
    clock.advanceHours(72);
    expect((await detail('supplier02', order.orderNo)).actions).toEqual(['cancel']);
    const cancelled = await act('supplier02', 'cancel', order.orderNo, { note: '逾期未付款' });
    expect(cancelled.state).toBe(9);
    // 10 % of 500.00 x 2 = 100.00 moves from the buyer to the seller.
    expect(await cny('buyer01')).toMatchObject({ balance: buyerBefore.balance - 10_000, frozen: buyerBefore.frozen - 10_000 });
    expect((await cny('supplier02'))!.balance).toBe(sellerBefore + 10_000);
    expect(Number((await listingRow(listing.id)).surplus_milli)).toBe(10_000);
  });
});

describe('deadlines', () => {
  it('cancels an order the seller did not confirm in time, once, returning stock and deposit', async () => {
    const listing = await a.listingOnSale('supplier01', { listingType: 'D', objListingNum: 3, objMinNum: 3 });
    const frozenBefore = (await cny('buyer01'))!.frozen;
    const order = await a.place('buyer01', listing.tradeListingCode, 3);
    expect(await listingRow(listing.id)).toMatchObject({ obj_state: 2 });
    clock.advanceHours(23);
    await a.app.live.scheduler.runDue();
    expect((await detail('buyer01', order.orderNo)).state).toBe(1);
    clock.advanceHours(1);
    await a.app.live.scheduler.runDue();
    await a.app.live.scheduler.runDue();
    const cancelled = await detail('buyer01', order.orderNo);
    expect(cancelled.state).toBe(9);
    expect(cancelled.timeline.filter((e) => e.action === 'autoCancel')).toHaveLength(1);
    expect(cancelled.timeline.at(-1)).toMatchObject({ actorUserId: '', state: 9 });
    expect(await listingRow(listing.id)).toMatchObject({ obj_state: 1 });
    expect((await cny('buyer01'))!.frozen).toBe(frozenBefore);
    expect((await messageKinds('buyer01')).some((m) => m.kind === 'order.cancelled' && m.link.query?.orderNo === order.orderNo)).toBe(true);
  });

  it('reminds the buyer before the payment deadline, and completes a shipped order when nobody confirms receipt', async () => {
    const listing = await a.listingOnSale('supplier01', { objListingNum: 10 });
    const order = await a.place('buyer01', listing.tradeListingCode, 1);
    await act('supplier01', 'confirm', order.orderNo);
    clock.advanceHours(60);
    await a.app.live.scheduler.runDue();
    expect(
      (await messageKinds('buyer01')).filter((m) => m.kind === 'order.deadlineNear' && m.link.query?.orderNo === order.orderNo),
    ).toHaveLength(1);
    const file = await a.upload('buyer01');
    await act('buyer01', 'pay', order.orderNo, { fileIds: [file] });
    await act('supplier01', 'confirmPayment', order.orderNo);
    await act('supplier01', 'ship', order.orderNo, { fileIds: [file] });
    clock.advanceHours(10 * 24);
    await a.app.live.scheduler.runDue();
    const completed = await detail('buyer01', order.orderNo);
    expect(completed.state).toBe(6);
    expect(completed.timeline.at(-1)).toMatchObject({ action: 'autoReceive', actorUserId: '' });
  });

  it('fires a deadline that passed while the server was down once, when a new server on the database catches up', async () => {
    const listing = await a.listingOnSale('supplier01', { objListingNum: 10 });
    const order = await a.place('buyer01', listing.tradeListingCode, 2);
    // The server stops; a day and a half later another starts on the same database.
    await a.app.live.scheduler.stop();
    clock.advanceHours(36);
    const restarted = await buildApp({ settings: a.settings, database: a.database, kv: a.kv, now: clock.now });
    await restarted.ready();
    try {
      expect(await restarted.live.scheduler.runDue()).toBeGreaterThanOrEqual(1);
      await restarted.live.scheduler.runDue();
      const cancelled = await detail('buyer01', order.orderNo);
      expect(cancelled.state).toBe(9);
      expect(cancelled.timeline.filter((e) => e.action === 'autoCancel')).toHaveLength(1);
      expect(Number((await listingRow(listing.id)).surplus_milli)).toBe(10_000);
    } finally {
      await restarted.live.scheduler.stop();
      await restarted.close();
    }
  });
});
