import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { TradingApp } from '../../test/trading';
import { ordersTestKit } from './orders-test-kit';

const kit = ordersTestKit();
const { clock, act, detail, listingRow, cny, messageKinds } = kit;
let a: TradingApp;
beforeAll(() => {
  a = kit.app();
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
    await act('supplier01', 'ship', order.orderNo, { fileIds: [await a.upload('supplier01', 'waybill.png')] });
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
