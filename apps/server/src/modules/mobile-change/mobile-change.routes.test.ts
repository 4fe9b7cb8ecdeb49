import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, envelope, login, type TestApp } from '../../test/test-app';

let t: TestApp;
let token: string;
beforeEach(async () => {
  t = await createTestApp();
  token = (await login(t.app, 'supplier01', 'Supplier@2026')).token;
});
afterEach(async () => {
  await t.close();
});

const pictureCode = async () => (envelope(await t.app.inject({ method: 'POST', url: '/gateway/getCheckCode' })).data as { cc: string }).cc;
const outbox = async (mobile: string) =>
  envelope(await t.app.inject({ method: 'GET', url: `/dev/sms-outbox?mobile=${mobile}` })).data as { code: string; text: string }[];
const send = async (mobile: string, as = token, chkcode = 'ABCD') =>
  t.app.inject({
    method: 'POST',
    url: '/omc/api/user/modify_mobile_send',
    headers: { token: as },
    payload: { chkcode_req_id: await pictureCode(), chkcode, mobile },
  });
const change = (payload: Record<string, unknown>, as = token) =>
  t.app.inject({ method: 'POST', url: '/omc/api/user/modify_mobile', headers: { token: as }, payload });
const mobileOf = async (account: string) =>
  (await t.database.db.selectFrom('users').select('mobile').where('account', '=', account).executeTakeFirstOrThrow()).mobile;

describe('change mobile', () => {
  it('sends the code to the new number, then changes it with the login password', async () => {
    expect(envelope(await send('13966668888')).return_code).toBe('0');
    const [message] = await outbox('13966668888');
    expect(message!.text).toContain('修改手机号');
    const res = await change({ password: 'Supplier@2026', sms_code: message!.code, mobile: '13966668888' });
    expect(envelope(res).return_code).toBe('0');
    const me = envelope(await t.app.inject({ method: 'GET', url: '/omc/api/user/getCurrUser', headers: { token } }));
    expect((me.data as { mobilePhone: string }).mobilePhone).toBe('13966668888');
  });

  it('answers 111052 for a wrong login password and keeps the number', async () => {
    await send('13966668888');
    const code = (await outbox('13966668888'))[0]!.code;
    const res = await change({ password: 'Wrong@2026', sms_code: code, mobile: '13966668888' });
    expect(envelope(res).error_no).toBe('111052');
    expect(envelope(res).error_info).toBe('修改手机号失败，请重新操作');
    expect(await mobileOf('supplier01')).toBe('13800000002');
    // The code went with the attempt: a password guess costs a fresh SMS.
    expect(envelope(await change({ password: 'Supplier@2026', sms_code: code, mobile: '13966668888' })).error_no).toBe('111103');
  });

  it('refuses a wrong SMS code with 111103', async () => {
    await send('13966668888');
    const code = (await outbox('13966668888'))[0]!.code;
    const res = await change({ password: 'Supplier@2026', sms_code: code === '000000' ? '000001' : '000000', mobile: '13966668888' });
    expect(envelope(res).error_no).toBe('111103');
    expect(await mobileOf('supplier01')).toBe('13800000002');
  });

  it("does not take another user's code", async () => {
    const buyer = (await login(t.app, 'buyer01', 'Buyer@2026')).token;
    await send('13966668888', buyer);
    const code = (await outbox('13966668888'))[0]!.code;
    expect(envelope(await change({ password: 'Supplier@2026', sms_code: code, mobile: '13966668888' })).error_no).toBe('111103');
  });

  it('refuses a wrong picture code, the current number and a taken number without sending', async () => {
    expect(envelope(await send('13966668888', token, 'ZZZZ')).error_no).toBe('111000');
    expect(envelope(await send('13800000002')).error_no).toBe('111121');
    expect(envelope(await send('13800000001')).error_no).toBe('111109');
    expect(await outbox('13966668888')).toEqual([]);
    expect(await outbox('13800000001')).toEqual([]);
  });

  it('needs a session (401 9006) and, with the cookie, the csrfcheck echo', async () => {
    const anon = await t.app.inject({
      method: 'POST',
      url: '/omc/api/user/modify_mobile_send',
      payload: { chkcode_req_id: 'x', chkcode: 'ABCD', mobile: '13966668888' },
    });
    expect(anon.statusCode).toBe(401);
    expect(envelope(anon).error_no).toBe('9006');
    const { cookie } = await login(t.app, 'buyer01', 'Buyer@2026');
    const noEcho = await t.app.inject({
      method: 'POST',
      url: '/omc/api/user/modify_mobile',
      headers: { cookie },
      payload: { password: 'Buyer@2026', sms_code: '123456', mobile: '13966668888' },
    });
    expect(noEcho.statusCode).toBe(403);
    expect(envelope(noEcho).error_no).toBe('-102');
  });

  it.each([
    ['send: a bad mobile', '/omc/api/user/modify_mobile_send', { chkcode_req_id: 'x', chkcode: 'ABCD', mobile: '1396666888' }, 'mobile'],
    [
      'send: a 5-character picture code',
      '/omc/api/user/modify_mobile_send',
      { chkcode_req_id: 'x', chkcode: 'ABCDE', mobile: '13966668888' },
      'chkcode',
    ],
    [
      'change: a 31-character password',
      '/omc/api/user/modify_mobile',
      { password: 'x'.repeat(31), sms_code: '123456', mobile: '13966668888' },
      'password',
    ],
    ['change: a missing SMS code', '/omc/api/user/modify_mobile', { password: 'Supplier@2026', mobile: '13966668888' }, 'sms_code'],
  ])('%s: 400 naming the field, nothing changed or sent', async (_label, url, payload, field) => {
    const res = await t.app.inject({ method: 'POST', url, headers: { token }, payload });
    expect(res.statusCode).toBe(400);
    expect(envelope(res).error_info).toContain(field);
    expect(await mobileOf('supplier01')).toBe('13800000002');
    expect(await outbox('13966668888')).toEqual([]);
  });
});
