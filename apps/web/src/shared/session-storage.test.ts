import { afterEach, describe, expect, it } from 'vitest';
import { rememberLoginUrl, takeLoginUrl } from './session-storage';

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
