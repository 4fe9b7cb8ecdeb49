import { constants, createPublicKey, publicEncrypt } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, envelope, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ WEB_ENCRYPT_TYPE: 'rsa' });
});
afterEach(async () => {
  await t.close();
});

/** What the browser does with Web Crypto: RSA-OAEP with SHA-256 under the SPKI key. */
function encrypt(key: { key1: string; key2: string }, plain: string): string {
  const publicKey = createPublicKey({ key: Buffer.from(key.key1, 'base64'), format: 'der', type: 'spki' });
  const cipher = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(plain));
  return `rsa:${key.key2}:${cipher.toString('base64')}`;
}
const securityKey = async () =>
  envelope(await t.app.inject({ method: 'POST', url: '/omc/getSecurityKey' })).data as { key1: string; key2: string };
async function passwordLogin(password: string) {
  const cc = (envelope(await t.app.inject({ method: 'POST', url: '/gateway/getCheckCode' })).data as { cc: string }).cc;
  return t.app.inject({
    method: 'POST',
    url: '/omc/submitLogin',
    payload: { account: 'buyer01', password, check_code: 'ABCD', req_code_session_id: cc },
  });
}

describe('webEncryptType=rsa', () => {
  it('hands out one RSA public key with its id, the same to every caller while it is current', async () => {
    const a = await securityKey();
    const b = await securityKey();
    expect(a).toEqual(b);
    expect(Buffer.from(a.key1, 'base64').length).toBeGreaterThan(250);
    expect(a.key2).toMatch(/^[0-9a-f]{16}$/);
    const settings = envelope(await t.app.inject({ method: 'GET', url: '/omc/api/sys/public_settings' })).data as {
      webEncryptType: string;
    };
    expect(settings.webEncryptType).toBe('rsa');
  });

  it('signs in with an encrypted password, and refuses a wrong one the usual way', async () => {
    const key = await securityKey();
    expect(envelope(await passwordLogin(encrypt(key, 'Buyer@2026'))).error_no).toBe('0');
    expect(envelope(await passwordLogin(encrypt(key, 'Wrong@2026'))).error_no).toBe('-104');
  });

  it('refuses a plain password with 400 naming the field', async () => {
    const res = await passwordLogin('Buyer@2026');
    expect(res.statusCode).toBe(400);
    expect(envelope(res).error_info).toBe('参数错误：password 须加密传输');
  });

  it('applies the plain rule after decrypting', async () => {
    const res = await passwordLogin(encrypt(await securityKey(), 'x'.repeat(30)));
    expect(res.statusCode).toBe(400);
    expect(envelope(res).error_info).toContain('password');
  });

  it('refuses an unknown key id or a tampered value with 111120', async () => {
    const key = await securityKey();
    const good = encrypt(key, 'Buyer@2026');
    for (const bad of [good.replace(key.key2, '0000000000000000'), `${good.slice(0, -8)}AAAAAAA=`]) {
      const res = await passwordLogin(bad);
      expect(res.statusCode).toBe(400);
      expect(envelope(res).error_no).toBe('111120');
    }
  });

  it('decrypts password fields of registration too', async () => {
    const pc = (envelope(await t.app.inject({ method: 'POST', url: '/gateway/getCheckCode' })).data as { cc: string }).cc;
    await t.app.inject({
      method: 'POST',
      url: '/omc/api/member/reg/send_reg_code',
      payload: { mobile: '13912345678', req_session_id: pc, check_code: 'ABCD' },
    });
    const code = (envelope(await t.app.inject({ method: 'GET', url: '/dev/sms-outbox?mobile=13912345678' })).data as { code: string }[])[0]!
      .code;
    const res = await t.app.inject({
      method: 'POST',
      url: '/omc/api/member/reg/quick_reg',
      payload: {
        user_account: 'rsauser1',
        company_name: '加密测试有限公司',
        mobile: '13912345678',
        sms_code: code,
        user_pwd: encrypt(await securityKey(), 'Rsa@2026x'),
        agreed: true,
      },
    });
    expect(envelope(res).return_code).toBe('0');
    const row = await t.database.db.selectFrom('users').select('password_hash').where('account', '=', 'rsauser1').executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$/);
  });
});
