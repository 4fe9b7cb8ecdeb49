import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MenuNode } from '@portal/contracts/menus';
import { createTestApp, envelope, login, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const favourites = async () =>
  (await t.database.db.selectFrom('menu_favorites').select(['user_id', 'menu_id']).orderBy('menu_id').execute()).map((r) => r.menu_id);

const walk = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...walk(n.children)]);

async function menuTree(headers: Record<string, string>, cookies?: Record<string, string>) {
  const res = await t.app.inject({ method: 'GET', url: '/omc/api/user/get_menu_list', headers, ...(cookies ? { cookies } : {}) });
  return { res, tree: envelope(res).data as MenuNode[] };
}

describe('get_menu_list', () => {
  it('answers the user tree from roles with every field of the menu node', async () => {
    const { token } = await login(t.app, 'buyer01', 'Buyer@2026');
    const { res, tree } = await menuTree({ token });
    expect(res.statusCode).toBe(200);
    expect(tree.map((n) => n.id)).toEqual(['workbench', 'trade', 'personal', 'company', 'trading']);
    expect(tree.every((n) => n.parent_id === 'root' && n.parentId === 'root')).toBe(true);
    const all = walk(tree);
    const listing = all.find((n) => n.id === 'trade-listing')!;
    expect(listing).toMatchObject({
      parent_id: 'trade-market',
      title: '挂牌商城',
      sysTitle: '交易门户',
      url: '/onListing',
      icon: 'ShoppingCartOutlined',
      menu_type: 'iframe',
      hidden: false,
      isHidden: false,
      is_keep_alive: '1',
      has_collect: '0',
      system_code: 'portal',
      search_id: 'trade/trade-market/trade-listing',
      children: [],
    });
    for (const key of [
      'app_code',
      'kind_code',
      'optRight',
      'otherPrefix',
      'newparam',
      'style_type',
      'tempMenuTplId',
      'ext_field',
      'menu_arg',
    ]) {
      expect(listing).toHaveProperty(key);
    }
    expect(all.find((n) => n.id === 'personal-password')!.is_keep_alive).toBe('0');
    expect(JSON.parse(all.find((n) => n.id === 'personal-favorites')!.menu_arg)).toEqual({ groupBy: 'system' });
    // No dead leaves: every leaf has a page.
    expect(all.filter((n) => n.children.length === 0).every((n) => n.url.startsWith('/'))).toBe(true);
  });

  it('answers titles in the caller language', async () => {
    const { token } = await login(t.app, 'buyer01', 'Buyer@2026');
    const en = await menuTree({ token }, { lang: 'en-US' });
    expect(en.tree.map((n) => n.title)).toEqual(['Workbench', 'Trading portal', 'My account', 'Company centre', 'Trading']);
    expect(walk(en.tree).find((n) => n.id === 'trade-listing')!.sysTitle).toBe('Trading portal');
    const tw = await menuTree({ token }, { lang: 'zh-TW' });
    expect(tw.tree[2]!.title).toBe('個人中心');
  });

  it('gives only the menus a role grants; a node whose parent is not granted becomes a root', async () => {
    const db = t.database.db;
    const role = await db.selectFrom('roles').select('id').where('code', '=', 'company_user').executeTakeFirstOrThrow();
    await db.deleteFrom('role_menus').where('role_id', '=', role.id).where('menu_id', 'in', ['trade', 'personal-info']).execute();
    const { token } = await login(t.app, 'buyer01', 'Buyer@2026');
    const { tree } = await menuTree({ token });
    const ids = walk(tree).map((n) => n.id);
    expect(ids).not.toContain('trade');
    expect(ids).not.toContain('personal-info');
    // The children of the withheld top menu come back as roots whose parent is not the root name.
    expect(tree.find((n) => n.id === 'trade-market')?.parent_id).toBe('trade');
  });

  it('refuses without a session (401 + 9006) and while locked (423 + -5)', async () => {
    const anon = await t.app.inject({ method: 'GET', url: '/omc/api/user/get_menu_list' });
    expect(anon.statusCode).toBe(401);
    expect(envelope(anon).error_no).toBe('9006');
    const { token } = await login(t.app, 'buyer01', 'Buyer@2026');
    await t.app.inject({ method: 'POST', url: '/omc/api/user/lock', headers: { token }, payload: {} });
    const locked = await menuTree({ token });
    expect(locked.res.statusCode).toBe(423);
    expect(envelope(locked.res).error_no).toBe('-5');
  });
});

describe('favourites', () => {
  it('adds and removes a favourite; has_collect follows; both are idempotent', async () => {
    const { token } = await login(t.app, 'supplier01', 'Supplier@2026');
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/omc/insertUserMenuFavorite',
        headers: { token },
        payload: { menuCode: 'trade-auction' },
      });
      expect(res.statusCode).toBe(200);
      expect(envelope(res).return_code).toBe('0');
    }
    expect(await favourites()).toEqual(['trade-auction']);
    const { tree } = await menuTree({ token });
    expect(walk(tree).find((n) => n.id === 'trade-auction')!.has_collect).toBe('1');
    // Another user's tree is not affected.
    const other = await login(t.app, 'buyer01', 'Buyer@2026');
    expect(walk((await menuTree({ token: other.token })).tree).find((n) => n.id === 'trade-auction')!.has_collect).toBe('0');

    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/omc/deleteByMenuCodeAndUserId',
        headers: { token },
        payload: { menuCode: 'trade-auction' },
      });
      expect(envelope(res).return_code).toBe('0');
    }
    expect(await favourites()).toEqual([]);
  });

  it('needs the csrfcheck echo when authenticated by cookie', async () => {
    const { cookie, csrf } = await login(t.app, 'buyer01', 'Buyer@2026');
    const without = await t.app.inject({
      method: 'POST',
      url: '/omc/insertUserMenuFavorite',
      headers: { cookie },
      payload: { menuCode: 'trade-help' },
    });
    expect(without.statusCode).toBe(403);
    expect(envelope(without).error_no).toBe('-102');
    const withEcho = await t.app.inject({
      method: 'POST',
      url: '/omc/insertUserMenuFavorite',
      headers: { cookie, csrfcheck: csrf },
      payload: { menuCode: 'trade-help' },
    });
    expect(envelope(withEcho).return_code).toBe('0');
    expect(await favourites()).toEqual(['trade-help']);
  });

  it('answers 404 for an unknown menu and 403 + -107 for a menu no role of the user grants', async () => {
    const db = t.database.db;
    const role = await db.selectFrom('roles').select('id').where('code', '=', 'company_user').executeTakeFirstOrThrow();
    await db.deleteFrom('role_menus').where('role_id', '=', role.id).where('menu_id', '=', 'trade-finance').execute();
    const { token } = await login(t.app, 'buyer01', 'Buyer@2026');
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/omc/insertUserMenuFavorite',
      headers: { token },
      payload: { menuCode: 'no-such-menu' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(envelope(unknown).return_code).toBe('100004');
    const unknownDelete = await t.app.inject({
      method: 'POST',
      url: '/omc/deleteByMenuCodeAndUserId',
      headers: { token },
      payload: { menuCode: 'no-such-menu' },
    });
    expect(unknownDelete.statusCode).toBe(404);
    const denied = await t.app.inject({
      method: 'POST',
      url: '/omc/insertUserMenuFavorite',
      headers: { token },
      payload: { menuCode: 'trade-finance' },
    });
    expect(denied.statusCode).toBe(403);
    expect(envelope(denied).error_no).toBe('-107');
    expect(await favourites()).toEqual([]);
  });

  it.each([
    ['a missing menuCode', {}, 'menuCode'],
    ['an empty menuCode', { menuCode: '  ' }, 'menuCode'],
    ['a too long menuCode', { menuCode: 'x'.repeat(65) }, 'menuCode'],
    ['a wrong type', { menuCode: 12 }, 'menuCode'],
    ['an unknown field', { menuCode: 'trade-help', userId: '1' }, 'userId'],
  ])('answers 400 naming the field for %s, and writes nothing', async (_label, payload, field) => {
    const { token } = await login(t.app, 'buyer01', 'Buyer@2026');
    for (const url of ['/omc/insertUserMenuFavorite', '/omc/deleteByMenuCodeAndUserId']) {
      const res = await t.app.inject({ method: 'POST', url, headers: { token }, payload });
      expect(res.statusCode).toBe(400);
      expect(envelope(res).return_code).toBe('100001');
      expect(envelope(res).error_info).toContain(field);
    }
    expect(await favourites()).toEqual([]);
  });

  it('refuses without a session and writes nothing', async () => {
    for (const url of ['/omc/insertUserMenuFavorite', '/omc/deleteByMenuCodeAndUserId']) {
      const res = await t.app.inject({ method: 'POST', url, payload: { menuCode: 'trade-help' } });
      expect(res.statusCode).toBe(401);
      expect(envelope(res).error_no).toBe('9006');
    }
    expect(await favourites()).toEqual([]);
  });
});
