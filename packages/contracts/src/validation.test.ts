import { describe, expect, it } from 'vitest';
import { pickLang } from './i18n';
import { submitLoginBodySchema } from './account';
import { reasonOf } from './validation-messages';
import {
  certNoSchema,
  companyNameSchema,
  faxSchema,
  loginPictureCodeSchema,
  mobileSchema,
  pictureCodeSchema,
  smsCodeSchema,
  transportedPassword,
  loginPasswordSchema,
  usernameSchema,
  newPasswordSchema,
  text,
} from './validation';
import {
  MOBILE_PATTERN,
  USERNAME_PATTERN,
  confirmationMatches,
  passwordKinds,
  passwordMeetsRule,
  passwordStrength,
} from './validation-rules';

/** The reason key a schema refuses a value with, or null when it accepts it. */
const reason = (
  schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { code: string; message: string }[] } } },
  value: unknown,
) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? null : reasonOf(parsed.error!.issues[0]!);
};

describe('shared field rules', () => {
  it('accepts usernames of 4-20 starting with a letter', () => {
    for (const ok of ['abcd', 'a_12', 'Buyer01', 'a'.repeat(20)]) expect(USERNAME_PATTERN.test(ok), ok).toBe(true);
    for (const bad of ['abc', '1abc', '_abc', 'ab-cd', 'a'.repeat(21), '用户名称']) expect(USERNAME_PATTERN.test(bad), bad).toBe(false);
  });

  it('accepts mainland mobiles 13-19 plus 9 digits', () => {
    for (const ok of ['13800000001', '19912345678']) expect(MOBILE_PATTERN.test(ok)).toBe(true);
    for (const bad of ['12800000001', '1380000000', '138000000012', '+8613800000001']) expect(MOBILE_PATTERN.test(bad)).toBe(false);
  });

  it('counts character kinds and grades strength', () => {
    expect(passwordKinds('abcdef')).toBe(1);
    expect(passwordKinds('Abcdef')).toBe(2);
    expect(passwordKinds('Abc@123')).toBe(4);
    expect(passwordStrength('abcdef')).toBe('weak');
    expect(passwordStrength('abc123')).toBe('general');
    expect(passwordStrength('Abc123')).toBe('complex');
    expect(passwordMeetsRule('Abc123', { minLength: 6, maxLength: 20, minKinds: 3 })).toBe(true);
    expect(passwordMeetsRule('abc123', { minLength: 6, maxLength: 20, minKinds: 3 })).toBe(false);
    expect(passwordMeetsRule('Ab1', { minLength: 6, maxLength: 20, minKinds: 3 })).toBe(false);
  });

  it('picks the language from the cookie, then Accept-Language, else zh-CN', () => {
    expect(pickLang('en-US', 'zh-CN')).toBe('en-US');
    expect(pickLang(undefined, 'zh-TW,zh;q=0.9')).toBe('zh-TW');
    expect(pickLang(undefined, 'en-GB,en;q=0.8')).toBe('en-US');
    expect(pickLang('fr', undefined)).toBe('zh-CN');
  });

  it('refuses usernames with the pattern message, and trims', () => {
    expect(reason(usernameSchema, '  trader_01 ')).toBeNull();
    expect(usernameSchema.parse('  trader_01 ')).toBe('trader_01');
    expect(reason(usernameSchema, '')).toBe('required');
    expect(reason(usernameSchema, 'abc')).toBe('usernamePattern');
    expect(reason(usernameSchema, '1abcd')).toBe('usernamePattern');
    expect(reason(usernameSchema, 'a'.repeat(21))).toBe('tooLong');
  });

  it('limits company names to 50 characters', () => {
    expect(reason(companyNameSchema, '内'.repeat(50))).toBeNull();
    expect(reason(companyNameSchema, '内'.repeat(51))).toBe('tooLong');
    expect(reason(companyNameSchema, '   ')).toBe('required');
  });

  it('applies a configured password rule: length and kinds', () => {
    const rule = { minLength: 8, maxLength: 20, minKinds: 2 };
    expect(passwordMeetsRule('abcdefg1', rule)).toBe(true);
    expect(passwordMeetsRule('abcdefgh', rule)).toBe(false);
    expect(passwordMeetsRule('abc1', rule)).toBe(false);
    expect(passwordMeetsRule(`Aa1!${'x'.repeat(17)}`, rule)).toBe(false);
    expect(passwordKinds('a b')).toBe(1);
    expect(passwordKinds('~`|')).toBe(1);
    expect(passwordStrength('')).toBeNull();
    expect(passwordStrength('Abc@123')).toBe('complex');
  });

  it('wants the confirmation non-empty and equal', () => {
    expect(confirmationMatches('Abc@123', 'Abc@123')).toBe(true);
    expect(confirmationMatches('Abc@123', 'Abc@124')).toBe(false);
    expect(confirmationMatches('', '')).toBe(false);
  });

  it('checks mobiles, SMS codes and picture codes', () => {
    expect(reason(mobileSchema, '13800000001')).toBeNull();
    expect(reason(mobileSchema, '138000000012')).toBe('tooLong');
    expect(reason(mobileSchema, '12800000001')).toBe('mobilePattern');
    expect(reason(smsCodeSchema, '012345')).toBeNull();
    expect(reason(smsCodeSchema, '12345')).toBe('smsCodePattern');
    expect(reason(smsCodeSchema, '1234567')).toBe('tooLong');
    expect(reason(smsCodeSchema, '12a456')).toBe('smsCodePattern');
    expect(reason(pictureCodeSchema, 'AbCd')).toBeNull();
    expect(reason(pictureCodeSchema, 'ABC')).toBe('pictureCodeLength');
    expect(reason(loginPictureCodeSchema, 'ABCDE')).toBeNull();
    expect(reason(loginPictureCodeSchema, 'ABCDEF')).toBe('tooLong');
  });

  it('checks fax numbers and certificate numbers', () => {
    for (const ok of ['12345678', '1234567', '010-12345678', '0755-1234567', '07551234567']) expect(reason(faxSchema, ok), ok).toBeNull();
    for (const bad of ['123456', '01-12345678', '010-123456789', 'fax']) expect(reason(faxSchema, bad), bad).toBe('faxPattern');
    expect(reason(certNoSchema, '11010519491231002X')).toBeNull();
    expect(reason(certNoSchema, 'E1234-567')).toBe('certNoPattern');
  });

  it('takes a password field plain under the plain rule, or encrypted', () => {
    const field = transportedPassword(loginPasswordSchema);
    expect(reason(field, 'Abc@123')).toBeNull();
    expect(reason(field, 'abc')).toBe('passwordTooShort');
    expect(reason(field, `rsa:0011223344556677:${'A'.repeat(344)}`)).toBeNull();
    expect(reason(field, `rsa:${'A'.repeat(2000)}`)).toBe('tooLong');
  });

  it('tells the two login modes apart and names the missing field', () => {
    const issue = (body: unknown) => submitLoginBodySchema.safeParse(body).error?.issues[0];
    expect(issue({ account: 'admin', password: 'Admin@2026', check_code: 'ABCD', req_code_session_id: 'x' })).toBeUndefined();
    expect(issue({ account: '13800000001', verify_code: '123456', verify_code_token: 't', terminal_type: 'pc' })).toBeUndefined();
    expect(issue({ account: 'admin' })?.path).toEqual(['password']);
    expect(issue({ account: '13800000001', verify_code: '123456' })?.path).toEqual(['verify_code_token']);
    expect(issue({ account: 'admin', verify_code: '123456', verify_code_token: 't' })?.path).toEqual(['account']);
  });
});

describe('the shared string check', () => {
  const reasons = (value: string) =>
    text(100)
      .safeParse(value)
      .error?.issues.map((i) => i.message) ?? [];
  it('refuses NUL and the other control characters', () => {
    for (const bad of ['a\u0000b', '\u0001', 'x\u001b[31m', 'del\u007f', 'c1\u0085', '\u009b']) {
      expect(reasons(bad)).toContain('forbiddenCharacter');
    }
  });
  it('takes tab, line feed and carriage return, Chinese and emoji', () => {
    for (const good of ['a\tb', 'line\nline', 'crlf\r\n', '华北化工集团有限公司', '👍 ok']) expect(reasons(good)).toEqual([]);
  });
  it('refuses the direction overrides and isolates, and broken surrogate halves', () => {
    for (const bad of ['\u202Eexe.txt', 'a\u202Ab', '\u2066x\u2069', 'half\ud83d', '\udc4dhalf']) {
      expect(reasons(bad)).toContain('forbiddenCharacter');
    }
  });
  it('runs in every shared field schema, passwords included', () => {
    expect(usernameSchema.safeParse('abcd\u0000').error?.issues.map((i) => i.message)).toContain('forbiddenCharacter');
    expect(
      transportedPassword(newPasswordSchema)
        .safeParse('Pass\u0000word1')
        .error?.issues.map((i) => i.message),
    ).toContain('forbiddenCharacter');
  });
});
