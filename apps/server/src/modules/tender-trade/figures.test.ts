import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManagedTender } from '@portal/contracts/tender-trade';
import { createTenderFigures } from './figures';
import { createTenderApp, type TenderApp } from './tender-test-kit';

let a: TenderApp;
beforeAll(async () => {
  a = await createTenderApp({ TENDER_REVIEW: 'on' });
});
afterAll(async () => {
  await a.close();
});

describe('the tender figures', () => {
  it("read a buyer's open tenders, those a listed supplier may bid in, and those awaiting review", async () => {
    const figures = createTenderFigures(a.database.db);
    const now = () => a.clock.now().toISOString();
    const waiting = await figures.awaitingReview();
    const draft = await a.ok<ManagedTender>('buyer01', '/purchase/ws/tender/save', a.terms());
    await a.ok('buyer01', '/purchase/ws/tender/publish', { id: draft.id });
    expect(await figures.awaitingReview()).toBe(waiting + 1);
    await a.ok('admin', '/purchase/ws/tender/review', { id: draft.id, pass: true, reviewRemark: '' });
    expect(await figures.awaitingReview()).toBe(waiting);
    const tender = await a.detail(draft.id);
    const id = Number(tender.id);

    expect((await figures.ownClosing(a.companyId.buyer01!, now(), 50)).map((t) => t.id)).toContain(id);
    expect((await figures.ownClosing(a.companyId.buyer02!, now(), 50)).map((t) => t.id)).not.toContain(id);
    // buyer01 keeps supplier01 on its supplier list, not supplier03.
    const supplier = (account: 'supplier01' | 'supplier03') =>
      figures.biddableClosing(a.userId[account]!, a.companyId[account]!, now(), 50).then((rows) => rows.find((t) => t.id === id));
    expect(await supplier('supplier01')).toEqual({ id, name: tender.tenderName, status: 2, bidEndAt: tender.bidEndTime, bidIn: false });
    expect(await supplier('supplier03')).toBeUndefined();
    a.clock.set(tender.bidBeginTime);
    await a.bid('supplier01', tender.id, [50_000, 40_000]);
    expect((await supplier('supplier01'))?.bidIn).toBe(true);
    expect((await figures.ownClosing(a.companyId.buyer01!, tender.bidEndTime, 50)).map((t) => t.id)).not.toContain(id);
  });
});
