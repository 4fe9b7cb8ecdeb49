import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  loginLogListing,
  menusResource,
  onlineSessionsListing,
  operationLogListing,
  roleActions,
  rolesResource,
  sessionActions,
  tenantsResource,
  userActions,
  usersResource,
  type MenuRow,
  type RoleRow,
  type UserRow,
} from '@portal/contracts/admin';
import { newsTypesResource } from '@portal/contracts/admin-content';
import type { Endpoint } from '@portal/contracts/endpoint';
import type { MenuNode } from '@portal/contracts/menus';
import { createTestApp, envelope, login, signInChangingInitialPassword, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
beforeEach(async () => {
  t = await createTestApp();
  admin = (await login(t.app, 'admin', 'Admin@2026')).token;
});
afterEach(async () => {
  await t.close();
});

const call = (endpoint: Endpoint, payload: unknown = {}, token: string | null = admin, lang = 'zh-CN') =>
  t.app.inject({
    method: endpoint.method,
    url: endpoint.path,
    payload: payload as object,
    headers: { ...(token ? { token } : {}), 'accept-language': lang },
  });
const data = async <T>(endpoint: Endpoint, payload: unknown = {}, token: string | null = admin): Promise<T> => {
  const res = await call(endpoint, payload, token);
  const body = envelope(res);
  expect(body.return_code, `${endpoint.path}: ${body.error_info}`).toBe('0');
  return body.data as T;
};
const db = () => t.database.db;
const count = async (table: 'users' | 'roles' | 'menus' | 'operation_log' | 'role_menus' | 'user_roles' | 'menu_titles' | 'companies') =>
  Number(
    (
      await db()
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const counts = async () => ({
  users: await count('users'),
  roles: await count('roles'),
  menus: await count('menus'),
  oplog: await count('operation_log'),
  roleMenus: await count('role_menus'),
  userRoles: await count('user_roles'),
  titles: await count('menu_titles'),
  companies: await count('companies'),
});
const oplog = () => db().selectFrom('operation_log').selectAll().orderBy('id').execute();
const userId = async (account: string) =>
  String((await db().selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id);
const roleId = async (code: string) =>
  String((await db().selectFrom('roles').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id);
const menuIdsOf = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => [n.id, ...menuIdsOf(n.children)]);

/** Every system-management call with a body that passes validation. */
const ALL_CALLS: [Endpoint, unknown][] = [
  [usersResource.endpoints.list, { pageNo: 1, pageSize: 10 }],
  [usersResource.endpoints.get, { id: '1' }],
  [usersResource.endpoints.create, { account: 'probe01', password: 'Probe@2026', nick_name: 'x', user_type: 'operator' }],
  [usersResource.endpoints.update, { id: '2', nick_name: 'x', user_type: 'comp', company_name: '某公司' }],
  [userActions.setStatus, { id: '2', enabled: false }],
  [userActions.resetPassword, { id: '2', password: 'Reset@2026' }],
  [userActions.unlock, { id: '2' }],
  [userActions.options, {}],
  [rolesResource.endpoints.list, { pageNo: 1, pageSize: 10 }],
  [rolesResource.endpoints.get, { id: '1' }],
  [rolesResource.endpoints.create, { code: 'probe', name: 'x' }],
  [rolesResource.endpoints.update, { id: '2', name: 'x' }],
  [rolesResource.endpoints.remove, { id: '2' }],
  [roleActions.menuOptions, {}],
  [menusResource.endpoints.list, { pageNo: 1, pageSize: 10 }],
  [menusResource.endpoints.get, { id: 'workbench' }],
  [menusResource.endpoints.create, { id: 'probe', parent_id: 'root', name: 'probe', title: 'x' }],
  [menusResource.endpoints.update, { id: 'workbench', parent_id: 'root', name: 'workbench', title: 'x' }],
  [menusResource.endpoints.remove, { id: 'workbench-home' }],
  [tenantsResource.endpoints.list, { pageNo: 1, pageSize: 10 }],
  [tenantsResource.endpoints.create, { tenant_id: 'T9', tenant_name: 'x' }],
  [onlineSessionsListing.endpoints.list, { pageNo: 1, pageSize: 10 }],
  [sessionActions.kickout, { account: 'supplier01' }],
  [loginLogListing.endpoints.list, { pageNo: 1, pageSize: 10 }],
  [operationLogListing.endpoints.list, { pageNo: 1, pageSize: 10 }],
];

describe('access to system management', () => {
  it('answers visitors 401 and company users 403 (-106) on every call, writing nothing', async () => {
    const buyer = (await login(t.app, 'buyer01', 'Buyer@2026')).token;
    const supplierToken = (await login(t.app, 'supplier01', 'Supplier@2026')).token;
    const before = await counts();
    for (const [endpoint, payload] of ALL_CALLS) {
      const anon = await call(endpoint, payload, null);
      expect(anon.statusCode, endpoint.path).toBe(401);
      expect(envelope(anon).error_no, endpoint.path).toBe('9006');
      const company = await call(endpoint, payload, buyer);
      expect(company.statusCode, endpoint.path).toBe(403);
      expect(envelope(company).error_no, endpoint.path).toBe('-106');
    }
    expect(await counts()).toEqual(before);
    // The kick-out above never ran: the supplier is still signed in.
    expect((await t.app.inject({ method: 'GET', url: '/omc/api/user/getCurrUser', headers: { token: supplierToken } })).statusCode).toBe(
      200,
    );
  });

  it('answers the operator on every read', async () => {
    for (const [endpoint, payload] of ALL_CALLS.filter(([e]) => /\/(list|get|options|menu-options)$/.test(e.path))) {
      const res = await call(endpoint, payload);
      expect(res.statusCode, endpoint.path).toBe(200);
    }
  });

  it('has no delete for users (accounts are disabled instead)', async () => {
    const before = await count('users');
    const res = await t.app.inject({ method: 'POST', url: '/omc/api/admin/users/delete', payload: { id: '2' }, headers: { token: admin } });
    expect(res.statusCode).toBe(404);
    expect(await count('users')).toBe(before);
  });
});

describe('users', () => {
  it('creates an operator and a company user, searches and edits them, logging each write', async () => {
    const ops = await roleId('platform_admin');
    const op = await data<UserRow>(usersResource.endpoints.create, {
      account: 'operator02',
      password: 'Oper@2026',
      nick_name: '运营二号',
      real_name: '赵敏',
      mobile: '13900000011',
      user_type: 'operator',
      roleIds: [ops],
      tenant_id: 'T002',
    });
    expect(op).toMatchObject({
      account: 'operator02',
      enabled: true,
      defaultPassword: true,
      roleIds: [ops],
      tenant_name: '化肥交易分中心',
    });
    const companies = await count('companies');
    const comp = await data<UserRow>(usersResource.endpoints.create, {
      account: 'coal_buyer',
      password: 'Coal@2026',
      nick_name: '煤炭采购',
      user_type: 'comp',
      company_name: '华北化工集团有限公司',
      roleIds: [await roleId('company_user')],
    });
    // An existing company is reused by name.
    expect(await count('companies')).toBe(companies);
    expect(comp.company_name).toBe('华北化工集团有限公司');

    const found = await data<{ rows: UserRow[]; total: number }>(usersResource.endpoints.list, {
      keyword: 'COAL',
      pageNo: 1,
      pageSize: 10,
    });
    expect(found.rows.map((r) => r.account)).toEqual(['coal_buyer']);
    // An underscore matches itself, not any character.
    const exact = await data<{ rows: UserRow[] }>(usersResource.endpoints.list, { keyword: 'coal_b', pageNo: 1, pageSize: 10 });
    expect(exact.rows.map((r) => r.account)).toEqual(['coal_buyer']);
    expect((await data<{ total: number }>(usersResource.endpoints.list, { keyword: 'coal%b', pageNo: 1, pageSize: 10 })).total).toBe(0);
    expect((await data<{ total: number }>(usersResource.endpoints.list, { keyword: 'c_al', pageNo: 1, pageSize: 10 })).total).toBe(0);
    const operators = await data<{ rows: UserRow[]; total: number }>(usersResource.endpoints.list, {
      user_type: 'operator',
      pageNo: 1,
      pageSize: 10,
    });
    expect(operators.rows.map((r) => r.account).sort()).toEqual(['admin', 'operator02']);
    const byRole = await data<{ rows: UserRow[] }>(usersResource.endpoints.list, { role_id: ops, pageNo: 1, pageSize: 10 });
    expect(byRole.rows.map((r) => r.account).sort()).toEqual(['admin', 'operator02']);

    const edited = await data<UserRow>(usersResource.endpoints.update, {
      id: comp.id,
      nick_name: '煤炭采购部',
      user_type: 'comp',
      company_name: '新煤业有限公司',
      roleIds: [],
    });
    expect(edited).toMatchObject({ nick_name: '煤炭采购部', company_name: '新煤业有限公司', roleIds: [] });
    const signedIn = await login(t.app, 'coal_buyer', 'Coal@2026');
    expect(signedIn.body.error_no).toBe('0');

    const log = await oplog();
    expect(log.map((r) => [r.resource, r.action, r.record_id])).toEqual([
      ['users', 'create', op.id],
      ['users', 'create', comp.id],
      ['users', 'update', comp.id],
    ]);
    expect(JSON.parse(log[2]!.before_json!).company_name).toBe('华北化工集团有限公司');
    expect(JSON.parse(log[2]!.after_json!).company_name).toBe('新煤业有限公司');
    // No password or hash ever reaches the log.
    expect(JSON.stringify(log)).not.toMatch(/Oper@2026|Coal@2026|scrypt|password_hash/);
  });

  it('refuses bad input with 400 naming the field, writing nothing', async () => {
    const before = await counts();
    const good = { account: 'good_user', password: 'Good@2026', nick_name: '好', user_type: 'operator' };
    for (const [payload, field] of [
      [{ ...good, account: '9starts_with_digit' }, 'account'],
      [{ ...good, account: undefined }, 'account'],
      [{ ...good, password: 'x'.repeat(21) }, 'password'],
      [{ ...good, nick_name: '' }, 'nick_name'],
      [{ ...good, nick_name: '名'.repeat(17) }, 'nick_name'],
      [{ ...good, mobile: '12345' }, 'mobile'],
      [{ ...good, email: 'not-an-email' }, 'email'],
      [{ ...good, user_type: 'root' }, 'user_type'],
      [{ ...good, roleIds: ['999'] }, 'roleIds'],
      [{ ...good, roleIds: 'all' }, 'roleIds'],
      [{ ...good, tenant_id: 'T404' }, 'tenant_id'],
      [{ ...good, user_type: 'comp' }, 'company_name'],
      [{ ...good, is_admin: true }, 'is_admin'],
    ] as const) {
      const res = await call(usersResource.endpoints.create, payload);
      expect(res.statusCode, field).toBe(400);
      expect((envelope(res).data as { field: string }).field, field).toBe(field);
      expect(envelope(res).error_info, field).toContain(field);
    }
    const weak = await call(usersResource.endpoints.create, { ...good, password: 'weakpass' });
    expect(weak.statusCode).toBe(400);
    expect(envelope(weak).error_no).toBe('111106');
    const broken = await t.app.inject({
      method: 'POST',
      url: usersResource.endpoints.create.path,
      payload: '{"account":',
      headers: { token: admin, 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    const update = await call(usersResource.endpoints.update, { id: await userId('buyer01'), nick_name: '', user_type: 'comp' });
    expect((envelope(update).data as { field: string }).field).toBe('nick_name');
    expect(await counts()).toEqual(before);
  });

  it('refuses a taken account or mobile (409) and answers 404 for an unknown id', async () => {
    const before = await counts();
    const taken = await call(usersResource.endpoints.create, {
      account: 'Buyer01',
      password: 'Good@2026',
      nick_name: 'x',
      user_type: 'operator',
    });
    expect(taken.statusCode).toBe(409);
    expect(envelope(taken).error_no).toBe('113006');
    const mobile = await call(usersResource.endpoints.create, {
      account: 'fresh_one',
      password: 'Good@2026',
      nick_name: 'x',
      user_type: 'operator',
      mobile: '13800000001',
    });
    expect(envelope(mobile).error_no).toBe('113007');
    expect(await counts()).toEqual(before);
    for (const endpoint of [usersResource.endpoints.get, userActions.unlock]) {
      const res = await call(endpoint, { id: '9999' });
      expect(res.statusCode, endpoint.path).toBe(404);
      expect(envelope(res).error_no).toBe('100004');
    }
    expect((await call(userActions.setStatus, { id: '9999', enabled: false })).statusCode).toBe(404);
    expect((await call(usersResource.endpoints.update, { id: 'abc', nick_name: 'x', user_type: 'operator' })).statusCode).toBe(404);
  });

  it('disabling ends the open sessions at once; enabling lets the account sign in again', async () => {
    const supplier = await login(t.app, 'supplier01', 'Supplier@2026');
    const me = () => t.app.inject({ method: 'GET', url: '/omc/api/user/getCurrUser', headers: { token: supplier.token } });
    expect((await me()).statusCode).toBe(200);
    const id = await userId('supplier01');
    const disabled = await data<UserRow>(userActions.setStatus, { id, enabled: false });
    expect(disabled.enabled).toBe(false);
    const after = await me();
    expect(after.statusCode).toBe(401);
    expect(envelope(after).error_no).toBe('9004');
    expect((await login(t.app, 'supplier01', 'Supplier@2026')).body.error_no).toBe('111105');
    await data(userActions.setStatus, { id, enabled: true });
    expect((await login(t.app, 'supplier01', 'Supplier@2026')).body.error_no).toBe('0');
    const log = await oplog();
    expect(log.map((r) => r.action)).toEqual(['disable', 'enable']);
    expect(JSON.parse(log[0]!.before_json!).enabled).toBe(true);
    expect(JSON.parse(log[0]!.after_json!).enabled).toBe(false);
    const self = await call(userActions.setStatus, { id: await userId('admin'), enabled: false });
    expect(self.statusCode).toBe(409);
    expect(envelope(self).error_no).toBe('113008');
  });

  it('resets a password as a default one: old sessions end and the forced change follows', async () => {
    const buyer = await login(t.app, 'buyer01', 'Buyer@2026');
    const id = await userId('buyer01');
    const reset = await data<UserRow>(userActions.resetPassword, { id, password: 'Fresh@2026' });
    expect(reset.defaultPassword).toBe(true);
    const old = await t.app.inject({ method: 'GET', url: '/omc/api/user/getCurrUser', headers: { token: buyer.token } });
    expect(old.statusCode).toBe(401);
    expect((await login(t.app, 'buyer01', 'Buyer@2026')).body.error_no).toBe('-104');
    const fresh = await login(t.app, 'buyer01', 'Fresh@2026');
    expect(fresh.body.error_no).toBe('0');
    const check = await t.app.inject({ method: 'GET', url: '/omc/api/user/checkDefaultPwd', headers: { token: fresh.token } });
    expect((envelope(check).data as { result: boolean }).result).toBe(true);
    const log = await oplog();
    expect(log.map((r) => [r.action, r.record_id])).toEqual([['reset-password', id]]);
    expect(log[0]!.after_json).not.toContain('Fresh@2026');
    const weak = await call(userActions.resetPassword, { id, password: 'abc' });
    expect(weak.statusCode).toBe(400);
  });

  it('shows a locked account and unlocks it', async () => {
    for (let i = 0; i < 5; i++) await login(t.app, 'newcomer', 'Wrong@2026');
    expect((await login(t.app, 'newcomer', 'Init@2026')).body.error_no).toBe('111104');
    const id = await userId('newcomer');
    expect((await data<UserRow>(usersResource.endpoints.get, { id })).locked).toBe(true);
    const unlocked = await data<UserRow>(userActions.unlock, { id });
    expect(unlocked.locked).toBe(false);
    expect((await login(t.app, 'newcomer', 'Init@2026')).body.error_no).toBe('0');
    const log = await oplog();
    expect(log.map((r) => r.action)).toEqual(['unlock']);
    expect(JSON.parse(log[0]!.before_json!).locked).toBe(true);
  });

  it('shows and lifts a lock of the whole account, and the locks of every address', async () => {
    await t.close();
    t = await createTestApp({ LOGIN_ACCOUNT_MAX_FAILURES: '7' });
    admin = (await login(t.app, 'admin', 'Admin@2026')).token;
    for (let i = 0; i < 5; i++) await login(t.app, 'buyer01', 'Wrong@2026', {}, '203.0.113.1');
    for (let i = 0; i < 2; i++) await login(t.app, 'buyer01', 'Wrong@2026', {}, '203.0.113.2');
    expect((await login(t.app, 'buyer01', 'Buyer@2026', {}, '198.51.100.1')).body.error_no).toBe('111104');
    const id = await userId('buyer01');
    expect((await data<UserRow>(usersResource.endpoints.get, { id })).locked).toBe(true);
    expect((await data<UserRow>(userActions.unlock, { id })).locked).toBe(false);
    expect((await login(t.app, 'buyer01', 'Buyer@2026', {}, '198.51.100.1')).body.error_no).toBe('0');
    // The address that locked its pair is let in again too.
    expect((await login(t.app, 'buyer01', 'Buyer@2026', {}, '203.0.113.1')).body.error_no).toBe('0');
  });

  it('offers the roles and tenants a user can be given', async () => {
    const options = await data<{ roles: { code: string }[]; tenants: { tenant_id: string }[] }>(userActions.options, {});
    expect(options.roles.map((r) => r.code)).toEqual(['platform_admin', 'company_user']);
    expect(options.tenants.map((r) => r.tenant_id)).toEqual(['T001', 'T002']);
  });
});

describe('roles and menus', () => {
  it('a role granting a subset of menus gives its users exactly those menus and their ancestors', async () => {
    const role = await data<RoleRow>(rolesResource.endpoints.create, {
      code: 'news_editor',
      name: '资讯编辑',
      permissions: ['content:view', 'content:edit'],
      menuIds: ['trade-news', 'personal-info'],
    });
    expect(role.menuIds.sort()).toEqual(['personal', 'personal-info', 'trade', 'trade-info', 'trade-news']);
    expect(role).toMatchObject({ userCount: 0, builtin: false, permissions: ['content:edit', 'content:view'] });
    await data(usersResource.endpoints.create, {
      account: 'editor01',
      password: 'Editor@2026',
      nick_name: '编辑',
      user_type: 'operator',
      roleIds: [role.id],
    });
    const editor = await signInChangingInitialPassword(t.app, 'editor01', 'Editor@2026', 'Editor#2027');
    const menus = envelope(await t.app.inject({ method: 'GET', url: '/omc/api/user/get_menu_list', headers: { token: editor } }))
      .data as MenuNode[];
    expect(menuIdsOf(menus).sort()).toEqual(['personal', 'personal-info', 'trade', 'trade-info', 'trade-news']);
    const permissions = envelope(await t.app.inject({ method: 'GET', url: '/omc/api/user/getUserPermissions', headers: { token: editor } }))
      .data as Record<string, boolean>;
    expect(permissions).toEqual({ 'content:edit': true, 'content:view': true });
    // Its users may not manage the system.
    expect((await call(usersResource.endpoints.list, { pageNo: 1, pageSize: 10 }, editor)).statusCode).toBe(403);
    const newsTypes = () => call(newsTypesResource.endpoints.list, { pageNo: 1, pageSize: 10 }, editor);
    expect((await newsTypes()).statusCode).toBe(200);

    const edited = await data<RoleRow>(rolesResource.endpoints.update, { id: role.id, name: '资讯编辑', menuIds: ['workbench-home'] });
    expect(edited.menuIds.sort()).toEqual(['workbench', 'workbench-home']);
    expect(edited.permissions).toEqual([]);
    // A permission taken from the role stops working on its users' very next request.
    expect((await newsTypes()).statusCode).toBe(403);
    const inUse = await call(rolesResource.endpoints.remove, { id: role.id });
    expect(inUse.statusCode).toBe(409);
    expect(envelope(inUse).error_no).toBe('113004');
  });

  it('refuses bad role input naming the field, taken codes, and deleting built-in roles', async () => {
    const before = await counts();
    for (const [payload, field] of [
      [{ code: 'Bad Code', name: 'x' }, 'code'],
      [{ code: 'ok_code', name: '' }, 'name'],
      [{ code: 'ok_code', name: 'x', permissions: ['not a code'] }, 'permissions.0'],
      [{ code: 'ok_code', name: 'x', permissions: ['made:up'] }, 'permissions'],
      [{ code: 'ok_code', name: 'x', menuIds: ['no-such-menu'] }, 'menuIds'],
    ] as const) {
      const res = await call(rolesResource.endpoints.create, payload);
      expect(res.statusCode, field).toBe(400);
      expect((envelope(res).data as { field: string }).field, field).toBe(field);
    }
    expect(envelope(await call(rolesResource.endpoints.create, { code: 'company_user', name: 'x' })).error_no).toBe('113003');
    const builtin = await call(rolesResource.endpoints.remove, { id: await roleId('company_user') });
    expect(envelope(builtin).error_no).toBe('113005');
    expect(await counts()).toEqual(before);
  });

  it('keeps a menu with every node field and its titles; the next menu load shows the change', async () => {
    const admins = await roleId('platform_admin');
    await data<MenuRow>(menusResource.endpoints.create, {
      id: 'reports',
      parent_id: 'root',
      name: 'reports',
      title: '报表中心',
      titleEn: 'Reports',
      titleTw: '報表中心',
      icon: 'BarChartOutlined',
      sort: 9,
    });
    const leaf = await data<MenuRow>(menusResource.endpoints.create, {
      id: 'reports-external',
      parent_id: 'reports',
      name: 'externalReport',
      title: '外部报表',
      url: 'https://example.com/report?a=1',
      menu_type: 'iframe',
      menu_arg: '{"mode":"weekly"}',
      optRight: 'content:view',
      keepAlive: false,
      hidden: false,
      app_code: 'bi',
      system_code: 'bi',
      otherPrefix: '/bi',
      newparam: 'x=1',
      style_type: 'card',
      tempMenuTplId: 'tpl1',
      ext_field: '{"k":"v"}',
      sysTitle: '报表',
      kind_code: 'report',
    });
    expect(leaf).toMatchObject({ keepAlive: false, menu_type: 'iframe', childCount: 0 });
    const role = await data<RoleRow>(rolesResource.endpoints.get, { id: admins });
    await data(rolesResource.endpoints.update, {
      id: admins,
      name: role.name,
      permissions: role.permissions,
      menuIds: [...role.menuIds, 'reports-external'],
    });
    const res = await t.app.inject({ method: 'GET', url: '/omc/api/user/get_menu_list', headers: { token: admin, cookie: 'lang=en-US' } });
    const reports = (envelope(res).data as MenuNode[]).find((n) => n.id === 'reports')!;
    expect(reports.title).toBe('Reports');
    expect(reports.children[0]).toMatchObject({
      id: 'reports-external',
      url: 'https://example.com/report?a=1',
      menu_type: 'iframe',
      menu_arg: '{"mode":"weekly"}',
      optRight: 'content:view',
      is_keep_alive: '0',
      otherPrefix: '/bi',
      newparam: 'x=1',
      style_type: 'card',
      tempMenuTplId: 'tpl1',
      kind_code: 'report',
    });

    const { childCount: _children, ...values } = leaf;
    const moved = await data<MenuRow>(menusResource.endpoints.update, { ...values, title: '外部周报', sort: 2 });
    expect(moved.title).toBe('外部周报');
    const hasChildren = await call(menusResource.endpoints.remove, { id: 'reports' });
    expect(envelope(hasChildren).error_no).toBe('113009');
    await data(menusResource.endpoints.remove, { id: 'reports-external' });
    await data(menusResource.endpoints.remove, { id: 'reports' });
    expect(await db().selectFrom('menu_titles').select('menu_id').where('menu_id', 'like', 'reports%').execute()).toEqual([]);
    expect((await oplog()).map((r) => [r.resource, r.action, r.record_id])).toEqual([
      ['menus', 'create', 'reports'],
      ['menus', 'create', 'reports-external'],
      ['roles', 'update', admins],
      ['menus', 'update', 'reports-external'],
      ['menus', 'delete', 'reports-external'],
      ['menus', 'delete', 'reports'],
    ]);
  });

  it('refuses bad menus naming the field: parents that do not exist or make a cycle, bad JSON, iframes without an address', async () => {
    const before = await counts();
    const good = { id: 'new-menu', parent_id: 'root', name: 'newMenu', title: '新菜单' };
    for (const [payload, field] of [
      [{ ...good, id: 'has space' }, 'id'],
      [{ ...good, parent_id: 'nowhere' }, 'parent_id'],
      [{ ...good, name: '' }, 'name'],
      [{ ...good, title: 'x'.repeat(101) }, 'title'],
      [{ ...good, url: 'javascript:alert(1)' }, 'url'],
      [{ ...good, menu_arg: '{broken' }, 'menu_arg'],
      [{ ...good, menu_arg: '[1,2]' }, 'menu_arg'],
      [{ ...good, menu_type: 'popup' }, 'menu_type'],
      [{ ...good, menu_type: 'iframe' }, 'url'],
      [{ ...good, sort: -1 }, 'sort'],
      [{ ...good, icon: '<svg>' }, 'icon'],
    ] as const) {
      const res = await call(menusResource.endpoints.create, payload);
      expect(res.statusCode, field).toBe(400);
      expect((envelope(res).data as { field: string }).field, field).toBe(field);
    }
    const cycle = await call(menusResource.endpoints.update, { id: 'trade', parent_id: 'trade-news', name: 'trade', title: '交易门户' });
    expect((envelope(cycle).data as { field: string }).field).toBe('parent_id');
    const self = await call(menusResource.endpoints.update, { id: 'trade', parent_id: 'trade', name: 'trade', title: '交易门户' });
    expect(self.statusCode).toBe(400);
    expect(envelope(await call(menusResource.endpoints.create, { ...good, id: 'workbench' })).error_no).toBe('113003');
    expect(await counts()).toEqual(before);
  });

  it('offers the menu tree to the role editor in the caller language', async () => {
    const res = await call(roleActions.menuOptions, {}, admin, 'en-US');
    const answer = envelope(res).data as { rootName: string; menus: { id: string; title: string }[] };
    expect(answer.rootName).toBe('root');
    expect(answer.menus.find((m) => m.id === 'trade')?.title).toBe('Trading portal');
  });
});

describe('online sessions and logs', () => {
  it('lists who is signed in and kicks an account out, logging it', async () => {
    const buyer = await login(t.app, 'buyer01', 'Buyer@2026');
    const list = await data<{ rows: { account: string; current: boolean; ip: string; id: string }[]; total: number }>(
      onlineSessionsListing.endpoints.list,
      { pageNo: 1, pageSize: 10 },
    );
    expect(list.rows.map((r) => r.account).sort()).toEqual(['admin', 'buyer01']);
    expect(list.rows.find((r) => r.account === 'admin')?.current).toBe(true);
    // The row id is not the token or its stored hash.
    const keys = await t.kv.keys('sess:');
    expect(list.rows.every((r) => !keys.some((k) => k.includes(r.id)) && r.id !== buyer.token)).toBe(true);
    const filtered = await data<{ rows: { account: string }[] }>(onlineSessionsListing.endpoints.list, {
      account: 'BUY',
      pageNo: 1,
      pageSize: 10,
    });
    expect(filtered.rows.map((r) => r.account)).toEqual(['buyer01']);

    expect(await data(sessionActions.kickout, { account: 'buyer01' })).toEqual({ count: 1 });
    const gone = await t.app.inject({ method: 'GET', url: '/omc/api/user/getCurrUser', headers: { token: buyer.token } });
    expect(envelope(gone).error_no).toBe('9004');
    const after = await data<{ rows: { account: string }[] }>(onlineSessionsListing.endpoints.list, { pageNo: 1, pageSize: 10 });
    expect(after.rows.map((r) => r.account)).toEqual(['admin']);
    expect(envelope(await call(sessionActions.kickout, { account: 'admin' })).error_no).toBe('113008');
    expect((await call(sessionActions.kickout, { account: 'nobody' })).statusCode).toBe(404);
    expect((await call(sessionActions.kickout, { account: '' })).statusCode).toBe(400);

    const log = await data<{ rows: { resource: string; action: string; recordId: string; account: string }[] }>(
      operationLogListing.endpoints.list,
      { resource: 'sessions', pageNo: 1, pageSize: 10 },
    );
    expect(log.rows).toMatchObject([{ resource: 'sessions', action: 'kickout', recordId: 'buyer01', account: 'admin' }]);
  });

  it('searches the login log and the operation log by account, result, action and time', async () => {
    await login(t.app, 'buyer01', 'Wrong@2026');
    await login(t.app, 'buyer01', 'Buyer@2026');
    const failed = await data<{ rows: { account: string; result: string }[]; total: number }>(loginLogListing.endpoints.list, {
      account: 'buyer01',
      result: 'wrong-credentials',
      pageNo: 1,
      pageSize: 10,
    });
    expect(failed.total).toBe(1);
    expect(failed.rows[0]).toMatchObject({ account: 'buyer01', result: 'wrong-credentials' });
    const all = await data<{ rows: { account: string; at: string }[]; total: number }>(loginLogListing.endpoints.list, {
      pageNo: 1,
      pageSize: 100,
    });
    expect(all.total).toBe(3);
    // Newest first.
    expect(all.rows[0]!.account).toBe('buyer01');
    const future = await data<{ total: number }>(loginLogListing.endpoints.list, {
      from: '2999-01-01T00:00:00+08:00',
      pageNo: 1,
      pageSize: 10,
    });
    expect(future.total).toBe(0);
    const badTime = await call(loginLogListing.endpoints.list, { from: 'yesterday', pageNo: 1, pageSize: 10 });
    expect((envelope(badTime).data as { field: string }).field).toBe('from');
    const badPage = await call(operationLogListing.endpoints.list, { pageNo: 0, pageSize: 10 });
    expect((envelope(badPage).data as { field: string }).field).toBe('pageNo');

    await data(tenantsResource.endpoints.create, { tenant_id: 'T777', tenant_name: '测试' });
    const byAction = await data<{ rows: { recordId: string; after: string; before: string }[] }>(operationLogListing.endpoints.list, {
      resource: 'tenants',
      action: 'create',
      account: 'admin',
      pageNo: 1,
      pageSize: 10,
    });
    expect(byAction.rows).toHaveLength(1);
    expect(byAction.rows[0]!.recordId).toBe('T777');
    expect(byAction.rows[0]!.before).toBe('');
    expect(JSON.parse(byAction.rows[0]!.after).tenant_name).toBe('测试');
  });
});
