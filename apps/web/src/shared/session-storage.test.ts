import { afterEach, describe, expect, it } from 'vitest';
import type { LoginAnswer } from '@portal/contracts/account';
import { clearUserData, rememberLoginUrl, storeLoginAnswer, takeLoginUrl } from './session-storage';

const TOKEN = 'tok_3kY8zq-secret-session-token';
const answer: LoginAnswer = {
  utoken: TOKEN,
  user_token: TOKEN,
  tn: TOKEN,
  user_agent_name: '华北化工采购',
  user_agent_operator_name: '华北化工采购',
  user_agent_user_name: 'buyer01',
  user_agent_user_id: '2',
  user_agent_operator_code: 'buyer01',
  user_agent_raw_role_code: 'company_user',
  user_agent_role_code: 'company_user',
  last_login_date_time: '',
  optAuths: ['portal:view'],
  user_type: 'comp',
};

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe('the session data the browser keeps', () => {
  it('keeps the user keys of a login answer but never its token: the HttpOnly cookie carries the session', () => {
    storeLoginAnswer(answer, { tenantId: 'T001' });
    expect(sessionStorage.getItem('userName')).toBe('buyer01');
    expect(sessionStorage.getItem('tenantId')).toBe('T001');
    const kept = JSON.stringify({ ...sessionStorage, ...localStorage });
    expect(kept).not.toContain(TOKEN);
    for (const key of ['utoken', 'user_token', 'tn', 'token']) expect(sessionStorage.getItem(key), key).toBeNull();
  });

  it('forgets the user keys on logout', () => {
    storeLoginAnswer(answer);
    clearUserData();
    expect(sessionStorage.getItem('userName')).toBeNull();
    expect(sessionStorage.getItem('userPermissions')).toBeNull();
  });
});

describe('the page to go back to after signing in', () => {
  afterEach(() => sessionStorage.clear());

  it('is the remembered page of this site, asked for once', () => {
    rememberLoginUrl('/cms/news?page=2');
    expect(takeLoginUrl()).toBe('/cms/news?page=2');
    expect(takeLoginUrl()).toBeNull();
  });

  it.each([
    '//evil.example',
    '/\\evil.example',
    '/%5Cevil',
    '/\t/evil.example',
    '/\n/evil.example',
    'javascript:alert(1)',
    'https://evil.example/',
    '/login?x=1',
  ])('is not %j: another host, another scheme or the login page itself', (url) => {
    rememberLoginUrl(url);
    expect(takeLoginUrl()).toBeNull();
  });
});
