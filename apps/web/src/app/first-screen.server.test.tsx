// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { PublicSettings } from '@portal/contracts/settings';
import { hasFirstScreen, renderFirstScreen } from './first-screen.server';

/** The settings as the server's defaults give them (the parts these pages read). */
const settings = {
  registerButton: true,
  tenantMode: false,
  isI18n: true,
  portalEnabled: true,
  portalJump: true,
  theme: 'lightblue',
  thirdPartyLogin: false,
  loginCheckCode: true,
  webEncryptType: 'none',
  smsResendSeconds: 60,
  passwordRule: { minLength: 8, maxLength: 20, minKinds: 3 },
} as PublicSettings;

/** A stand-in for the app answering in process: records what was asked, answers from `answers`. */
function fakeApi(answers: Record<string, unknown>) {
  const asked: string[] = [];
  const api = async (url: string) => {
    asked.push(url);
    const path = url.split('?')[0]!;
    const found = path in answers;
    return new Response(
      JSON.stringify(
        found
          ? { return_code: '0', error_no: '0', error_code: '0', error_info: '', data: answers[path] }
          : { return_code: '9999', error_no: '9999', error_code: '9999', error_info: 'not here', data: null },
      ),
      { status: found ? 200 : 500, headers: { 'content-type': 'application/json' } },
    );
  };
  return { api, asked };
}

// The first render loads the app's lazy routes and antd's styles: seconds on a busy machine.
describe('the server-rendered first screen', { timeout: 30_000 }, () => {
  it('covers /login and the portal pages, not the back office', () => {
    expect(hasFirstScreen('/login')).toBe(true);
    expect(hasFirstScreen('/index')).toBe(true);
    expect(hasFirstScreen('/onListing')).toBe(true);
    expect(hasFirstScreen('/mainIndex')).toBe(false);
    expect(hasFirstScreen('/admin/users')).toBe(false);
  });

  it("renders the login form with antd styles, asks whether a picture code is needed, and leaves the code itself each visit's own", async () => {
    const { api, asked } = fakeApi({ '/gateway/loginHasValidateCode': true, '/gateway/getCheckCode': { img: 'data:x', cc: 'shared' } });
    const screen = await renderFirstScreen('/login', 'zh-CN', settings, api);
    expect(screen.html).toContain('欢迎登录');
    expect(screen.html).toContain('autoComplete="username"');
    // The code field is there (the answer said a code is needed) with its picture's slot, not
    // a shared code: the server asks for each visitor's and puts it there.
    expect(asked).toContain('/gateway/loginHasValidateCode');
    expect(asked).not.toContain('/gateway/getCheckCode');
    expect(screen.eachVisit).toEqual([
      { path: '/gateway/getCheckCode', slot: { cc: 'first-screen-slot:login-code-cc', img: 'data:,first-screen-slot:login-code-img' } },
    ]);
    expect(screen.html).toContain('<img src="data:,first-screen-slot:login-code-img"');
    expect(screen.html).not.toContain('check-code-loading');
    expect(screen.html).not.toContain('rel="preload"');
    // Plain markup: no pending boundary and none of React's streaming scripts.
    expect(screen.html).not.toContain('<!--$?-->');
    expect(screen.html).not.toContain('<script');
    expect(screen.styles).toMatch(/<style[^>]*data-css-hash/);
    expect(screen.styles).toContain('.ant-btn');
    const keys = (screen.data.queries ?? []).map((q) => q.queryKey[0]);
    expect(keys.sort()).toEqual(['checkCode', 'loginHasValidateCode']);
  });

  it('renders in the language asked for', async () => {
    const { api } = fakeApi({ '/gateway/loginHasValidateCode': false });
    const english = await renderFirstScreen('/login', 'en-US', settings, api);
    expect(english.html).toContain('Welcome');
    // The tab title and the description are the page's language, not index.html's Chinese.
    expect(english.title).toMatch(/ - Commodity Trading Platform$/);
    expect(english.description).toMatch(/^Commodity trading platform: /);
    const traditional = await renderFirstScreen('/login', 'zh-TW', settings, api);
    expect(traditional.html).toContain('歡迎登入');
    expect(traditional.description).toContain('複合肥');
  });

  it('renders a portal page with the answers it got and placeholders for the ones that failed, sending only the answers', async () => {
    const { api, asked } = fakeApi({
      '/cms/api/portal/cms/sys/get_system_page_config': {
        siteName: '测试平台',
        pageLogo: {},
        copyright: '© 测试',
        icp: '',
        servicePhone: '',
        serviceEmail: '',
      },
    });
    const screen = await renderFirstScreen('/index', 'zh-CN', settings, api);
    expect(asked.length).toBeGreaterThan(3);
    expect(screen.html).toContain('portal-root');
    expect(screen.html).toContain('测试平台');
    const keys = (screen.data.queries ?? []).map((q) => JSON.stringify(q.queryKey));
    expect(keys).toContain(JSON.stringify(['cms', 'pageConfig']));
    expect(keys.every((key) => !key.includes('currentUser'))).toBe(true);
    expect((screen.data.queries ?? []).every((q) => q.state.status === 'success')).toBe(true);
  });
});
