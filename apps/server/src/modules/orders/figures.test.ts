import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTradingApp, manualClock, type TradingApp } from '../../test/trading';
import { createOrderFigures } from './figures';

const clock = manualClock('2027-03-10T09:00:00.000Z');
let a: TradingApp;
beforeAll(async () => {
  a = await createTradingApp({ now: clock.now, traders: ['admin', 'buyer01', 'buyer02', 'supplier01'] });
});
afterAll(async () => {
  await a.close();
});

describe('the order figures', () => {
  it("read a company's deals, the deals per day and the trading companies, leaving cancelled orders out", async () => {
    const figures = createOrderFigures(a.database.db);
    const listing = await a.listingOnSale('supplier01', { objListingNum: 50, objMinNum: 1, objStepNum: 0 });
    const kept = await a.place('buyer01', listing.tradeListingCode, 2);
    clock.advanceHours(24);
    await a.place('buyer02', listing.tradeListingCode, 1);
    const cancelled = await a.place('buyer01', listing.tradeListingCode, 1);
    await a.ok('buyer01', '/commtrade/ws/order/cancel', { orderNo: cancelled.orderNo });
    const since = '2027-03-01T00:00:00.000Z';

    expect(await figures.dealsOf('buyer', a.companyId.buyer01!, since)).toEqual([
      {
        createdAt: '2027-03-10T09:00:00.000Z',
        amount: kept.amount,
        currency: 'CNY',
        varietyCode: a.leaf.code,
        varietyName: kept.snapshot.varietyName,
      },
    ]);
    expect(await figures.dealsOf('seller', a.companyId.supplier01!, since)).toHaveLength(2);
    expect(await figures.dealsOf('buyer', a.companyId.buyer01!, '2027-03-11T00:00:00.000Z')).toEqual([]);

    const days = await figures.perDay(since);
    expect(days.map((d) => [d.day, d.currency, d.orders])).toEqual([
      ['2027-03-10', 'CNY', 1],
      ['2027-03-11', 'CNY', 1],
    ]);
    expect(days[0]!.amount).toBe(kept.amount);
    expect(await figures.tradingCompanies(since)).toBe(3);
    expect(await figures.tradingCompanies('2027-03-11T00:00:00.000Z')).toBe(2);
  });
});
