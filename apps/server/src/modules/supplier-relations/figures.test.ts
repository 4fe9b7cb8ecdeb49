import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTradingApp, type TradingApp } from '../../test/trading';
import { createSupplierFigures } from './figures';

let a: TradingApp;
beforeAll(async () => {
  a = await createTradingApp({ traders: ['buyer02', 'supplier03'] });
});
afterAll(async () => {
  await a.close();
});

describe('the supplier figures', () => {
  it('count the applications to a supplier list still waiting for the buyer', async () => {
    const figures = createSupplierFigures(a.database.db);
    const waiting = await figures.pendingApplications();
    const application = await a.ok<{ applicationId: string }>('supplier03', '/purchase/ws/purCustomerRelation/apply', {
      buyerUserId: String(a.userId.buyer02),
    });
    expect(await figures.pendingApplications()).toBe(waiting + 1);
    await a.ok('buyer02', '/purchase/ws/purCustomerRelation/decide', { applicationId: application.applicationId, accept: false });
    expect(await figures.pendingApplications()).toBe(waiting);
  });
});
