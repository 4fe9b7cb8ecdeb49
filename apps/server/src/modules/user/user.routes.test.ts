import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../platform/passwords';
import { createTestApp, envelope, login, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const userRow = (account: string) => t.database.db.selectFrom('users').selectAll().where('account', '=', account).executeTakeFirstOrThrow();
const currUser = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/omc/api/user/getCurrUser', headers });
const post = (url: string, headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as object });

describe('getUserPermissions', () => {
  it('answers the permission map on the path with and without the double slash', async () => {
    const { token } = await login(t.app, 'admin', 'Admin@2026');
    for (const url of ['/omc/api/user/getUserPermissions', '/omc/api/user//getUserPermissions?time=1767225600000']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { token } });
      expect(res.statusCode, url).toBe(200);
      const map = envelope(res).data as Record<string, boolean>;
      expect(map['session:kickout']).toBe(true);
      expect(map['user:edit']).toBe(true);
    }
    const buyer = await login(t.app, 'buyer01', 'Buyer@2026');
    const map = envelope(await t.app.inject({ method: 'GET', url: '/omc/api/user/getUserPermissions', headers: { token: buyer.token } }))
      .data as Record<string, boolean>;
    expect(map).toMatchObject({ 'portal:view': true });
    expect(map).not.toHaveProperty('session:kickout');
  });

  it('refuses without a session and answers 400 for an unknown query field', async () => {
    for (const url of ['/omc/api/user/getUserPermissions', '/omc/api/user//getUserPermissions']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(401);
      expect(envelope(res).error_no).toBe('9006');
    }
    const { token } = await login(t.app, 'buyer01', 'Buyer@2026');
    const bad = await t.app.inject({ method: 'GET', url: '/omc/api/user/getUserPermissions?role=admin', headers: { token } });
    expect(bad.statusCode).toBe(400);
    expect(envelope(bad).error_info).toContain('role');
  });
});

describe('checkDefaultPwd', () => {
  it('is true for an account on a default password, false otherwise, and needs a session', async () => {
    const newcomer = await login(t.app, 'newcomer', 'Init@2026');
    const res = await t.app.inject({ method: 'GET', url: '/omc/api/user/checkDefaultPwd', headers: { token: newcomer.token } });
    expect(envelope(res).data).toEqual({ result: true });
    const buyer = await login(t.app, 'buyer01', 'Buyer@2026');
    expect(
      envelope(await t.app.inject({ method: 'GET', url: '/omc/api/user/checkDefaultPwd', headers: { token: buyer.token } })).data,
    ).toEqual({
      result: false,
    });
    const anon = await t.app.inject({ method: 'GET', url: '/omc/api/user/checkDefaultPwd' });
    expect(anon.statusCode).toBe(401);
  });

  it('is always false when the first-password check is off', async () => {
    await t.close();
    t = await createTestApp({ FIRST_PASSWORD_CHECK: 'off' });
    const { token } = await login(t.app, 'newcomer', 'Init@2026');
    expect(envelope(await t.app.inject({ method: 'GET', url: '/omc/api/user/checkDefaultPwd', headers: { token } })).data).toEqual({
      result: false,
    });
  });
});

describe('a default password that must be changed', () => {
  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: { token } });

  it('lets the session call only the change, its own info and settings, the public calls and logout', async () => {
    const { token } = await login(t.app, 'newcomer', 'Init@2026');
    for (const url of ['/omc/api/user/get_menu_list']) {
      const refused = await get(url, token);
      expect(refused.statusCode, url).toBe(403);
      expect(envelope(refused).error_no, url).toBe('111303');
    }
    const tender = await post('/purchase/ws/tender/biddingPage', { token }, { pageNo: 1, pageSize: 10 });
    expect(envelope(tender).error_no).toBe('111303');
    for (const url of [
      '/omc/api/user/getCurrUser',
      '/omc/api/user/checkDefaultPwd',
      '/omc/api/user/getUserPermissions',
      '/omc/api/sys/public_settings',
    ]) {
      expect(envelope(await get(url, token)).return_code, url).toBe('0');
    }
    expect(envelope(await post('/omc/api/user/modifyCurrUserInfo', { token }, { name: '陈静' })).return_code).toBe('0');
    expect(envelope(await post('/omc/api/user/resetPwd', { token }, { pwd: 'Init@2026', resetedPwd: 'Fresh#2026' })).return_code).toBe('0');
    // Changed: the next session is an ordinary one.
    const fresh = await login(t.app, 'newcomer', 'Fresh#2026');
    expect(envelope(await get('/omc/api/user/get_menu_list', fresh.token)).return_code).toBe('0');
  });

  it('lets logout end such a session', async () => {
    const { token } = await login(t.app, 'newcomer', 'Init@2026');
    expect(envelope(await get('/omc/api/user/logout', token)).return_code).toBe('0');
    expect((await get('/omc/api/user/getCurrUser', token)).statusCode).toBe(401);
  });

  it('is not enforced when the first-password check is off, nor in free-login mode', async () => {
    const settings: Record<string, string>[] = [{ FIRST_PASSWORD_CHECK: 'off' }, { FREE_LOGIN: 'on' }];
    for (const env of settings) {
      await t.close();
      t = await createTestApp(env);
      const { token } = await login(t.app, 'newcomer', 'Init@2026');
      expect(envelope(await get('/omc/api/user/get_menu_list', token)).return_code, JSON.stringify(env)).toBe('0');
    }
  });
});

describe('resetPwd', () => {
  it('changes the password, clears the default flag and ends every session of the user', async () => {
    const first = await login(t.app, 'newcomer', 'Init@2026', { terminal_type: 'mobile' });
    const second = await login(t.app, 'newcomer', 'Init@2026');
    const res = await post(
      '/omc/api/user/resetPwd',
      { token: second.token },
      { pwd: 'Init@2026', resetedPwd: 'Fresh#2026', pwdType: 'password' },
    );
    expect(res.statusCode).toBe(200);
    expect(envelope(res).return_code).toBe('0');
    const row = await userRow('newcomer');
    expect(row.password_default).toBe(0);
    expect(await verifyPassword('Fresh#2026', row.password_hash)).toBe(true);
    for (const token of [first.token, second.token]) {
      const after = await currUser({ token });
      expect(after.statusCode).toBe(401);
      expect(envelope(after).error_no).toBe('9004');
    }
    expect((await login(t.app, 'newcomer', 'Fresh#2026')).body.error_no).toBe('0');
  });

  it('refuses a wrong current password (111107), a new one equal to it (111301), and a weak one (400 111106)', async () => {
    const { token } = await login(t.app, 'buyer01', 'Buyer@2026');
    const before = (await userRow('buyer01')).password_hash;
    const wrong = await post('/omc/api/user/resetPwd', { token }, { pwd: 'Nope@2026', resetedPwd: 'Fresh#2026' });
    expect(envelope(wrong).error_no).toBe('111107');
    const same = await post('/omc/api/user/resetPwd', { token }, { pwd: 'Buyer@2026', resetedPwd: 'Buyer@2026' });
    expect(envelope(same).error_no).toBe('111301');
    const weak = await post('/omc/api/user/resetPwd', { token }, { pwd: 'Buyer@2026', resetedPwd: 'abcdefgh' });
    expect(weak.statusCode).toBe(400);
    expect(envelope(weak).error_no).toBe('111106');
    expect(envelope(weak).error_info).toContain('6-20');
    expect((await userRow('buyer01')).password_hash).toBe(before);
    expect((await currUser({ token })).statusCode).toBe(200);
  });

  it('signs the user out after five wrong current passwords', async () => {
    const { token } = await login(t.app, 'supplier01', 'Supplier@2026');
    for (let i = 0; i < 4; i++)
      expect(envelope(await post('/omc/api/user/resetPwd', { token }, { pwd: `Nope@20${i}`, resetedPwd: 'Fresh#2026' })).error_no).toBe(
        '111107',
      );
    const fifth = await post('/omc/api/user/resetPwd', { token }, { pwd: 'Nope@2099', resetedPwd: 'Fresh#2026' });
    expect(fifth.statusCode).toBe(401);
    expect(envelope(fifth).error_no).toBe('9004');
    expect((await currUser({ token })).statusCode).toBe(401);
  });

  it.each([
    ['a missing new password', { pwd: 'Buyer@2026' }, 'resetedPwd'],
    ['an empty current password', { pwd: '', resetedPwd: 'Fresh#2026' }, 'pwd'],
    ['a 21-character new password', { pwd: 'Buyer@2026', resetedPwd: `Aa1!${'x'.repeat(17)}` }, 'resetedPwd'],
    ['a wrong pwdType', { pwd: 'Buyer@2026', resetedPwd: 'Fresh#2026', pwdType: 'sms' }, 'pwdType'],
    ['an unknown field', { pwd: 'Buyer@2026', resetedPwd: 'Fresh#2026', userId: '1' }, 'userId'],
  ])('answers 400 naming the field for %s, and writes nothing', async (_label, payload, field) => {
    const { token } = await login(t.app, 'buyer01', 'Buyer@2026');
    const before = await userRow('buyer01');
    const res = await post('/omc/api/user/resetPwd', { token }, payload);
    expect(res.statusCode).toBe(400);
    expect(envelope(res).return_code).toBe('100001');
    expect(envelope(res).error_info).toContain(field);
    expect(await userRow('buyer01')).toEqual(before);
  });

  it('refuses without a session and without the csrfcheck echo on a cookie', async () => {
    const { cookie } = await login(t.app, 'buyer01', 'Buyer@2026');
    const before = await userRow('buyer01');
    const anon = await post('/omc/api/user/resetPwd', {}, { pwd: 'Buyer@2026', resetedPwd: 'Fresh#2026' });
    expect(anon.statusCode).toBe(401);
    const forged = await post('/omc/api/user/resetPwd', { cookie }, { pwd: 'Buyer@2026', resetedPwd: 'Fresh#2026' });
    expect(forged.statusCode).toBe(403);
    expect(envelope(forged).error_no).toBe('-102');
    expect(await userRow('buyer01')).toEqual(before);
  });
});

describe('modifyCurrUserInfo', () => {
  const info = {
    name: '华北采购部',
    realName: '李明',
    mobilePhone: '13900000000',
    email: 'liming@huabei-chem.cn',
    jobNo: 'HB-0107',
    position: '采购经理',
    fax: '010-62345678',
    certType: '0',
    certNo: '11010519800101123X',
  };

  it('saves the personal info and answers the updated user; the mobile stays read-only', async () => {
    const { token, body } = await login(t.app, 'buyer01', 'Buyer@2026');
    const userId = (body.data as { user_agent_user_id: string }).user_agent_user_id;
    const res = await post('/omc/api/user/modifyCurrUserInfo', { token }, { ...info, userId });
    expect(res.statusCode).toBe(200);
    expect(envelope(res).data).toMatchObject({
      nickName: '华北采购部',
      realName: '李明',
      email: 'liming@huabei-chem.cn',
      jobNo: 'HB-0107',
      position: '采购经理',
      fax: '010-62345678',
      certType: '0',
      certNo: '11010519800101123X',
      mobilePhone: '13800000001',
    });
    const row = await userRow('buyer01');
    expect(row.nick_name).toBe('华北采购部');
    expect(row.mobile).toBe('13800000001');
  });

  it("refuses to write another user's info (403 + -107)", async () => {
    const { token } = await login(t.app, 'buyer01', 'Buyer@2026');
    const supplier = await userRow('supplier01');
    const res = await post('/omc/api/user/modifyCurrUserInfo', { token }, { ...info, userId: String(supplier.id) });
    expect(res.statusCode).toBe(403);
    expect(envelope(res).error_no).toBe('-107');
    expect(await userRow('supplier01')).toEqual(supplier);
  });

  it.each([
    ['a missing name', { email: 'a@b.cn' }, 'name'],
    ['a blank name', { name: '   ' }, 'name'],
    ['a 17-character name', { name: '名'.repeat(17) }, 'name'],
    ['a 21-character job number', { name: '李明', jobNo: 'J'.repeat(21) }, 'jobNo'],
    ['a 31-character email', { name: '李明', email: `${'a'.repeat(22)}@mail.com` }, 'email'],
    ['a malformed email', { name: '李明', email: 'liming@' }, 'email'],
    ['a 31-character position', { name: '李明', position: '岗'.repeat(31) }, 'position'],
    ['a malformed fax', { name: '李明', fax: '12-34' }, 'fax'],
    ['an unknown identity type', { name: '李明', certType: '5' }, 'certType'],
    ['a certificate number with symbols', { name: '李明', certNo: '1101-0519' }, 'certNo'],
    ['an unknown field', { name: '李明', password_hash: 'x' }, 'password_hash'],
  ])('answers 400 naming the field for %s, and writes nothing', async (_label, payload, field) => {
    const { token } = await login(t.app, 'buyer01', 'Buyer@2026');
    const before = await userRow('buyer01');
    const res = await post('/omc/api/user/modifyCurrUserInfo', { token }, payload);
    expect(res.statusCode).toBe(400);
    expect(envelope(res).return_code).toBe('100001');
    expect(envelope(res).error_info).toContain(field);
    expect(await userRow('buyer01')).toEqual(before);
  });

  it('refuses without a session', async () => {
    const res = await post('/omc/api/user/modifyCurrUserInfo', {}, info);
    expect(res.statusCode).toBe(401);
  });
});

describe('lock and unlock', () => {
  it('locks the session: other calls answer 423 + -5 until unlocked with the password', async () => {
    const { token } = await login(t.app, 'buyer01', 'Buyer@2026');
    expect(envelope(await post('/omc/api/user/lock', { token }, {})).return_code).toBe('0');
    const perms = await t.app.inject({ method: 'GET', url: '/omc/api/user/getUserPermissions', headers: { token } });
    expect(perms.statusCode).toBe(423);
    expect(envelope(perms).error_no).toBe('-5');
    // The current user still answers, saying the session is locked.
    expect((envelope(await currUser({ token })).data as { locked: boolean }).locked).toBe(true);
    expect(envelope(await post('/omc/api/user/lock', { token }, {})).return_code).toBe('0');

    const wrong = await post('/omc/api/user/unlock', { token }, { password: 'Nope@2026' });
    expect(envelope(wrong).error_no).toBe('111302');
    expect((await t.app.inject({ method: 'GET', url: '/omc/api/user/getUserPermissions', headers: { token } })).statusCode).toBe(423);

    expect(envelope(await post('/omc/api/user/unlock', { token }, { password: 'Buyer@2026' })).return_code).toBe('0');
    expect((await t.app.inject({ method: 'GET', url: '/omc/api/user/getUserPermissions', headers: { token } })).statusCode).toBe(200);
  });

  it('ends the session after five wrong unlock passwords', async () => {
    const { token } = await login(t.app, 'buyer01', 'Buyer@2026');
    await post('/omc/api/user/lock', { token }, {});
    for (let i = 0; i < 4; i++)
      expect(envelope(await post('/omc/api/user/unlock', { token }, { password: `Nope@20${i}` })).error_no).toBe('111302');
    const fifth = await post('/omc/api/user/unlock', { token }, { password: 'Nope@2099' });
    expect(envelope(fifth).error_no).toBe('9004');
    expect((await currUser({ token })).statusCode).toBe(401);
  });

  it('refuses both without a session, and a malformed unlock body with 400', async () => {
    for (const url of ['/omc/api/user/lock', '/omc/api/user/unlock']) {
      const res = await post(url, {}, { password: 'Buyer@2026' });
      expect(res.statusCode).toBe(401);
    }
    const { token } = await login(t.app, 'buyer01', 'Buyer@2026');
    await post('/omc/api/user/lock', { token }, {});
    for (const [payload, field] of [
      [{}, 'password'],
      [{ password: 'x'.repeat(21) }, 'password'],
      [{ password: 'Buyer@2026', force: true }, 'force'],
    ] as const) {
      const res = await post('/omc/api/user/unlock', { token }, payload);
      expect(res.statusCode).toBe(400);
      expect(envelope(res).error_info).toContain(field);
    }
    // Still locked: nothing was changed by the refused calls.
    expect((envelope(await currUser({ token })).data as { locked: boolean }).locked).toBe(true);
  });
});

describe('kickout', () => {
  it('lets an operator end every session of an account; the kicked browser gets 9004', async () => {
    const admin = await login(t.app, 'admin', 'Admin@2026');
    const victim = await login(t.app, 'supplier01', 'Supplier@2026');
    const mobile = await login(t.app, 'supplier01', 'Supplier@2026', { terminal_type: 'mobile' });
    const res = await post('/omc/kickout', { token: admin.token }, { key: 'supplier01' });
    expect(res.statusCode).toBe(200);
    expect(envelope(res).data).toEqual({ count: 2 });
    for (const token of [victim.token, mobile.token]) {
      const after = await currUser({ token });
      expect(after.statusCode).toBe(401);
      expect(envelope(after).error_no).toBe('9004');
    }
    expect((await currUser({ token: admin.token })).statusCode).toBe(200);
  });

  it('refuses a company user (403 + -106), a visitor (401), an unknown account (404) and bad input (400)', async () => {
    const buyer = await login(t.app, 'buyer01', 'Buyer@2026');
    const supplier = await login(t.app, 'supplier01', 'Supplier@2026');
    const denied = await post('/omc/kickout', { token: buyer.token }, { key: 'supplier01' });
    expect(denied.statusCode).toBe(403);
    expect(envelope(denied).error_no).toBe('-106');
    expect((await post('/omc/kickout', {}, { key: 'supplier01' })).statusCode).toBe(401);
    const admin = await login(t.app, 'admin', 'Admin@2026');
    const unknown = await post('/omc/kickout', { token: admin.token }, { key: 'nobody99' });
    expect(unknown.statusCode).toBe(404);
    expect(envelope(unknown).return_code).toBe('100004');
    for (const [payload, field] of [
      [{}, 'key'],
      [{ key: 'k'.repeat(21) }, 'key'],
      [{ key: 'supplier01', reason: 'x' }, 'reason'],
    ] as const) {
      const bad = await post('/omc/kickout', { token: admin.token }, payload);
      expect(bad.statusCode).toBe(400);
      expect(envelope(bad).error_info).toContain(field);
    }
    expect((await currUser({ token: supplier.token })).statusCode).toBe(200);
  });
});

describe('tokenEntry', () => {
  it('adopts a live token as the session cookie and answers the user', async () => {
    const { token } = await login(t.app, 'buyer01', 'Buyer@2026');
    const res = await post('/omc/api/user/tokenEntry', {}, { token });
    expect(res.statusCode).toBe(200);
    expect((envelope(res).data as { userName: string }).userName).toBe('buyer01');
    const cookie = res.cookies.find((c) => c.name === 'portal_session');
    expect(cookie?.value).toBe(token);
    expect(cookie?.httpOnly).toBe(true);
  });

  it('refuses an unknown or ended token without setting a cookie, and bad input with 400', async () => {
    const unknown = await post('/omc/api/user/tokenEntry', {}, { token: 'forged-token' });
    expect(unknown.statusCode).toBe(401);
    expect(envelope(unknown).error_no).toBe('-100');
    expect(unknown.cookies.find((c) => c.name === 'portal_session')).toBeUndefined();
    const first = await login(t.app, 'buyer01', 'Buyer@2026');
    await login(t.app, 'buyer01', 'Buyer@2026');
    expect(envelope(await post('/omc/api/user/tokenEntry', {}, { token: first.token })).error_no).toBe('-101');
    const bad = await post('/omc/api/user/tokenEntry', {}, { token: 'x'.repeat(201) });
    expect(bad.statusCode).toBe(400);
    expect(envelope(bad).error_info).toContain('token');
  });
});

describe('tokenEntryPreview', () => {
  it('says whose account a live token opens, without setting a cookie', async () => {
    const { token } = await login(t.app, 'buyer01', 'Buyer@2026');
    const res = await post('/omc/api/user/tokenEntryPreview', {}, { token });
    expect(envelope(res).data).toEqual({ userName: 'buyer01', nickName: expect.any(String), companyName: '华北化工集团有限公司' });
    expect(res.cookies.find((c) => c.name === 'portal_session')).toBeUndefined();
  });

  it('refuses an unknown token like tokenEntry does, and both refuse a request another site caused', async () => {
    const unknown = await post('/omc/api/user/tokenEntryPreview', {}, { token: 'x'.repeat(43) });
    expect(unknown.statusCode).toBe(401);
    const { token } = await login(t.app, 'buyer01', 'Buyer@2026');
    for (const url of ['/omc/api/user/tokenEntryPreview', '/omc/api/user/tokenEntry']) {
      const res = await post(url, { 'sec-fetch-site': 'cross-site' }, { token });
      expect(res.statusCode, url).toBe(403);
      expect(envelope(res).error_no, url).toBe('111304');
      expect(res.cookies.find((c) => c.name === 'portal_session')).toBeUndefined();
    }
  });
});
