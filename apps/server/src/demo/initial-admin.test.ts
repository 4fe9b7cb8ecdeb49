import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, envelope, login, type TestApp } from '../test/test-app';
import { createInitialAdmin } from './index';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
});

describe('an install without demo data', () => {
  it('has the roles and the menu tree, and an admin who must change the default password', async () => {
    t = await createTestApp({}, { demo: false });
    await createInitialAdmin(t.database.db, 'First@2026');
    const { token, body } = await login(t.app, 'admin', 'First@2026');
    expect(body.error_no).toBe('0');
    const forced = envelope(await t.app.inject({ method: 'GET', url: '/omc/api/user/checkDefaultPwd', headers: { token } }));
    expect(JSON.stringify(forced.data)).toContain('true');
    // Until the default password is changed the session gets nothing else, the menus included.
    const before = envelope(await t.app.inject({ method: 'GET', url: '/omc/api/user/get_menu_list', headers: { token } }));
    expect(before.error_no).toBe('111303');
    const changed = await t.app.inject({
      method: 'POST',
      url: '/omc/api/user/resetPwd',
      headers: { token },
      payload: { pwd: 'First@2026', resetedPwd: 'Second@2026' },
    });
    expect(envelope(changed).return_code).toBe('0');
    const fresh = await login(t.app, 'admin', 'Second@2026');
    const menus = envelope(await t.app.inject({ method: 'GET', url: '/omc/api/user/get_menu_list', headers: { token: fresh.token } }))
      .data as unknown[];
    expect(menus.length).toBeGreaterThan(0);
    const roles = await t.database.db.selectFrom('roles').select('code').orderBy('code').execute();
    expect(roles.map((r) => r.code)).toEqual(expect.arrayContaining(['company_user', 'platform_admin']));
    const accounts = await t.database.db.selectFrom('users').select('account').execute();
    expect(accounts.map((r) => r.account)).toEqual(['admin']);
  });
});
