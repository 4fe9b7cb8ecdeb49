import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, envelope, login, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const post = (url: string, payload: unknown, extra: { cookies?: Record<string, string>; ip?: string } = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, cookies: extra.cookies, remoteAddress: extra.ip });
const pictureCode = async () => (envelope(await t.app.inject({ method: 'POST', url: '/gateway/getCheckCode' })).data as { cc: string }).cc;
const outbox = async (mobile: string) =>
  envelope(await t.app.inject({ method: 'GET', url: `/dev/sms-outbox?mobile=${mobile}` })).data as { code: string; text: string }[];

const counts = async () => {
  const db = t.database.db;
  const n = async (table: 'users' | 'companies' | 'sms_outbox' | 'user_roles') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const codes = (await t.kv.keys('sms-code:')).length;
  return { users: await n('users'), companies: await n('companies'), outbox: await n('sms_outbox'), roles: await n('user_roles'), codes };
};

async function sendRegCode(mobile: string, extra: Record<string, unknown> = {}) {
  return envelope(
    await post('/omc/api/member/reg/send_reg_code', { mobile, req_session_id: await pictureCode(), check_code: 'ABCD', ...extra }),
  );
}
async function register(fields: Record<string, unknown> = {}) {
  const mobile = (fields.mobile as string) ?? '13912345678';
  expect((await sendRegCode(mobile)).return_code).toBe('0');
  const code = (await outbox(mobile))[0]!.code;
  return post('/omc/api/member/reg/quick_reg', {
    user_account: 'coalbuyer',
    company_name: '内蒙古伊泰煤炭贸易有限公司',
    mobile,
    sms_code: code,
    user_pwd: 'Coal@2026',
    terminalType: 'pc',
    agreed: true,
    ...fields,
  });
}

describe('agreements and existence checks', () => {
  it('lists the registration agreement and the privacy policy', async () => {
    const list = envelope(await t.app.inject({ method: 'GET', url: '/omc/v/api/member/reg/agreements' })).data as {
      kind: string;
      articleName: string;
      articleText: string;
    }[];
    expect(list.map((a) => a.kind)).toEqual(['register', 'privacy']);
    expect(list[0]!.articleName).toBe('大宗商品交易平台会员注册协议');
    expect(list[0]!.articleText.length).toBeGreaterThan(500);
  });

  it('says whether an account exists', async () => {
    expect(envelope(await post('/omc/v/api/member/reg/is_account_existed', { user_account: 'buyer01' })).data).toBe(true);
    expect(envelope(await post('/omc/v/api/member/reg/is_account_existed', { user_account: 'Supplier01' })).data).toBe(true);
    expect(envelope(await post('/omc/v/api/member/reg/is_account_existed', { user_account: 'nobody99' })).data).toBe(false);
  });

  it('answers the mobile of an account with the middle digits hidden, and 111102 for an unknown one', async () => {
    expect(envelope(await post('/omc/v/api/member/reg/get_mobile_by_account', { userAccount: 'buyer01' })).data).toBe('138****0001');
    const unknown = envelope(await post('/omc/v/api/member/reg/get_mobile_by_account', { userAccount: 'nobody99' }));
    expect(unknown.error_no).toBe('111102');
    expect(unknown.error_info).toBe('该用户名不存在');
  });

  it('rate-limits the existence checks per address', async () => {
    await t.close();
    t = await createTestApp({ ACCOUNT_CHECKS_PER_IP_PER_HOUR: '3' });
    for (let i = 0; i < 2; i++) await post('/omc/v/api/member/reg/is_account_existed', { user_account: `probe${i}x` }, { ip: '10.1.1.1' });
    await post('/omc/v/api/member/reg/get_mobile_by_account', { userAccount: 'buyer01' }, { ip: '10.1.1.1' });
    const limited = await post('/omc/v/api/member/reg/is_account_existed', { user_account: 'buyer01' }, { ip: '10.1.1.1' });
    expect(limited.statusCode).toBe(429);
    expect(envelope(limited).error_no).toBe('100006');
    expect(limited.headers['retry-after']).toBeTruthy();
    const other = await post('/omc/v/api/member/reg/is_account_existed', { user_account: 'buyer01' }, { ip: '10.1.1.2' });
    expect(envelope(other).data).toBe(true);
  });
});

describe('company registration', () => {
  it('registers a company through both steps; the new account signs in', async () => {
    const before = await counts();
    const res = await register();
    expect(res.statusCode).toBe(200);
    expect(envelope(res).data).toEqual({});
    const after = await counts();
    expect(after.users).toBe(before.users + 1);
    expect(after.companies).toBe(before.companies + 1);
    const user = await t.database.db.selectFrom('users').selectAll().where('account', '=', 'coalbuyer').executeTakeFirstOrThrow();
    expect(user.user_type).toBe('comp');
    expect(user.mobile).toBe('13912345678');
    expect(user.password_hash).not.toContain('Coal@2026');
    const signedIn = await login(t.app, 'coalbuyer', 'Coal@2026');
    expect(signedIn.body.error_no).toBe('0');
    expect((signedIn.body.data as { user_agent_role_code: string }).user_agent_role_code).toBe('company_user');
    const me = envelope(await t.app.inject({ method: 'GET', url: '/omc/api/user/getCurrUser', headers: { token: signedIn.token } }));
    expect((me.data as { companyName: string }).companyName).toBe('内蒙古伊泰煤炭贸易有限公司');
  });

  it('accepts the spec’s other spellings user_name and enterprise_name', async () => {
    const res = await register({
      user_account: undefined,
      company_name: undefined,
      user_name: 'ureatrader',
      enterprise_name: '山东尿素贸易有限公司',
    });
    expect(envelope(res).return_code).toBe('0');
    expect((await login(t.app, 'ureatrader', 'Coal@2026')).body.error_no).toBe('0');
  });

  it('accepts both spellings at once when they agree, as the specification’s payload lists them', async () => {
    const res = await register({ user_name: 'coalbuyer', enterprise_name: '内蒙古伊泰煤炭贸易有限公司' });
    expect(envelope(res).return_code).toBe('0');
    expect((await login(t.app, 'coalbuyer', 'Coal@2026')).body.error_no).toBe('0');
  });

  it('refuses two spellings with different values, naming both, and writes nothing', async () => {
    const before = await counts();
    const res = await post('/omc/api/member/reg/quick_reg', {
      user_account: 'coalbuyer',
      user_name: 'otherbuyer',
      company_name: '内蒙古伊泰煤炭贸易有限公司',
      mobile: '13912345678',
      sms_code: '123456',
      user_pwd: 'Coal@2026',
    });
    expect(res.statusCode).toBe(400);
    expect(envelope(res).error_info).toBe('参数错误：user_account, user_name 两种写法的取值不一致');
    expect(envelope(res).data).toEqual({ field: 'user_account, user_name', reason: 'spellingsDiffer' });
    expect(await counts()).toEqual(before);
  });

  it('registers a payload without `agreed`: ticking the agreements is the browser’s step', async () => {
    const res = await register({ agreed: undefined });
    expect(envelope(res).return_code).toBe('0');
  });

  it('answers a QR url and marks the user toVerified when real-name verification is configured', async () => {
    await t.close();
    t = await createTestApp({ REAL_NAME_QR_URL: 'https://verify.example.com/realname?uid={userId}&account={account}' });
    const body = envelope(await register());
    expect((body.data as { qrUrl: string }).qrUrl).toMatch(/^https:\/\/verify\.example\.com\/realname\?uid=\d+&account=coalbuyer$/);
    const user = await t.database.db.selectFrom('users').select('user_type').where('account', '=', 'coalbuyer').executeTakeFirstOrThrow();
    expect(user.user_type).toBe('toVerified');
  });

  it('refuses a wrong picture code with 111000 and sends nothing', async () => {
    const before = await counts();
    const body = envelope(
      await post('/omc/api/member/reg/send_reg_code', { mobile: '13912345678', req_session_id: await pictureCode(), check_code: 'ZZZZ' }),
    );
    expect(body.error_no).toBe('111000');
    expect(await counts()).toEqual(before);
  });

  it('refuses a taken username in any letter case, when sending and when registering', async () => {
    expect((await sendRegCode('13912345678', { user_account: 'buyer01' })).error_no).toBe('111101');
    const before = await counts();
    const res = await register({ user_account: 'BUYER01' });
    expect(envelope(res).error_no).toBe('111101');
    expect((await counts()).users).toBe(before.users);
  });

  it('does not tell a stranger that a mobile is registered: same answer, a notice instead of a code', async () => {
    const free = await sendRegCode('13912345678');
    const taken = await sendRegCode('13800000001');
    expect(taken).toEqual(free);
    const [notice] = await outbox('13800000001');
    expect(notice!.code).toBe('');
    const res = await post('/omc/api/member/reg/quick_reg', {
      user_account: 'sneaky01',
      company_name: '测试公司',
      mobile: '13800000001',
      sms_code: '123456',
      user_pwd: 'Coal@2026',
      agreed: true,
    });
    expect(envelope(res).error_no).toBe('111103');
  });

  it('refuses a wrong SMS code, writing nothing', async () => {
    await sendRegCode('13912345678');
    const right = (await outbox('13912345678'))[0]!.code;
    const before = await counts();
    const res = await post('/omc/api/member/reg/quick_reg', {
      user_account: 'coalbuyer',
      company_name: '内蒙古伊泰煤炭贸易有限公司',
      mobile: '13912345678',
      sms_code: right === '000000' ? '000001' : '000000',
      user_pwd: 'Coal@2026',
      agreed: true,
    });
    expect(envelope(res).error_no).toBe('111103');
    const after = await counts();
    expect({ ...after, codes: 0 }).toEqual({ ...before, codes: 0 });
  });

  it('does not take a password-reset code for a registration', async () => {
    await t.database.db.updateTable('users').set({ mobile: '13912345678' }).where('account', '=', 'newcomer').execute();
    await post('/omc/api/member/reg/send_forget_sms_code', {
      user_account: 'newcomer',
      req_session_id: await pictureCode(),
      check_code: 'ABCD',
    });
    const resetCode = (await outbox('13912345678'))[0]!.code;
    expect(resetCode).toMatch(/^\d{6}$/);
    await t.database.db.updateTable('users').set({ mobile: '13800000009' }).where('account', '=', 'newcomer').execute();
    const res = await post('/omc/api/member/reg/quick_reg', {
      user_account: 'coalbuyer',
      company_name: '内蒙古伊泰煤炭贸易有限公司',
      mobile: '13912345678',
      sms_code: resetCode,
      user_pwd: 'Coal@2026',
      agreed: true,
    });
    expect(envelope(res).error_no).toBe('111103');
  });

  it('refuses a password outside the configured rule with its message, writing nothing', async () => {
    const before = await counts();
    const res = await post('/omc/api/member/reg/quick_reg', {
      user_account: 'coalbuyer',
      company_name: '公司',
      mobile: '13912345678',
      sms_code: '123456',
      user_pwd: 'abcdef',
      agreed: true,
    });
    expect(res.statusCode).toBe(400);
    expect(envelope(res).error_no).toBe('111106');
    expect(envelope(res).error_info).toBe('密码须为 6-20 位，且至少包含大写字母、小写字母、数字、符号中的 3 种');
    expect(await counts()).toEqual(before);
  });

  it('follows a configured rule: 8 characters and 2 kinds', async () => {
    await t.close();
    t = await createTestApp({ PASSWORD_MIN_LENGTH: '8', PASSWORD_MIN_KINDS: '2' });
    expect(envelope(await register({ user_pwd: 'abc12' })).error_no).toBe('111106');
    expect(envelope(await register({ user_pwd: 'abcdefg1', mobile: '13912345679' })).return_code).toBe('0');
  });

  it('refuses an explicit refusal of the agreements', async () => {
    const res = await register({ agreed: false });
    expect(res.statusCode).toBe(400);
    expect(envelope(res).error_no).toBe('111108');
    expect(envelope(res).error_info).toBe('请勾选注册协议');
  });
});

describe('password reset', () => {
  async function sendResetCode(account: string) {
    return envelope(
      await post('/omc/api/member/reg/send_forget_sms_code', {
        user_account: account,
        mobile: '138****0002',
        req_session_id: await pictureCode(),
        check_code: 'ABCD',
      }),
    );
  }

  it('resets by SMS: the old password fails, the new works, and old sessions end', async () => {
    const old = await login(t.app, 'supplier01', 'Supplier@2026');
    expect((await sendResetCode('supplier01')).return_code).toBe('0');
    const [message] = await outbox('13800000002');
    expect(message!.text).toContain('重置密码');
    const res = await post('/omc/api/member/reg/forget_reset_pwd', {
      user_account: 'supplier01',
      mobile: '138****0002',
      sms_code: message!.code,
      new_pwd: 'Fresh#2026',
    });
    expect(envelope(res).return_code).toBe('0');
    expect((await login(t.app, 'supplier01', 'Supplier@2026')).body.error_no).toBe('-104');
    expect((await login(t.app, 'supplier01', 'Fresh#2026')).body.error_no).toBe('0');
    const stale = await t.app.inject({ method: 'GET', url: '/omc/api/user/getCurrUser', headers: { token: old.token } });
    expect(stale.statusCode).toBe(401);
    expect(envelope(stale).error_no).toBe('9004');
  });

  it('lifts a login lock once the person proved the mobile', async () => {
    for (let i = 0; i < 5; i++) await login(t.app, 'supplier01', 'Wrong@2026');
    expect((await login(t.app, 'supplier01', 'Supplier@2026')).body.error_no).toBe('111104');
    await sendResetCode('supplier01');
    const code = (await outbox('13800000002'))[0]!.code;
    await post('/omc/api/member/reg/forget_reset_pwd', { user_name: 'supplier01', sms_code: code, new_pwd: 'Fresh#2026' });
    expect((await login(t.app, 'supplier01', 'Fresh#2026')).body.error_no).toBe('0');
  });

  it('takes both spellings of the account when they agree, and refuses them when they differ', async () => {
    await sendResetCode('supplier01');
    const code = (await outbox('13800000002'))[0]!.code;
    const differ = await post('/omc/api/member/reg/forget_reset_pwd', {
      user_account: 'supplier01',
      user_name: 'buyer01',
      sms_code: code,
      new_pwd: 'Fresh#2026',
    });
    expect(differ.statusCode).toBe(400);
    expect(envelope(differ).data).toEqual({ field: 'user_account, user_name', reason: 'spellingsDiffer' });
    const res = await post('/omc/api/member/reg/forget_reset_pwd', {
      user_name: 'supplier01',
      user_account: 'supplier01',
      mobile: '138****0002',
      sms_code: code,
      new_pwd: 'Fresh#2026',
    });
    expect(envelope(res).return_code).toBe('0');
    expect((await login(t.app, 'supplier01', 'Fresh#2026')).body.error_no).toBe('0');
  });

  it('refuses an unknown account with 111102', async () => {
    expect((await sendResetCode('nobody99')).error_no).toBe('111102');
  });

  it('refuses a wrong code and keeps the old password', async () => {
    await sendResetCode('supplier01');
    const code = (await outbox('13800000002'))[0]!.code;
    const res = await post('/omc/api/member/reg/forget_reset_pwd', {
      user_account: 'supplier01',
      sms_code: code === '999999' ? '999998' : '999999',
      new_pwd: 'Fresh#2026',
    });
    expect(envelope(res).error_no).toBe('111103');
    expect((await login(t.app, 'supplier01', 'Supplier@2026')).body.error_no).toBe('0');
  });

  const resetWith = (fields: Record<string, unknown>, ip?: string) =>
    post('/omc/api/member/reg/forget_reset_pwd', { sms_code: '123456', new_pwd: 'Fresh#2026', ...fields }, { ip });

  it('answers an unknown account exactly like a wrong code: same status, code and message', async () => {
    await sendResetCode('supplier01');
    const code = (await outbox('13800000002'))[0]!.code;
    const wrong = code === '999999' ? '999998' : '999999';
    const unknown = await resetWith({ user_account: 'nobody99', sms_code: code });
    const wrongCode = await resetWith({ user_account: 'supplier01', sms_code: wrong });
    await t.database.db.updateTable('users').set({ mobile: null }).where('account', '=', 'buyer01').execute();
    const noMobile = await resetWith({ user_account: 'buyer01', sms_code: code });
    for (const res of [unknown, wrongCode, noMobile]) {
      expect(res.statusCode).toBe(200);
      expect(envelope(res)).toEqual(envelope(wrongCode));
    }
    expect(envelope(unknown).error_no).toBe('111103');
  });

  it('needs the code sent for a reset of this account: a code never sent does not pass', async () => {
    const res = await resetWith({ user_account: 'supplier01', sms_code: '000000' });
    expect(envelope(res).error_no).toBe('111103');
    expect((await login(t.app, 'supplier01', 'Supplier@2026')).body.error_no).toBe('0');
  });

  it('pauses resets of an account name after its failures, from any address, known or not', async () => {
    await t.close();
    t = await createTestApp({ RESET_FAILURES_PER_ACCOUNT: '3' });
    for (let i = 0; i < 3; i++)
      expect(envelope(await resetWith({ user_account: 'supplier01' }, `10.0.0.${i + 1}`)).error_no).toBe('111103');
    await sendResetCode('supplier01');
    const code = (await outbox('13800000002'))[0]!.code;
    const paused = await resetWith({ user_account: 'Supplier01', sms_code: code }, '10.0.0.9');
    expect(paused.statusCode).toBe(429);
    expect(envelope(paused).error_no).toBe('100006');
    expect(Number(paused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(t.app, 'supplier01', 'Supplier@2026')).body.error_no).toBe('0');
    // An unknown name pauses the same way, so the pause tells nothing either.
    for (let i = 0; i < 3; i++) await resetWith({ user_account: 'nobody99' }, `10.0.1.${i + 1}`);
    expect((await resetWith({ user_account: 'nobody99' }, '10.0.1.9')).statusCode).toBe(429);
  });

  it('pauses resets from one address after its failures, whatever the account; other addresses go on', async () => {
    await t.close();
    t = await createTestApp({ RESET_FAILURES_PER_IP: '4' });
    for (const account of ['ghost01', 'ghost02', 'ghost03', 'ghost04']) await resetWith({ user_account: account }, '10.0.0.7');
    const paused = await resetWith({ user_account: 'supplier01' }, '10.0.0.7');
    expect(paused.statusCode).toBe(429);
    await sendResetCode('supplier01');
    const code = (await outbox('13800000002'))[0]!.code;
    expect(envelope(await resetWith({ user_account: 'supplier01', sms_code: code }, '10.0.0.8')).return_code).toBe('0');
  });

  it('does not take a registration code for a reset', async () => {
    await sendRegCode('13800000002');
    // The number has an account, so registration sent a notice; a guessed code fails like any other.
    const res = await post('/omc/api/member/reg/forget_reset_pwd', {
      user_account: 'supplier01',
      sms_code: '123456',
      new_pwd: 'Fresh#2026',
    });
    expect(envelope(res).error_no).toBe('111103');
  });
});

describe('malformed input', () => {
  const cases: [string, string, Record<string, unknown>, string][] = [
    ['is_account_existed', '/omc/v/api/member/reg/is_account_existed', { user_account: 'a'.repeat(300) }, 'user_account'],
    ['get_mobile_by_account', '/omc/v/api/member/reg/get_mobile_by_account', { userAccount: 42 }, 'userAccount'],
    [
      'send_reg_code (mobile pattern)',
      '/omc/api/member/reg/send_reg_code',
      { mobile: '12345678901', req_session_id: 'x', check_code: 'ABCD' },
      'mobile',
    ],
    [
      'send_reg_code (username pattern)',
      '/omc/api/member/reg/send_reg_code',
      { mobile: '13912345678', req_session_id: 'x', check_code: 'ABCD', user_account: '9abc' },
      'user_account',
    ],
    [
      'send_reg_code (picture code length)',
      '/omc/api/member/reg/send_reg_code',
      { mobile: '13912345678', req_session_id: 'x', check_code: 'ABCDEF' },
      'check_code',
    ],
    [
      'send_forget_sms_code (missing account)',
      '/omc/api/member/reg/send_forget_sms_code',
      { req_session_id: 'x', check_code: 'ABCD' },
      'user_account',
    ],
    [
      'quick_reg (missing account)',
      '/omc/api/member/reg/quick_reg',
      { company_name: '公司', mobile: '13912345678', sms_code: '123456', user_pwd: 'Coal@2026' },
      'user_account',
    ],
    [
      'quick_reg (company too long)',
      '/omc/api/member/reg/quick_reg',
      { user_account: 'abcd', company_name: '公'.repeat(51), mobile: '13912345678', sms_code: '123456', user_pwd: 'Coal@2026' },
      'company_name',
    ],
    [
      'quick_reg (sms code letters)',
      '/omc/api/member/reg/quick_reg',
      { user_account: 'abcd', company_name: '公司', mobile: '13912345678', sms_code: '12a456', user_pwd: 'Coal@2026' },
      'sms_code',
    ],
    [
      'quick_reg (password too long)',
      '/omc/api/member/reg/quick_reg',
      { user_account: 'abcd', company_name: '公司', mobile: '13912345678', sms_code: '123456', user_pwd: 'Aa1!'.repeat(6) },
      'user_pwd',
    ],
    [
      'quick_reg (unknown field)',
      '/omc/api/member/reg/quick_reg',
      {
        user_account: 'abcd',
        company_name: '公司',
        mobile: '13912345678',
        sms_code: '123456',
        user_pwd: 'Coal@2026',
        user_type: 'operator',
      },
      'user_type',
    ],
    [
      'forget_reset_pwd (missing code)',
      '/omc/api/member/reg/forget_reset_pwd',
      { user_account: 'buyer01', new_pwd: 'Coal@2026' },
      'sms_code',
    ],
    [
      'forget_reset_pwd (bad mobile)',
      '/omc/api/member/reg/forget_reset_pwd',
      { user_account: 'buyer01', mobile: '138-0000', sms_code: '123456', new_pwd: 'Coal@2026' },
      'mobile',
    ],
  ];
  it.each(cases)('%s: 400 naming the field, nothing written', async (_label, url, payload, field) => {
    const before = await counts();
    const res = await post(url, payload);
    expect(res.statusCode).toBe(400);
    const body = envelope(res);
    expect(body.return_code).toBe('100001');
    expect(body.error_info).toContain(field);
    expect(await counts()).toEqual(before);
  });

  it('explains the username rule in the caller language', async () => {
    const res = await post(
      '/omc/api/member/reg/send_reg_code',
      { mobile: '13912345678', req_session_id: 'x', check_code: 'ABCD', user_account: 'ab' },
      { cookies: { lang: 'en-US' } },
    );
    expect(envelope(res).error_info).toBe(
      'Invalid input: user_account may contain only letters, digits and underscores, must start with a letter, and be 4-20 characters long',
    );
  });
});
