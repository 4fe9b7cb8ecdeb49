import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionActions, tenantsResource } from '@portal/contracts/admin';
import { companyEndpoints, suppliersResource, type CompanyProfile } from '@portal/contracts/admin-company';
import { sitePageEndpoints, uploadEndpoints, type UploadedFile } from '@portal/contracts/admin-content';
import type { Endpoint } from '@portal/contracts/endpoint';
import { createTenantsAdminRepo } from './tenants.repo';
import { createTestApp, envelope, login, type TestApp } from '../../test/test-app';

/**
 * The writes that used to insert their operation-log rows themselves now go through the write
 * path. Each row must read exactly as before: who (user id, account, address), what (resource,
 * action, record id), the values before and after, and the time of the write.
 */
const NOW = '2026-03-02T03:04:05.678Z';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({}, { now: () => new Date(NOW) });
});
afterEach(async () => {
  await t.close();
});

const call = async <T>(endpoint: Endpoint, payload: unknown, token: string): Promise<T> => {
  const body = envelope(
    await t.app.inject({ method: endpoint.method, url: endpoint.path, payload: payload as object, headers: { token } }),
  );
  expect(body.return_code, `${endpoint.path}: ${body.error_info}`).toBe('0');
  return body.data as T;
};
const oplog = async () => {
  const rows = await t.database.db.selectFrom('operation_log').selectAll().orderBy('id').execute();
  return rows.map(({ id: _id, before_json, after_json, ...rest }) => ({
    ...rest,
    before: before_json === null ? null : (JSON.parse(before_json) as unknown),
    after: after_json === null ? null : (JSON.parse(after_json) as unknown),
  }));
};
const userIdOf = async (account: string) =>
  (await t.database.db.selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id;
/** The row as the code before the write path wrote it: the actor's request, a null for no value. */
const row = (account: string, userId: number, resource: string, action: string, recordId: string, before: unknown, after: unknown) => ({
  user_id: userId,
  account,
  ip: '127.0.0.1',
  resource,
  action,
  record_id: recordId,
  before: before ?? null,
  after: after ?? null,
  at: NOW,
});

describe('operation-log rows of the writes routed through the write path', () => {
  it('a back-office resource: create, update, delete with the stored row before and after', async () => {
    const admin = (await login(t.app, 'admin', 'Admin@2026')).token;
    const adminId = await userIdOf('admin');
    const repo = createTenantsAdminRepo(t.database.db);
    await call(tenantsResource.endpoints.create, { tenant_id: 'T900', tenant_name: '甲醇交易分中心' }, admin);
    const created = await repo.get('T900');
    await call(tenantsResource.endpoints.update, { id: 'T900', tenant_name: '甲醇与液氨交易分中心' }, admin);
    const updated = await repo.get('T900');
    await call(tenantsResource.endpoints.remove, { id: 'T900' }, admin);
    expect(await oplog()).toEqual([
      row('admin', adminId, 'tenants', 'create', 'T900', null, created),
      row('admin', adminId, 'tenants', 'update', 'T900', created, updated),
      row('admin', adminId, 'tenants', 'delete', 'T900', updated, null),
    ]);
  });

  it('a site page, an upload and a kick-out', async () => {
    const admin = (await login(t.app, 'admin', 'Admin@2026')).token;
    await login(t.app, 'buyer01', 'Buyer@2026');
    const adminId = await userIdOf('admin');
    const footer = await t.database.db.selectFrom('cms_pages').select('content').where('code', '=', 'footer').executeTakeFirst();
    await call(sitePageEndpoints.saveFooter, { html: '<p>新的页脚</p>' }, admin);
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    const file = await call<UploadedFile>(uploadEndpoints.upload, { name: 'logo.png', contentType: 'image/png', data: png }, admin);
    await call(sessionActions.kickout, { account: 'buyer01' }, admin);
    expect(await oplog()).toEqual([
      row('admin', adminId, 'site-pages', 'update', 'footer', { html: footer?.content ?? '' }, { html: '<p>新的页脚</p>' }),
      row('admin', adminId, 'files', 'upload', file.fileId, null, {
        name: 'logo.png',
        size: Buffer.from(png, 'base64').length,
        contentType: 'image/png',
      }),
      row(
        'admin',
        adminId,
        'sessions',
        'kickout',
        'buyer01',
        { account: 'buyer01', liveSessions: 1 },
        { account: 'buyer01', liveSessions: 0 },
      ),
    ]);
  });

  it('the company centre: the profile, and a supplier removed and added again', async () => {
    const buyer = (await login(t.app, 'buyer01', 'Buyer@2026')).token;
    const buyerId = await userIdOf('buyer01');
    const supplierId = await userIdOf('supplier01');
    const before = await call<CompanyProfile>(companyEndpoints.getProfile, {}, buyer);
    const { updatedAt: _at, ...profile } = before;
    const after = await call<CompanyProfile>(companyEndpoints.saveProfile, { ...profile, address: '北京市朝阳区' }, buyer);
    await call(suppliersResource.endpoints.remove, { id: String(supplierId) }, buyer);
    await call(suppliersResource.endpoints.create, { account: 'supplier01', remark: '长期合作' }, buyer);
    expect(await oplog()).toEqual([
      row('buyer01', buyerId, 'company', 'update', before.id, before, after),
      row('buyer01', buyerId, 'suppliers', 'delete', String(supplierId), { buyerUserId: buyerId, supplierUserId: supplierId }, null),
      row('buyer01', buyerId, 'suppliers', 'create', String(supplierId), null, {
        buyerUserId: buyerId,
        supplier: 'supplier01',
        remark: '长期合作',
      }),
    ]);
  });
});
