import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTradingApp, type TradingApp } from '../../test/trading';
import { createListingFigures } from './figures';

let a: TradingApp;
beforeAll(async () => {
  a = await createTradingApp({ traders: ['admin', 'supplier01'] });
});
afterAll(async () => {
  await a.close();
});

describe('the listing figures', () => {
  it("count a company's listings on sale and the listings awaiting review", async () => {
    const figures = createListingFigures(a.database.db);
    const company = a.companyId.supplier01!;
    const onSale = await figures.onSale(company);
    const waiting = await figures.awaitingReview();
    const counted = await a.database.db
      .selectFrom('listings')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('company_id', '=', company)
      .where('obj_state', '=', 1)
      .executeTakeFirstOrThrow();
    expect(onSale).toBe(Number(counted.n));

    const draft = await a.ok<{ id: string }>('supplier01', '/listing/ws/listing/save', a.draftTerms());
    await a.ok('supplier01', '/listing/ws/listing/submit', { id: draft.id });
    expect(await figures.awaitingReview()).toBe(waiting + 1);
    await a.ok('admin', '/listing/ws/listing/review', { id: draft.id, pass: true, reviewRemark: '' });
    expect(await figures.awaitingReview()).toBe(waiting);
    expect(await figures.onSale(company)).toBe(onSale + 1);
    expect(await figures.onSale(a.companyId.admin ?? -1)).toBe(0);
  });
});
