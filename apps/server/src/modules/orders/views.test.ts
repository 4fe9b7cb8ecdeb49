import { beforeAll, describe, expect, it } from 'vitest';
import type { Order, OrderAdminPage, OrderPage } from '@portal/contracts/orders';
import type { TradingApp } from '../../test/trading';
import { O, ordersTestKit } from './orders-test-kit';

const kit = ordersTestKit();
const { act } = kit;
let a: TradingApp;
beforeAll(() => {
  a = kit.app();
});

describe('what each side and the operator see', () => {
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
