import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, envelope, login, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
beforeEach(async () => {
  t = await createTestApp();
  admin = (await login(t.app, 'admin', 'Admin@2026')).token;
});
afterEach(async () => {
  await t.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = { token: admin }) =>
  t.app.inject({ method: 'POST', url: `/omc/api/admin/tenants/${url}`, payload: payload as object, headers });
const oplog = () => t.database.db.selectFrom('operation_log').selectAll().orderBy('id').execute();
const tenantCount = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('tenants')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('the shared resource pattern, on tenants', () => {
  it('lists with a filter, paging and totals that agree with the rows', async () => {
    const all = envelope(await post('list', { pageNo: 1, pageSize: 10 })).data as {
      rows: { tenant_id: string; userCount: number }[];
      total: number;
    };
    expect(all.total).toBe(all.rows.length);
    const t001Users = await t.database.db.selectFrom('users').select('id').where('tenant_id', '=', 'T001').execute();
    expect(all.rows.find((r) => r.tenant_id === 'T001')?.userCount).toBe(t001Users.length);
    const page2 = envelope(await post('list', { pageNo: 2, pageSize: 1 })).data as { rows: unknown[]; total: number };
    expect(page2.rows).toHaveLength(1);
    expect(page2.total).toBe(all.total);
    const filtered = envelope(await post('list', { tenant_name: '化肥', pageNo: 1, pageSize: 10 })).data as {
      rows: { tenant_id: string }[];
      total: number;
    };
    expect(filtered.rows.map((r) => r.tenant_id)).toEqual(['T002']);
    expect(filtered.total).toBe(1);
  });

  it('creates, updates and deletes, recording each write with the values before and after', async () => {
    const created = await post('create', { tenant_id: 'T900', tenant_name: '甲醇交易分中心', kind_code: 'methanol' });
    expect(envelope(created).data).toMatchObject({ id: 'T900', tenant_name: '甲醇交易分中心', userCount: 0 });
    const updated = await post('update', { id: 'T900', tenant_name: '甲醇与液氨交易分中心' });
    expect(envelope(updated).data).toMatchObject({ tenant_name: '甲醇与液氨交易分中心', kind_code: '' });
    expect(envelope(await post('delete', { id: 'T900' })).return_code).toBe('0');
    expect(envelope(await post('get', { id: 'T900' })).return_code).toBe('100004');

    const log = await oplog();
    expect(log.map((r) => [r.account, r.resource, r.action, r.record_id])).toEqual([
      ['admin', 'tenants', 'create', 'T900'],
      ['admin', 'tenants', 'update', 'T900'],
      ['admin', 'tenants', 'delete', 'T900'],
    ]);
    expect(JSON.parse(log[1]!.before_json!).tenant_name).toBe('甲醇交易分中心');
    expect(JSON.parse(log[1]!.after_json!).tenant_name).toBe('甲醇与液氨交易分中心');
    expect(log[2]!.after_json).toBeNull();
  });

  it('refuses a duplicate id and deleting a tenant in use, writing nothing', async () => {
    const before = await tenantCount();
    expect(envelope(await post('create', { tenant_id: 'T001', tenant_name: '重复' })).return_code).toBe('113002');
    const inUse = await post('delete', { id: 'T001' });
    expect(inUse.statusCode).toBe(409);
    expect(envelope(inUse).return_code).toBe('113001');
    expect(await tenantCount()).toBe(before);
    expect(await oplog()).toEqual([]);
  });

  it('answers 400 naming the field for bad input, and 404 for an unknown id', async () => {
    for (const [payload, field] of [
      [{ tenant_id: 'T 1', tenant_name: 'x' }, 'tenant_id'],
      [{ tenant_id: 'T901', tenant_name: '' }, 'tenant_name'],
      [{ tenant_id: 'T902', tenant_name: 'x'.repeat(101) }, 'tenant_name'],
      [{ tenant_id: 'T903', tenant_name: 'x', role: 'root' }, 'role'],
    ] as const) {
      const res = await post('create', payload);
      expect(res.statusCode).toBe(400);
      expect(envelope(res).error_info).toContain(field);
      expect((envelope(res).data as { field: string }).field).toBe(field);
    }
    expect(await oplog()).toEqual([]);
    const missing = await post('update', { id: 'NOPE', tenant_name: 'x' });
    expect(missing.statusCode).toBe(404);
  });

  it('is closed to visitors (401) and company users (403, -106), and cookie writes need csrfcheck (-102)', async () => {
    const anon = await post('list', { pageNo: 1, pageSize: 10 }, {});
    expect(anon.statusCode).toBe(401);
    const buyer = (await login(t.app, 'buyer01', 'Buyer@2026')).token;
    for (const url of ['list', 'create', 'update', 'delete', 'get']) {
      const res = await post(url, { id: 'T001', tenant_id: 'T904', tenant_name: 'x', pageNo: 1, pageSize: 10 }, { token: buyer });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
    }
    const forbidden = await post('list', { pageNo: 1, pageSize: 10 }, { token: buyer });
    expect(forbidden.statusCode).toBe(403);
    expect(envelope(forbidden).error_no).toBe('-106');

    const { cookie, csrf } = await login(t.app, 'admin', 'Admin@2026');
    const noEcho = await post('create', { tenant_id: 'T905', tenant_name: 'x' }, { cookie });
    expect(envelope(noEcho).error_no).toBe('-102');
    const withEcho = await post('create', { tenant_id: 'T905', tenant_name: 'x' }, { cookie, csrfcheck: csrf });
    expect(envelope(withEcho).return_code).toBe('0');
  });
});
