import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManagedTender, ManagedTenderPage } from '@portal/contracts/tender-trade';
import { createTenderApp, type TenderApp } from './tender-test-kit';

let a: TenderApp;
beforeAll(async () => {
  a = await createTenderApp({ TENDER_REVIEW: 'on' });
});
afterAll(async () => {
  await a.close();
});

const tenderRows = () => a.database.db.selectFrom('tenders').selectAll().execute();

describe('tender drafts, review and cancellation', () => {
  it('refuses bad input with 400 naming the field, and writes nothing', async () => {
    const before = await tenderRows();
    for (const [overrides, field] of [
      [{ tenderName: '' }, 'tenderName'],
      [{ tenderType: 'auction' }, 'tenderType'],
      [{ bidEndTime: '2020-01-01T00:00:00Z' }, 'bidEndTime'],
      [{ evaluationMethod: 'scoring' }, 'priceWeight'],
      [{ lines: [] }, 'lines'],
      [{ documentFileIds: ['no-such-file'] }, 'documentFileIds'],
      [{ openTime: '2020-01-01T00:00:00Z' }, 'openTime'],
    ] as const) {
      const res = await a.refused('buyer01', '/purchase/ws/tender/save', { ...a.terms(), ...overrides });
      expect(res.status, field).toBe(400);
      expect(res.info, field).toContain(field);
    }
    const badLine = await a.refused('buyer01', '/purchase/ws/tender/save', {
      ...a.terms(),
      lines: [{ goodsName: '煤', quantity: 1.0001, unit: '吨', deliveryDate: '2027-01-01' }],
    });
    expect(badLine.status).toBe(400);
    expect(await tenderRows()).toEqual(before);
  });

  it('keeps a draft to its owner, sends a published one to review, and shows it only when approved', async () => {
    const draft = await a.ok<ManagedTender>('buyer01', '/purchase/ws/tender/save', a.terms());
    expect(draft.objState).toBe(0);
    expect(draft.tenderNo).toMatch(/^ZB\d{8}\d{6}$/);
    expect((await a.refused('buyer02', '/purchase/ws/tender/publish', { id: draft.id })).status).toBe(404);
    expect((await a.refused('admin', '/purchase/ws/tender/detail', { id: draft.id })).status).toBe(404);
    expect((await a.refused('admin', '/purchase/ws/tender/review', { id: draft.id, pass: true })).status).toBe(404);
    const edited = await a.ok<ManagedTender>('buyer01', '/purchase/ws/tender/save', {
      ...a.terms({ tenderName: '改名后的招标' }),
      id: draft.id,
    });
    expect(edited.tenderName).toBe('改名后的招标');
    const pending = await a.ok<ManagedTender>('buyer01', '/purchase/ws/tender/publish', { id: draft.id });
    expect(pending.objState).toBe(1);
    expect((await a.refused('buyer01', '/purchase/ws/tender/save', { ...a.terms(), id: draft.id })).code).toBe('120001');
    const queue = await a.ok<ManagedTenderPage>('admin', '/purchase/ws/tender/reviewPage', { pageNo: 1, pageSize: 8 });
    expect(queue.items.map((t) => t.id)).toContain(draft.id);
    expect((await a.refused('buyer01', '/purchase/ws/tender/reviewPage', { pageNo: 1, pageSize: 8 })).status).toBe(403);
    const hall = async () =>
      (
        JSON.parse(
          (await a.t.app.inject({ method: 'POST', url: '/purchase/ws/tender/biddingPageForCommon', payload: { pageNo: 1, pageSize: 50 } }))
            .body,
        ) as {
          data: { items: { id: string }[] };
        }
      ).data.items.map((i) => i.id);
    expect(await hall()).not.toContain(draft.id);

    const rejected = await a.ok<ManagedTender>('admin', '/purchase/ws/tender/review', {
      id: draft.id,
      pass: false,
      reviewRemark: '缺少技术要求',
    });
    expect(rejected.objState).toBe(0);
    expect(rejected.reviewRemark).toBe('缺少技术要求');
    await a.ok('buyer01', '/purchase/ws/tender/publish', { id: draft.id });
    const approved = await a.ok<ManagedTender>('admin', '/purchase/ws/tender/review', { id: draft.id, pass: true });
    expect(approved.objState).toBe(2);
    expect(await hall()).toContain(draft.id);
  });

  it('cancels in states 0-3 with a reason and tells the bidders; not after', async () => {
    const draft = await a.ok<ManagedTender>('buyer01', '/purchase/ws/tender/save', a.terms());
    await a.ok('buyer01', '/purchase/ws/tender/publish', { id: draft.id });
    await a.ok('admin', '/purchase/ws/tender/review', { id: draft.id, pass: true });
    await a.bid('supplier01', draft.id, [1_000_000, 1_000_000]);
    expect((await a.refused('buyer01', '/purchase/ws/tender/cancel', { id: draft.id })).status).toBe(400);
    const cancelled = await a.ok<ManagedTender>('buyer01', '/purchase/ws/tender/cancel', { id: draft.id, reason: '采购计划调整' });
    expect(cancelled.objState).toBe(7);
    expect(cancelled.closeReason).toBe('采购计划调整');
    const told = await a.database.db
      .selectFrom('messages as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select('m.params_json')
      .where('u.account', '=', 'supplier01')
      .where('m.kind', '=', 'tender.cancelled')
      .execute();
    expect(told.length).toBe(1);
    expect((await a.refused('buyer01', '/purchase/ws/tender/cancel', { id: draft.id, reason: 'again' })).code).toBe('120001');
    const jobs = await a.database.db
      .selectFrom('scheduled_jobs')
      .select('state')
      .where('key', '=', draft.id)
      .where('kind', 'like', 'tender.%')
      .execute();
    expect(jobs.every((j) => j.state === 'cancelled')).toBe(true);
  });

  it('freezes a tender deposit on the first bid and releases it on withdrawal', async () => {
    const draft = await a.ok<ManagedTender>('buyer01', '/purchase/ws/tender/save', a.terms({ deposit: 500_000 }));
    await a.ok('buyer01', '/purchase/ws/tender/publish', { id: draft.id });
    await a.ok('admin', '/purchase/ws/tender/review', { id: draft.id, pass: true });
    const short = await a.refused('supplier02', '/purchase/ws/tenderBid/save', {
      tenderId: draft.id,
      lines: [{ lineNo: 1, unitPrice: 100, quantity: 1, deliveryDate: '2027-07-01' }],
    });
    expect(short.code).toBe('130001');
    await a.credit('supplier02', 800_000);
    const account = async () =>
      (await a.ok<{ currency: string; frozen: number; available: number }[]>('supplier02', '/commtrade/ws/deposit/account')).find(
        (x) => x.currency === 'CNY',
      )!;
    await a.bid('supplier02', draft.id, [1_000_000, 1_000_000]);
    await a.bid('supplier02', draft.id, [990_000, 1_000_000]);
    expect((await account()).frozen).toBe(500_000);
    await a.ok('supplier02', '/purchase/ws/tenderBid/withdraw', { tenderId: draft.id });
    expect(await account()).toMatchObject({ frozen: 0, available: 800_000 });
  });
});
