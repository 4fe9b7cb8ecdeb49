import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { companyEndpoints, suppliersResource, type CompanyProfile, type SupplierRow } from '@portal/contracts/admin-company';
import type { Endpoint } from '@portal/contracts/endpoint';
import { createTestApp, envelope, login, type TestApp } from '../../test/test-app';

let t: TestApp;
let buyer: string;
let supplier: string;
beforeEach(async () => {
  t = await createTestApp();
  buyer = (await login(t.app, 'buyer01', 'Buyer@2026')).token;
  supplier = (await login(t.app, 'supplier01', 'Supplier@2026')).token;
});
afterEach(async () => {
  await t.close();
});

const call = (endpoint: Endpoint, payload: unknown, token: string | null) =>
  t.app.inject({ method: endpoint.method, url: endpoint.path, payload: payload as object, headers: token ? { token } : {} });
const data = async <T>(endpoint: Endpoint, payload: unknown, token: string): Promise<T> => {
  const body = envelope(await call(endpoint, payload, token));
  expect(body.return_code, `${endpoint.path}: ${body.error_info}`).toBe('0');
  return body.data as T;
};
const idOf = async (account: string) =>
  await t.database.db.selectFrom('users').select(['id', 'company_id']).where('account', '=', account).executeTakeFirstOrThrow();
const snapshot = async () => ({
  companies: JSON.stringify(await t.database.db.selectFrom('companies').selectAll().orderBy('id').execute()),
  relations: JSON.stringify(
    await t.database.db.selectFrom('pur_customer_relations').selectAll().orderBy('buyer_user_id').orderBy('supplier_user_id').execute(),
  ),
  oplog: (await t.database.db.selectFrom('operation_log').select('id').execute()).length,
});
const checkRelation = async (buyerUserId: number, currUserNo: number) =>
  (
    envelope(
      await t.app.inject({
        method: 'POST',
        url: '/purchase/ws/purCustomerRelation/checkRelation',
        payload: { buyerUserId: String(buyerUserId), currUserNo: String(currUserNo) },
        headers: { token: supplier },
      }),
    ).data as { flag: string }
  ).flag;

const profile = { name: '华北化工集团有限公司', creditCode: '91110000100000000X', contactName: '李明', contactPhone: '010-88886666' };

describe('the company profile', () => {
  it('lets a company user read and edit its own company, logged with before and after', async () => {
    const own = await data<CompanyProfile>(companyEndpoints.getProfile, {}, buyer);
    expect(own.name).toBe('华北化工集团有限公司');
    const saved = await data<CompanyProfile>(
      companyEndpoints.saveProfile,
      {
        ...profile,
        id: own.id,
        address: '北京市朝阳区',
        mainBusiness: '尿素、甲醇',
        introduction: '简介',
        logoUrl: '/file/download?fileId=x.png',
      },
      buyer,
    );
    expect(saved).toMatchObject({ creditCode: '91110000100000000X', address: '北京市朝阳区', logoUrl: '/file/download?fileId=x.png' });
    expect((await data<CompanyProfile>(companyEndpoints.getProfile, { id: own.id }, buyer)).mainBusiness).toBe('尿素、甲醇');
    const log = await t.database.db.selectFrom('operation_log').selectAll().execute();
    expect(log.map((r) => [r.account, r.resource, r.action, r.record_id])).toEqual([['buyer01', 'company', 'update', own.id]]);
    expect(JSON.parse(log[0]!.before_json!).address).toBe('');
  });

  it("refuses another company's record with 403 -107 and writes nothing", async () => {
    const other = String((await idOf('supplier01')).company_id);
    const before = await snapshot();
    for (const [endpoint, payload] of [
      [companyEndpoints.getProfile, { id: other }],
      [companyEndpoints.saveProfile, { ...profile, id: other }],
    ] as const) {
      const res = await call(endpoint, payload, buyer);
      expect(res.statusCode, endpoint.path).toBe(403);
      expect(envelope(res).error_no, endpoint.path).toBe('-107');
    }
    expect(await snapshot()).toEqual(before);
    const supplierCompany = await data<CompanyProfile>(companyEndpoints.getProfile, {}, supplier);
    expect(supplierCompany.name).toBe('山西晋煤能源有限公司');
  });

  it('is closed to visitors (401) and to operators without a company permission (403 -106); bad input names the field', async () => {
    const admin = (await login(t.app, 'admin', 'Admin@2026')).token;
    const before = await snapshot();
    for (const [endpoint, payload] of [
      [companyEndpoints.getProfile, {}],
      [companyEndpoints.saveProfile, profile],
      [suppliersResource.endpoints.list, { pageNo: 1, pageSize: 10 }],
      [suppliersResource.endpoints.create, { account: 'supplier01' }],
      [suppliersResource.endpoints.remove, { id: '3' }],
    ] as const) {
      expect((await call(endpoint, payload, null)).statusCode, endpoint.path).toBe(401);
      const res = await call(endpoint, payload, admin);
      expect(res.statusCode, endpoint.path).toBe(403);
      expect(envelope(res).error_no, endpoint.path).toBe('-106');
    }
    for (const [payload, field] of [
      [{ ...profile, name: '' }, 'name'],
      [{ ...profile, creditCode: 'ABC' }, 'creditCode'],
      [{ ...profile, email: 'x@' }, 'email'],
      [{ ...profile, logoUrl: 'javascript:alert(1)' }, 'logoUrl'],
      [{ ...profile, introduction: '字'.repeat(2001) }, 'introduction'],
      [{ ...profile, owner: 'me' }, 'owner'],
    ] as const) {
      const res = await call(companyEndpoints.saveProfile, payload, buyer);
      expect(res.statusCode, field).toBe(400);
      expect((envelope(res).data as { field: string }).field, field).toBe(field);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('the supplier list', () => {
  it('is the supply relationship checkRelation answers from', async () => {
    const buyerId = (await idOf('buyer01')).id;
    const supplierId = (await idOf('supplier01')).id;
    const list = await data<{ rows: SupplierRow[]; total: number }>(suppliersResource.endpoints.list, { pageNo: 1, pageSize: 10 }, buyer);
    expect(list.rows.map((r) => r.account)).toContain('supplier01');
    expect(await checkRelation(buyerId, supplierId)).toBe('Y');

    await data(suppliersResource.endpoints.remove, { id: String(supplierId) }, buyer);
    expect(await checkRelation(buyerId, supplierId)).toBe('N');
    const added = await data<SupplierRow>(
      suppliersResource.endpoints.create,
      { account: 'supplier01', buyerUserId: String(buyerId) },
      buyer,
    );
    expect(added).toMatchObject({ account: 'supplier01', companyName: '山西晋煤能源有限公司' });
    expect(await checkRelation(buyerId, supplierId)).toBe('Y');

    const log = await t.database.db.selectFrom('operation_log').select(['resource', 'action', 'record_id']).orderBy('id').execute();
    expect(log).toEqual([
      { resource: 'suppliers', action: 'delete', record_id: String(supplierId) },
      { resource: 'suppliers', action: 'create', record_id: String(supplierId) },
    ]);
  });

  it('keeps a remark given when adding and changed later; another buyer cannot change it', async () => {
    const supplierId = String((await idOf('supplier01')).id);
    await data(suppliersResource.endpoints.remove, { id: supplierId }, buyer);
    const added = await data<SupplierRow>(suppliersResource.endpoints.create, { account: 'supplier01', remark: '长期煤炭供应' }, buyer);
    expect(added.remark).toBe('长期煤炭供应');
    const changed = await data<SupplierRow>(suppliersResource.endpoints.update, { id: supplierId, remark: '年度框架协议' }, buyer);
    expect(changed).toMatchObject({ id: supplierId, account: 'supplier01', remark: '年度框架协议' });
    const list = await data<{ rows: SupplierRow[] }>(suppliersResource.endpoints.list, { pageNo: 1, pageSize: 10 }, buyer);
    expect(list.rows.find((r) => r.id === supplierId)?.remark).toBe('年度框架协议');

    // supplier01 keeps no list with itself on it: the same id is not found there, and nothing changes.
    const res = await t.app.inject({
      method: 'POST',
      url: suppliersResource.endpoints.update.path,
      headers: { token: supplier },
      payload: { id: supplierId, remark: 'x' },
    });
    expect(res.statusCode).toBe(404);
    const again = await data<{ rows: SupplierRow[] }>(suppliersResource.endpoints.list, { pageNo: 1, pageSize: 10 }, buyer);
    expect(again.rows.find((r) => r.id === supplierId)?.remark).toBe('年度框架协议');
  });

  it("refuses another tenderer's list (-107), operators, itself, duplicates and unknown accounts, writing nothing", async () => {
    const supplierId = (await idOf('supplier01')).id;
    const before = await snapshot();
    for (const [endpoint, payload] of [
      [suppliersResource.endpoints.list, { buyerUserId: String(supplierId), pageNo: 1, pageSize: 10 }],
      [suppliersResource.endpoints.create, { account: 'newcomer', buyerUserId: String(supplierId) }],
    ] as const) {
      const res = await call(endpoint, payload, buyer);
      expect(res.statusCode, endpoint.path).toBe(403);
      expect(envelope(res).error_no, endpoint.path).toBe('-107');
    }
    expect(envelope(await call(suppliersResource.endpoints.create, { account: 'supplier01' }, buyer)).error_no).toBe('113012');
    expect(envelope(await call(suppliersResource.endpoints.create, { account: 'admin' }, buyer)).error_no).toBe('113013');
    expect(envelope(await call(suppliersResource.endpoints.create, { account: 'buyer01' }, buyer)).error_no).toBe('113008');
    expect((await call(suppliersResource.endpoints.create, { account: 'nobody' }, buyer)).statusCode).toBe(404);
    // Removing from a list is always the caller's own list: another buyer's relation is not found.
    expect((await call(suppliersResource.endpoints.remove, { id: String((await idOf('buyer01')).id) }, supplier)).statusCode).toBe(404);
    const bad = await call(suppliersResource.endpoints.create, { account: '' }, buyer);
    expect((envelope(bad).data as { field: string }).field).toBe('account');
    expect(await snapshot()).toEqual(before);
  });
});
