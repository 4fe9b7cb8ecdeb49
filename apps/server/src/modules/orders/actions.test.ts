import { beforeAll, describe, expect, it } from 'vitest';
import type { ChangeEvent } from '../../platform/events';
import type { TradingApp } from '../../test/trading';
import { O, ordersTestKit } from './orders-test-kit';

const kit = ordersTestKit();
const { clock, act, detail, listingRow, snapshotCounts, cny, messageKinds, pendingJobs } = kit;
let a: TradingApp;
beforeAll(() => {
  a = kit.app();
});

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
    await act('supplier01', 'ship', order.orderNo, { fileIds: [await a.upload('supplier01', 'waybill.png')] });
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
