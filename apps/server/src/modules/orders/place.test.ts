import { beforeAll, describe, expect, it } from 'vitest';
import type { ManagedListing } from '@portal/contracts/listing-manage';
import type { Order, OrderPage } from '@portal/contracts/orders';
import type { TradingApp } from '../../test/trading';
import { O, ordersTestKit } from './orders-test-kit';

const kit = ordersTestKit();
const { act, listingRow, snapshotCounts } = kit;
let a: TradingApp;
beforeAll(() => {
  a = kit.app();
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
