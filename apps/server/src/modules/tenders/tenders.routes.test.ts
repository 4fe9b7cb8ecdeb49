import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TenderDetail, TenderItem } from '@portal/contracts/tenders';
import { createTestApp, envelope, login, type TestApp } from '../../test/test-app';

let t: TestApp;
let ids: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  const users = await t.database.db.selectFrom('users').select(['id', 'account']).execute();
  ids = Object.fromEntries(users.map((u) => [u.account, String(u.id)]));
});
afterAll(async () => {
  await t.close();
});

type Page = { items: TenderItem[]; totalItem: number };
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('biddingPageForCommon', () => {
  it('answers tenders in states 2-7, newest first, with totals that agree with the rows', async () => {
    const first = envelope(await post('/purchase/ws/tender/biddingPageForCommon', { pageNo: 1, pageSize: 10 })).data as Page;
    const rows = await t.database.db.selectFrom('tenders').select(['id', 'obj_state', 'bid_end_at']).execute();
    expect(first.totalItem).toBe(rows.length);
    expect(new Set(rows.map((r) => r.obj_state))).toEqual(new Set([2, 3, 4, 5, 6, 7]));
    const all: TenderItem[] = [];
    for (let pageNo = 1; (pageNo - 1) * 10 < first.totalItem; pageNo++) {
      all.push(...(envelope(await post('/purchase/ws/tender/biddingPageForCommon', { pageNo, pageSize: 10 })).data as Page).items);
    }
    expect(all.map((i) => i.id).sort()).toEqual(rows.map((r) => String(r.id)).sort());
    const now = new Date().toISOString();
    for (const item of all) {
      expect(item.overdueFlag).toBe(item.bidEndTime < now ? 'Y' : 'N');
      expect(item.userId).toMatch(/^\d+$/);
    }
    // Some open tenders are already overdue, so they show "view".
    expect(all.some((i) => i.objState === 2 && i.overdueFlag === 'Y')).toBe(true);
    expect(all.some((i) => i.objState === 2 && i.overdueFlag === 'N')).toBe(true);
    expect(all.some((i) => i.tenderNo.length > 22)).toBe(true);
  });

  it('filters by state and refuses bad input with 400', async () => {
    const page = envelope(await post('/purchase/ws/tender/biddingPageForCommon', { pageNo: 1, pageSize: 50, objState: 4 })).data as Page;
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((i) => i.objState === 4)).toBe(true);
    const before = await t.database.db.selectFrom('tenders').selectAll().execute();
    for (const [payload, field] of [
      [{ pageNo: 1, pageSize: 10, objState: 1 }, 'objState'],
      [{ pageNo: 0, pageSize: 10 }, 'pageNo'],
      [{ pageNo: 1, pageSize: 1000 }, 'pageSize'],
    ] as const) {
      const res = await post('/purchase/ws/tender/biddingPageForCommon', payload);
      expect(res.statusCode).toBe(400);
      expect(envelope(res).error_info).toContain(field);
    }
    expect(await t.database.db.selectFrom('tenders').selectAll().execute()).toEqual(before);
  });
});

describe('checkRelation', () => {
  it('answers Y for supplier01 on buyer01 tenders and N for a tenderer without the relation', async () => {
    const { token } = await login(t.app, 'supplier01', 'Supplier@2026');
    const yes = await post(
      '/purchase/ws/purCustomerRelation/checkRelation',
      { buyerUserId: ids.buyer01, currUserNo: ids.supplier01 },
      { token },
    );
    expect(yes.statusCode).toBe(200);
    expect(envelope(yes).data).toEqual({ flag: 'Y' });
    const no = await post(
      '/purchase/ws/purCustomerRelation/checkRelation',
      { buyerUserId: ids.demo_zhongneng, currUserNo: ids.supplier01 },
      { token },
    );
    expect(envelope(no).data).toEqual({ flag: 'N' });
    const { token: buyerToken } = await login(t.app, 'buyer01', 'Buyer@2026');
    const reverse = await post(
      '/purchase/ws/purCustomerRelation/checkRelation',
      { buyerUserId: ids.supplier01, currUserNo: ids.buyer01 },
      { token: buyerToken },
    );
    expect(envelope(reverse).data).toEqual({ flag: 'N' });
  });

  it('needs a session, its own user and the csrf echo; refuses bad input', async () => {
    const body = { buyerUserId: ids.buyer01, currUserNo: ids.supplier01 };
    const visitor = await post('/purchase/ws/purCustomerRelation/checkRelation', body);
    expect(visitor.statusCode).toBe(401);
    expect(envelope(visitor).error_no).toBe('9006');
    const { token, cookie, csrf } = await login(t.app, 'supplier01', 'Supplier@2026');
    const other = await post(
      '/purchase/ws/purCustomerRelation/checkRelation',
      { buyerUserId: ids.buyer01, currUserNo: ids.newcomer },
      { token },
    );
    expect(other.statusCode).toBe(403);
    const noEcho = await post('/purchase/ws/purCustomerRelation/checkRelation', body, { cookie });
    expect(envelope(noEcho).error_no).toBe('-102');
    const withEcho = await post('/purchase/ws/purCustomerRelation/checkRelation', body, { cookie, csrfcheck: csrf });
    expect(envelope(withEcho).data).toEqual({ flag: 'Y' });
    const before = await t.database.db.selectFrom('pur_customer_relations').selectAll().execute();
    for (const payload of [{ buyerUserId: 'x', currUserNo: ids.supplier01 }, { buyerUserId: ids.buyer01 }, { ...body, extra: 1 }]) {
      const res = await post('/purchase/ws/purCustomerRelation/checkRelation', payload, { token });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await t.database.db.selectFrom('pur_customer_relations').selectAll().execute()).toEqual(before);
  });
});

describe('biddingPage', () => {
  it("answers the signed-in supplier's buyers' tenders and needs a session", async () => {
    expect((await post('/purchase/ws/tender/biddingPage', { pageNo: 1, pageSize: 10 })).statusCode).toBe(401);
    const { token } = await login(t.app, 'supplier01', 'Supplier@2026');
    const page = envelope(await post('/purchase/ws/tender/biddingPage', { pageNo: 1, pageSize: 50 }, { token })).data as Page;
    expect(page.totalItem).toBeGreaterThan(0);
    expect(page.items.every((i) => i.userId === ids.buyer01)).toBe(true);
    // A supplier of nobody (newcomer, its initial password changed so that its session may call the list).
    await t.database.db.updateTable('users').set({ password_default: 0 }).where('account', '=', 'newcomer').execute();
    const { token: newcomer } = await login(t.app, 'newcomer', 'Init@2026');
    const none = envelope(await post('/purchase/ws/tender/biddingPage', { pageNo: 1, pageSize: 10 }, { token: newcomer })).data as Page;
    expect(none.totalItem).toBe(0);
  });
});

describe('tenderDetailForCommon', () => {
  it('answers a tender with its lines, and 404 for an unknown one', async () => {
    const tender = await t.database.db.selectFrom('tenders').select('id').orderBy('id').executeTakeFirstOrThrow();
    const res = await post('/purchase/ws/tender/tenderDetailForCommon', { id: String(tender.id) });
    expect(res.statusCode).toBe(200);
    const detail = envelope(res).data as TenderDetail;
    expect(detail.lines.length).toBeGreaterThan(0);
    expect(detail.lines[0]!.unit).toBe('吨');
    expect(detail.description).not.toBe('');
    const missing = await post('/purchase/ws/tender/tenderDetailForCommon', { id: '999999' });
    expect(missing.statusCode).toBe(404);
    expect((await post('/purchase/ws/tender/tenderDetailForCommon', { id: '' })).statusCode).toBe(400);
  });
});
