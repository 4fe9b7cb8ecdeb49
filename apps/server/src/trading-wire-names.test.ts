import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManagedListing } from '@portal/contracts/listing-manage';
import { createTradingApp, type TradingApp } from './test/trading';

/**
 * trading.md's names on the wire, sent exactly as the specification writes them: the user id
 * getCurrUser answers is the one the trading calls take, and a listing's currency is its market's.
 */
let a: TradingApp;
beforeAll(async () => {
  a = await createTradingApp({ traders: ['admin', 'buyer01', 'supplier01', 'supplier03'] });
});
afterAll(async () => {
  await a.close();
});

const currUserIdOf = async (who: 'buyer01' | 'supplier01' | 'supplier03') => {
  const res = await a.app.inject({ method: 'GET', url: '/omc/api/user/getCurrUser', headers: { token: a.tokens[who] } });
  const me = (JSON.parse(res.body) as { data: Record<string, unknown> }).data;
  expect(me).toMatchObject({ currUserId: expect.stringMatching(/^\d+$/), nickName: expect.any(String) });
  expect(me).toHaveProperty('lastLoginDateTime');
  return me.currUserId as string;
};

describe('getCurrUser answers currUserId, the id the trading calls take', () => {
  it('deposit/credit and deposit/debit take it as companyUserId', async () => {
    const companyUserId = await currUserIdOf('buyer01');
    const credited = await a.ok<{ currency: string; balance: number }[]>('admin', '/commtrade/ws/deposit/credit', {
      companyUserId,
      currency: 'CNY',
      amount: 50_000,
      reference: 'BANK-7001',
    });
    expect(credited).toEqual(expect.arrayContaining([expect.objectContaining({ currency: 'CNY' })]));
    await a.ok('admin', '/commtrade/ws/deposit/debit', { companyUserId, currency: 'CNY', amount: 10_000, reference: 'BANK-7002' });
    const own = await a.ok<{ currency: string; balance: number }[]>('buyer01', '/commtrade/ws/deposit/account');
    expect(own.find((row) => row.currency === 'CNY')?.balance).toBeGreaterThanOrEqual(40_000);
  });

  it('purCustomerRelation/apply takes it as buyerUserId, and add and remove as supplierUserId', async () => {
    const buyerUserId = await currUserIdOf('buyer01');
    const applied = await a.ok<{ buyerUserId: string; supplierUserId: string }>('supplier03', '/purchase/ws/purCustomerRelation/apply', {
      buyerUserId,
      remark: '申请加入',
    });
    expect(applied.buyerUserId).toBe(buyerUserId);
    expect(applied.supplierUserId).toBe(await currUserIdOf('supplier03'));

    const supplierUserId = await currUserIdOf('supplier01');
    await a.ok('buyer01', '/purchase/ws/purCustomerRelation/remove', { supplierUserId });
    await a.ok('buyer01', '/purchase/ws/purCustomerRelation/add', { supplierUserId, remark: '长期合作' });
  });
});

describe("a listing's currency is its market's", () => {
  const markets = async () =>
    a.ok<{ marketCode: string; currency: string }[]>('supplier01', '/commtrade/comm/queryListingMoneyTypeList', {});

  it('listing/save without currency takes the market’s', async () => {
    const dollars = (await markets()).find((m) => m.currency === 'USD')!;
    const { currency: _omitted, ...terms } = a.draftTerms({ marketCode: dollars.marketCode });
    const draft = await a.ok<ManagedListing>('supplier01', '/listing/ws/listing/save', terms);
    expect(draft.currency).toBe('USD');
    const yuan = (await markets()).find((m) => m.currency === 'CNY')!;
    const moved = await a.ok<ManagedListing>('supplier01', '/listing/ws/listing/save', {
      ...terms,
      id: draft.id,
      marketCode: yuan.marketCode,
    });
    expect(moved.currency).toBe('CNY');
  });

  it('takes the market’s currency named, and refuses another naming the field', async () => {
    const yuan = (await markets()).find((m) => m.currency === 'CNY')!;
    expect(
      (await a.ok<ManagedListing>('supplier01', '/listing/ws/listing/save', a.draftTerms({ marketCode: yuan.marketCode, currency: 'CNY' })))
        .currency,
    ).toBe('CNY');
    const refused = await a.refused(
      'supplier01',
      '/listing/ws/listing/save',
      a.draftTerms({ marketCode: yuan.marketCode, currency: 'USD' }),
    );
    expect(refused.status).toBe(400);
    expect(refused.data).toEqual({ field: 'currency', reason: 'invalidValue' });
    expect(refused.info).toContain('currency');
  });
});
