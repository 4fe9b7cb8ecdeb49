import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '@portal/contracts/account';
import type { PageConfig } from '@portal/contracts/cms';
import i18next from 'i18next';
import { initI18n } from '../i18n/index';
import { SettingsProvider } from '../shared/settings';
import { holdSession } from '../test/fake-server';
import { answerRequests, operator, testSettings } from '../test/back-office-harness';
import { PortalLayout } from './layout';

beforeAll(async () => {
  await initI18n('zh-CN', ['portal', 'common']);
});
afterEach(async () => {
  cleanup();
  await act(() => i18next.changeLanguage('zh-CN'));
});

const CONFIG = '/cms/api/portal/cms/sys/get_system_page_config';
const FOOTER = '/cms/api/portal/cms/content/page/footer/get';
const ME = '/omc/api/user/getCurrUser';

const config: PageConfig = {
  siteName: '晋煤大宗交易平台',
  pageLogo: { menuLogo: '/file/logo.png' },
  copyright: '© 2026 晋煤集团',
  icp: '晋ICP备12345678号',
  servicePhone: '400-800-1234',
  serviceEmail: 'service@example.com',
};

function Address() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

function serve(options: { user?: CurrentUser | null; config?: PageConfig; footer?: string } = {}) {
  holdSession(Boolean(options.user));
  return answerRequests((request) => {
    if (request.path === CONFIG) return { data: options.config ?? config };
    if (request.path === FOOTER) return { data: { footerText: options.footer ?? '' } };
    if (request.path === ME) return options.user ? { data: options.user } : { error: { code: '-100', message: '未登录', status: 401 } };
    return undefined;
  });
}

function show(path = '/newsList', isI18n = true) {
  render(
    <SettingsProvider value={testSettings({ isI18n })}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route element={<PortalLayout />}>
              <Route path="/index" element={<p>home page</p>} />
              <Route path="/newsList" element={<p>news page</p>} />
              <Route path="*" element={<p>other page</p>} />
            </Route>
          </Routes>
          <Address />
        </MemoryRouter>
      </QueryClientProvider>
    </SettingsProvider>,
  );
}
const topBar = () => document.querySelector<HTMLElement>('header.portal-top-bar')!;

describe('the portal frame', { timeout: 120_000 }, () => {
  it('names the site from the page config, with its logo, and links every section', async () => {
    serve();
    show();
    expect(screen.getByText('news page')).toBeTruthy();
    const logo = await within(topBar()).findByRole('link', { name: '晋煤大宗交易平台' });
    expect(logo.getAttribute('href')).toBe('/index');
    expect(logo.querySelector('img')?.getAttribute('src')).toBe('/file/logo.png');
    const nav = within(topBar()).getByRole('navigation', { name: '门户导航' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['首页', '/index'],
      ['网上商城', '/onListing'],
      ['竞价中心', '/auctionCenter'],
      ['招标大厅', '/biddingTender'],
      ['金融服务', '/finance'],
      ['新闻中心', '/newsList'],
      ['用户中心', '/mainIndex'],
    ]);
    expect(within(nav).getByRole('link', { name: '新闻中心' }).getAttribute('aria-current')).toBe('page');
  });

  it('falls back to the application name and a letter mark without a page config', async () => {
    serve({ config: { ...config, siteName: '', pageLogo: { menuLogo: '' }, copyright: '', icp: '', servicePhone: '' } });
    show();
    const logo = await within(topBar()).findByRole('link', { name: '大宗商品交易平台' });
    expect(logo.querySelector('img')).toBeNull();
    const year = new Date().getFullYear();
    await waitFor(() => expect(document.querySelector('.portal-footer-bottom')!.textContent).toBe(`© ${year} 大宗商品交易平台`));
  });

  it('offers a visitor to sign in or register, without asking who is signed in', async () => {
    const seen = serve({ user: null });
    show();
    const login = await within(topBar()).findByRole('link', { name: '登录' });
    expect(login.getAttribute('href')).toBe('/login');
    expect(within(topBar()).getByRole('link', { name: '注册' }).getAttribute('href')).toBe('/login?register=1');
    expect(topBar().querySelector('.portal-user')).toBeNull();
    // No session in this browser: nothing to ask, so no call the server would refuse.
    expect(seen.map((request) => request.path)).not.toContain(ME);
  });

  it('greets a signed-in user by nickname, linking to the user centre', async () => {
    serve({ user: { ...operator, nickName: '煤炭采购' } });
    show();
    const me = await within(topBar()).findByRole('link', { name: /煤炭采购/ });
    expect(me.getAttribute('href')).toBe('/mainIndex');
    expect(me.getAttribute('title')).toBe('进入用户中心');
    expect(within(topBar()).queryByRole('link', { name: '登录' })).toBeNull();
  });

  it('falls back to the account name for a user without a nickname', async () => {
    serve({ user: { ...operator, nickName: '', userName: 'buyer01' } });
    show();
    expect(await within(topBar()).findByRole('link', { name: /buyer01/ })).toBeTruthy();
  });

  it('shows the footer text, copyright, ICP number and service line', async () => {
    serve({ footer: '<p>地址：山西省太原市<a href="/about">关于我们</a></p>' });
    show();
    const footer = document.querySelector<HTMLElement>('footer.portal-footer')!;
    expect(await within(footer).findByText('地址：山西省太原市', { exact: false })).toBeTruthy();
    expect(within(footer).getByRole('link', { name: '关于我们' })).toBeTruthy();
    expect(within(footer).getByText('© 2026 晋煤集团')).toBeTruthy();
    expect(within(footer).getByText('晋ICP备12345678号')).toBeTruthy();
    expect(within(footer).getByText('客服热线：400-800-1234')).toBeTruthy();
  });

  it('marks the home page so its top bar can sit over the banner', async () => {
    serve();
    show('/index');
    expect(await screen.findByText('home page')).toBeTruthy();
    expect(document.querySelector('.portal-root')!.classList.contains('portal-root-home')).toBe(true);
    cleanup();
    show('/newsList');
    expect(document.querySelector('.portal-root')!.classList.contains('portal-root-home')).toBe(false);
  });

  it('opens the phone menu with the same sections and closes it on a choice', async () => {
    serve({ user: null });
    show();
    const open = within(topBar()).getByRole('button', { name: '打开导航菜单' });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(open);
    const drawer = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.portal-mobile-nav');
      if (!found) throw new Error('no drawer');
      return found;
    });
    expect(
      within(drawer)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['首页', '网上商城', '竞价中心', '招标大厅', '金融服务', '新闻中心', '用户中心', '登录', '注册']);
    fireEvent.click(within(drawer).getByRole('link', { name: '金融服务' }));
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/finance'));
    await waitFor(() => expect(document.querySelector('.portal-mobile-nav')).toBeNull());
  });
});

describe('the portal in another language', { timeout: 120_000 }, () => {
  it('offers the three languages and marks the current one', async () => {
    serve();
    show();
    const select = within(topBar()).getByRole('combobox', { name: '语言' }) as HTMLSelectElement;
    expect([...select.options].map((o) => [o.value, o.textContent])).toEqual([
      ['zh-CN', '简体中文'],
      ['en-US', 'English'],
      ['zh-TW', '繁體中文'],
    ]);
    expect(select.value).toBe('zh-CN');
  });

  it('stores the chosen language in the cookie the server reads', async () => {
    serve();
    show();
    const select = within(topBar()).getByRole('combobox', { name: '语言' });
    fireEvent.change(select, { target: { value: 'en-US' } });
    expect(document.cookie).toContain('lang=en-US');
    document.cookie = 'lang=zh-CN; path=/';
  });

  it('has no language choice where the installation is single-language', async () => {
    serve();
    show('/newsList', false);
    await within(topBar()).findByRole('link', { name: '晋煤大宗交易平台' });
    expect(within(topBar()).queryByRole('combobox')).toBeNull();
  });

  it('renders the navigation and account links in English', async () => {
    serve({ user: null });
    await act(() => i18next.changeLanguage('en-US'));
    show();
    const nav = await within(topBar()).findByRole('navigation', { name: 'Portal navigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toContain('News centre');
    expect(within(topBar()).getByRole('button', { name: 'Open the navigation menu' })).toBeTruthy();
    expect((within(topBar()).getByRole('combobox') as HTMLSelectElement).value).toBe('en-US');
  });
});
