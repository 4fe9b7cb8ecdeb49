import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { menusResource, rolesResource, type MenuRow, type RoleRow } from '@portal/contracts/admin';
import type { Endpoint } from '@portal/contracts/endpoint';
import type { MenuNode } from '@portal/contracts/menus';
import { buildApp } from '../app';
import { createDbKv } from '../platform/kv';
import { hashPassword } from '../platform/passwords';
import { loadSettings } from '../settings';
import { emptyDatabase } from '../test/empty-database';
import { createTestApp, envelope, login } from '../test/test-app';
import type { DbHandle } from './database';
import { FIRST_RELEASE_REFERENCE_DATA } from '../modules/admin-system';
import { tradingMenus } from '../modules/listing-manage';
import { migrateToLatest } from '../migrations';
import { applyReferenceData, type MenuDeclaration } from './reference-data';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length > 0) await closers.pop()!();
});

/**
 * What the release before reference-data migrations left behind: its migrations, then its loader's
 * structure (roles, permissions, menus, titles, grants inserted into the empty database) and accounts.
 */
async function previousReleaseDatabase(): Promise<DbHandle> {
  const database = await emptyDatabase(closers);
  const { db } = database;
  // Reference data came with 100-; every module after it (140-, 300- on) declares its menus that way.
  await migrateToLatest(db, database.dialect, {
    skip: (name) => (name >= '100-' && name < '110-') || name.startsWith('140-') || name >= '300-',
  });
  const at = '2026-01-01T00:00:00.000Z';
  const roleIds = new Map<string, number>();
  for (const role of FIRST_RELEASE_REFERENCE_DATA.roles) {
    const { id } = await db
      .insertInto('roles')
      .values({ code: role.code, name: role.name, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    roleIds.set(role.code, id);
    await db
      .insertInto('role_permissions')
      .values(role.permissions.map((auth_code) => ({ role_id: id, auth_code })))
      .execute();
  }
  for (const { roles, titles, ...menu } of FIRST_RELEASE_REFERENCE_DATA.menus) {
    await db.insertInto('menus').values(menu).execute();
    for (const code of roles)
      await db
        .insertInto('role_menus')
        .values({ role_id: roleIds.get(code)!, menu_id: menu.id })
        .execute();
    for (const [lang, title] of Object.entries(titles))
      await db.insertInto('menu_titles').values({ menu_id: menu.id, lang, title }).execute();
  }
  const accounts = [
    { account: 'admin', password: 'Admin@2026', type: 'operator', role: 'platform_admin' },
    { account: 'buyer01', password: 'Buyer@2026', type: 'comp', role: 'company_user' },
  ];
  for (const a of accounts) {
    const { id } = await db
      .insertInto('users')
      .values({ account: a.account, password_hash: await hashPassword(a.password), user_type: a.type, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('user_roles')
      .values({ user_id: id, role_id: roleIds.get(a.role)! })
      .execute();
  }
  return database;
}

async function appOn(database: DbHandle) {
  const settings = loadSettings({ NODE_ENV: 'test', TEST_HOOKS: 'on', CAPTCHA_TEST_CODE: 'ABCD' });
  const kv = createDbKv(database.db);
  const app = await buildApp({ settings, database, kv, webDist: null });
  await app.ready();
  closers.push(async () => {
    await app.close();
    await kv.close();
  });
  return app;
}

const walk = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...walk(n.children)]);

async function menusOf(app: Awaited<ReturnType<typeof appOn>>, account: string, password: string, lang = 'zh-CN') {
  const { token } = await login(app, account, password);
  const res = await app.inject({ method: 'GET', url: '/omc/api/user/get_menu_list', headers: { token }, cookies: { lang } });
  const tree = envelope(res).data as MenuNode[];
  const permissions = envelope(await app.inject({ method: 'GET', url: '/omc/api/user/getUserPermissions', headers: { token } }))
    .data as Record<string, boolean>;
  return { tree, all: walk(tree), permissions };
}

describe('reference data on an installation of the previous release', () => {
  it('adds the trading menus and permission codes on upgrade, keeping what the operator changed before', async () => {
    const database = await previousReleaseDatabase();
    // Before the upgrade an operator renamed a menu in English and changed an icon.
    await database.db
      .updateTable('menu_titles')
      .set({ title: 'About me' })
      .where('menu_id', '=', 'personal-info')
      .where('lang', '=', 'en-US')
      .execute();
    await database.db.updateTable('menus').set({ icon: 'StarOutlined' }).where('id', '=', 'company-profile').execute();
    // The previous release had no news types without demo data; this one had been added by hand.
    await database.db.insertInto('cms_news_types').values({ code: 'NEWS', name: '新闻', sort: 9, in_news_list: 1 }).execute();

    await migrateToLatest(database.db, database.dialect);
    const app = await appOn(database);

    const buyer = await menusOf(app, 'buyer01', 'Buyer@2026');
    const trading = buyer.tree.find((n) => n.id === 'trading')!;
    expect(trading.title).toBe('交易中心');
    expect(trading.children.map((n) => [n.title, n.url])).toEqual([
      ['我的挂牌', '/trade/listings'],
      ['采购订单', '/trade/purchase-orders'],
      ['销售订单', '/trade/sales-orders'],
      ['我的竞价', '/trade/auctions'],
      ['电子合同', '/trade/contracts'],
      ['参与的竞价', '/trade/auction-registrations'],
      ['我的招标', '/trade/tenders'],
      ['我的投标', '/trade/tender-bids'],
      ['供应商管理', '/company/suppliers'],
      ['保证金账户', '/trade/deposit'],
      ['消息中心', '/trade/messages'],
    ]);
    // The supplier list moved from the company centre, which keeps its profile page.
    expect(buyer.tree.find((n) => n.id === 'company')!.children.map((n) => n.id)).toEqual(['company-profile']);
    expect(buyer.all.some((n) => n.id.startsWith('trading-admin'))).toBe(false);
    expect(buyer.permissions).toMatchObject({
      'trade:listing': true,
      'trade:order': true,
      'trade:deposit': true,
      'trade:message': true,
      'trade:auction': true,
      'trade:tender': true,
    });
    expect(buyer.permissions['trade:review']).toBeFalsy();

    const admin = await menusOf(app, 'admin', 'Admin@2026', 'en-US');
    const management = admin.tree.find((n) => n.id === 'trading-admin')!;
    expect(management.title).toBe('Trading management');
    expect(management.children.map((n) => [n.title, n.url])).toEqual([
      ['Listing review', '/admin/listing-review'],
      ['Auction review', '/admin/auction-review'],
      ['Tender review', '/admin/tender-review'],
      ['Order supervision', '/admin/orders'],
      ['Deposit management', '/admin/deposits'],
      ['Contract supervision', '/admin/contracts'],
      ['Contract templates', '/admin/contract-templates'],
      ['Contract signing settings', '/admin/contract-settings'],
    ]);
    expect(admin.all.some((n) => n.id === 'trading')).toBe(false);
    expect(admin.permissions).toMatchObject({ 'trade:review': true, 'trade:order-watch': true, 'trade:deposit-admin': true });
    // The operator's earlier changes were found without a record of what was applied: they stay.
    expect(admin.all.find((n) => n.id === 'personal-info')!.title).toBe('About me');
    expect(buyer.all.find((n) => n.id === 'company-profile')!.icon).toBe('StarOutlined');

    // The news types the portal's pages ask for exist; the one added by hand keeps its name.
    const types = await database.db.selectFrom('cms_news_types').select(['code', 'name']).execute();
    expect(types.map((r) => r.code).sort()).toEqual(['BID_NOTICE', 'DEAL_NOTICE', 'NEWS', 'PLATFORM', 'POLICY', 'helpCenter']);
    expect(types.find((r) => r.code === 'NEWS')!.name).toBe('新闻');
  });
});

describe('reference data applied again', () => {
  it("keeps an operator's title, a revoked grant, a revoked permission and added rows; updates what nobody changed", async () => {
    const t = await createTestApp();
    closers.push(() => t.close());
    const { db } = t.database;
    const companyRole = (await db.selectFrom('roles').select('id').where('code', '=', 'company_user').executeTakeFirstOrThrow()).id;

    // The operator, in the back office: renames 我的挂牌 (zh-CN and English), revokes 消息中心 and
    // trade:message from company users, deletes 保证金账户, and adds a menu of their own for them.
    const { token } = await login(t.app, 'admin', 'Admin@2026');
    const backOffice = async <T>(endpoint: Endpoint, payload: object): Promise<T> => {
      const body = envelope(await t.app.inject({ method: endpoint.method, url: endpoint.path, payload, headers: { token } }));
      expect(body.return_code, `${endpoint.path}: ${body.error_info}`).toBe('0');
      return body.data as T;
    };
    const { childCount: _children, ...listingsMenu } = await backOffice<MenuRow>(menusResource.endpoints.get, { id: 'trading-listings' });
    await backOffice(menusResource.endpoints.update, { ...listingsMenu, title: '我们的挂牌', titleEn: 'Our offers' });
    await backOffice(menusResource.endpoints.remove, { id: 'trading-deposit' });
    await backOffice(menusResource.endpoints.create, {
      id: 'trading-warehouse-receipts',
      parent_id: 'trading',
      name: 'warehouseReceipts',
      title: '仓单',
      url: '/trade/warehouse-receipts',
      sort: 9,
    });
    const role = await backOffice<RoleRow>(rolesResource.endpoints.get, { id: String(companyRole) });
    await backOffice(rolesResource.endpoints.update, {
      id: role.id,
      name: role.name,
      permissions: role.permissions.filter((code) => code !== 'trade:message'),
      menuIds: [...role.menuIds.filter((id) => id !== 'trading-messages'), 'trading-warehouse-receipts'],
    });

    // The same migration runs again, and a later release declares new values for the same rows.
    await tradingMenus().up(db as unknown as Kysely<unknown>);
    const listings: MenuDeclaration = {
      id: 'trading-listings',
      parent_id: 'trading',
      name: 'myListings',
      title: '挂牌管理',
      url: '/trade/my-listings',
      icon: 'AppstoreOutlined',
      roles: ['company_user'],
      titles: { 'en-US': 'Listings', 'zh-TW': '掛牌管理' },
    };
    await applyReferenceData(db, { menus: [listings] });

    const buyer = await menusOf(t.app, 'buyer01', 'Buyer@2026', 'en-US');
    const trading = buyer.tree.find((n) => n.id === 'trading')!;
    expect(trading.children.map((n) => n.id)).toEqual([
      'trading-listings',
      'trading-purchase-orders',
      'trading-sales-orders',
      'trading-auctions',
      'trading-contracts',
      'trading-auction-registrations',
      'trading-tenders',
      'trading-tender-bids',
      'company-suppliers',
      'trading-warehouse-receipts',
    ]);
    const mine = trading.children[0]!;
    // Renamed by the operator in English: kept. Untouched columns and the untouched zh-TW title follow the new declaration.
    expect(mine.title).toBe('Our offers');
    expect(mine.url).toBe('/trade/my-listings');
    expect(mine.icon).toBe('AppstoreOutlined');
    const row = await db.selectFrom('menus').select('title').where('id', '=', 'trading-listings').executeTakeFirstOrThrow();
    expect(row.title).toBe('我们的挂牌');
    const zhTw = await db
      .selectFrom('menu_titles')
      .select('title')
      .where('menu_id', '=', 'trading-listings')
      .where('lang', '=', 'zh-TW')
      .executeTakeFirstOrThrow();
    expect(zhTw.title).toBe('掛牌管理');
    expect(buyer.permissions['trade:message']).toBeFalsy();
    expect(buyer.permissions['trade:listing']).toBe(true);
    expect(await db.selectFrom('menus').select('id').where('id', '=', 'trading-deposit').executeTakeFirst()).toBeUndefined();
  });

  it('refuses a declaration that names a role nobody created', async () => {
    const t = await createTestApp({}, { demo: false });
    closers.push(() => t.close());
    const menu: MenuDeclaration = {
      id: 'x',
      parent_id: 'root',
      name: 'x',
      title: 'x',
      roles: ['no_such_role'],
      titles: { 'en-US': 'x', 'zh-TW': 'x' },
    };
    await expect(applyReferenceData(t.database.db, { menus: [menu] })).rejects.toThrow(/no_such_role/);
    // Nothing of the failed call was written.
    expect(await t.database.db.selectFrom('menus').select('id').where('id', '=', 'x').executeTakeFirst()).toBeUndefined();
  });
});
