import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupplierApplication, SupplierRelation, SupplierRelationPage } from '@portal/contracts/supplier-relations';
import { createTradingApp, type TradingApp } from '../../test/trading';

let a: TradingApp;
beforeAll(async () => {
  a = await createTradingApp({ traders: ['buyer01', 'buyer02', 'supplier01', 'supplier03'] });
});
afterAll(async () => {
  await a.close();
});

const R = '/purchase/ws/purCustomerRelation';
const checkRelation = async (buyer: string, supplier: string) =>
  (
    await a.ok<{ flag: string }>('supplier03', `${R}/checkRelation`, {
      buyerUserId: String(a.userId[buyer]),
      currUserNo: String(a.userId[supplier]),
    })
  ).flag;
const relationRows = () => a.database.db.selectFrom('pur_customer_relations').selectAll().execute();

describe('the supplier list', () => {
  it('lists the suppliers with their names, since and remark', async () => {
    const page = await a.ok<SupplierRelationPage>('buyer01', `${R}/page`, { pageNo: 1, pageSize: 8 });
    const supplier01 = page.items.find((r) => r.supplierUserId === String(a.userId.supplier01));
    expect(supplier01).toMatchObject({ id: String(a.userId.supplier01), supplierName: '山西晋煤能源有限公司', remark: '' });
    expect(supplier01!.since).not.toBe('');
    expect(page.items.map((r) => r.supplierUserId)).not.toContain(String(a.userId.supplier03));
  });

  it('adds a supplier by exact company name with a remark, changes the remark and removes it, and checkRelation follows', async () => {
    expect(await checkRelation('buyer01', 'supplier03')).toBe('N');
    const name = (
      await a.database.db.selectFrom('companies').select('name').where('id', '=', a.companyId.supplier03!).executeTakeFirstOrThrow()
    ).name;
    const added = await a.ok<SupplierRelation>('buyer01', `${R}/add`, { supplierName: name, remark: '焦煤备选' });
    expect(added).toMatchObject({ supplierUserId: String(a.userId.supplier03), supplierName: name, remark: '焦煤备选' });
    expect(await checkRelation('buyer01', 'supplier03')).toBe('Y');
    const remarked = await a.ok<SupplierRelation>('buyer01', `${R}/remark`, { supplierUserId: added.supplierUserId, remark: '焦煤主力' });
    expect(remarked.remark).toBe('焦煤主力');
    await a.ok('buyer01', `${R}/remove`, { supplierUserId: added.supplierUserId });
    expect(await checkRelation('buyer01', 'supplier03')).toBe('N');
    // By user id as well.
    const byId = await a.ok<SupplierRelation>('buyer01', `${R}/add`, { supplierUserId: String(a.userId.supplier03) });
    expect(byId.remark).toBe('');
    await a.ok('buyer01', `${R}/remove`, { supplierUserId: byId.supplierUserId });
  });

  it('refuses what cannot be on the list, and writes nothing', async () => {
    const before = await relationRows();
    expect(await a.refused('buyer01', `${R}/add`, { supplierUserId: String(a.userId.supplier01) })).toMatchObject({ code: '113012' });
    expect(await a.refused('buyer01', `${R}/add`, { supplierUserId: String(a.userId.buyer01) })).toMatchObject({ code: '113008' });
    expect(await a.refused('buyer01', `${R}/add`, { supplierUserId: String(a.userId.admin) })).toMatchObject({ code: '113013' });
    expect(await a.refused('buyer01', `${R}/add`, { supplierName: '没有这家公司' })).toMatchObject({ code: '120008' });
    expect(await a.refused('buyer01', `${R}/add`, { remark: 'x' })).toMatchObject({ status: 400, data: { field: 'supplierUserId' } });
    expect(await a.refused('buyer01', `${R}/add`, { supplierUserId: '999999' })).toMatchObject({ status: 404 });
    // Another buyer's list is its own: removing or remarking a supplier that is not on it answers 404.
    expect(await a.refused('buyer02', `${R}/remove`, { supplierUserId: String(a.userId.supplier01) })).toMatchObject({ status: 404 });
    expect(await a.refused('buyer02', `${R}/remark`, { supplierUserId: String(a.userId.supplier01), remark: 'x' })).toMatchObject({
      status: 404,
    });
    expect(await relationRows()).toEqual(before);
  });
});

describe('applications to the supplier list', () => {
  it('lets a supplier apply, the buyer decline, the supplier apply again and the buyer accept', async () => {
    const buyerUserId = String(a.userId.buyer02);
    const applied = await a.ok<SupplierApplication>('supplier03', `${R}/apply`, { buyerUserId, remark: '请加入供应商名单' });
    expect(applied).toMatchObject({
      buyerUserId,
      supplierUserId: String(a.userId.supplier03),
      state: 'pending',
      remark: '请加入供应商名单',
    });
    expect(applied.supplierName).not.toBe('');
    const waiting = await a.ok<{ items: SupplierApplication[] }>('buyer02', `${R}/applications`, {
      pageNo: 1,
      pageSize: 8,
      state: 'pending',
    });
    expect(waiting.items.map((x) => x.applicationId)).toContain(applied.applicationId);
    expect((await a.refused('buyer01', `${R}/decide`, { applicationId: applied.applicationId, accept: true })).status).toBe(404);

    const declined = await a.ok<SupplierApplication>('buyer02', `${R}/decide`, { applicationId: applied.applicationId, accept: false });
    expect(declined.state).toBe('declined');
    expect(declined.decidedAt).not.toBe('');
    expect(await checkRelation('buyer02', 'supplier03')).toBe('N');
    expect((await a.refused('buyer02', `${R}/decide`, { applicationId: applied.applicationId, accept: true })).code).toBe('100008');
    const told = await a.database.db
      .selectFrom('messages')
      .select('kind')
      .where('user_id', '=', a.userId.supplier03!)
      .where('kind', 'like', 'supplier.%')
      .execute();
    expect(told.map((m) => m.kind)).toEqual(['supplier.declined']);

    const again = await a.ok<SupplierApplication>('supplier03', `${R}/apply`, { buyerUserId });
    await a.ok('buyer02', `${R}/decide`, { applicationId: again.applicationId, accept: true });
    expect(await checkRelation('buyer02', 'supplier03')).toBe('Y');
    expect((await a.refused('supplier03', `${R}/apply`, { buyerUserId })).code).toBe('113012');
    const mine = await a.ok<{ items: SupplierApplication[] }>('supplier03', `${R}/myApplications`, { pageNo: 1, pageSize: 8 });
    expect(mine.items.map((x) => x.state)).toEqual(['accepted', 'declined']);
  });

  it('answers 404 for a buyer that is not a company, and refuses applying to oneself', async () => {
    expect((await a.refused('supplier03', `${R}/apply`, { buyerUserId: '999999' })).status).toBe(404);
    expect((await a.refused('supplier03', `${R}/apply`, { buyerUserId: String(a.userId.admin) })).status).toBe(404);
    expect((await a.refused('supplier03', `${R}/apply`, { buyerUserId: String(a.userId.supplier03) })).code).toBe('113008');
  });
});
