import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseURL, launch, newPage, screenshot, signIn } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The open pages' buttons in the tab bar (each page's close button sits beside its own). */
const tabs = (page: Page) => page.getByTestId('tab-bar').getByRole('navigation').locator('.shell-tab-open');
const tabNames = async (page: Page) => {
  await tabs(page).first().waitFor();
  return (await tabs(page).allTextContents()).map((s) => s.trim());
};
const poll = { timeout: 10_000 };
const cookie = async (context: BrowserContext, name: string) => (await context.cookies()).find((c) => c.name === name)?.value;
const sidebar = (page: Page) => page.getByRole('navigation', { name: /侧边菜单|Side menu|側邊選單/ });
const rootMenu = (page: Page) => page.getByRole('navigation', { name: /系统菜单|Systems|系統選單/ });

async function openSidebarItem(page: Page, top: string, ...path: string[]) {
  await rootMenu(page).getByRole('button', { name: top }).click();
  for (const item of path) await sidebar(page).getByRole('menuitem', { name: item, exact: true }).click();
}

async function tabActions(page: Page, action: RegExp) {
  await page.getByTestId('tab-actions').click();
  await page.getByRole('menuitem', { name: action }).click();
}

async function userAction(page: Page, action: RegExp) {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: action }).click();
}

describe('back-office shell', () => {
  it('opens menus as tabs once each, keeps a form across tab switches, closes others and all', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'buyer01', 'Buyer@2026');
    await expect.poll(() => tabNames(page), poll).toEqual(['首页']);
    await screenshot(page, 'shell-workbench-zh-CN');
    const homePane = page.getByRole('region', { name: '首页' });
    // The workbench renders its cards once its code and data are in; then the pane scrolls.
    let scrolled = 0;
    const scrollHome = async () =>
      (scrolled = await homePane.evaluate((el) => {
        el.scrollTo(0, 160);
        return el.scrollTop;
      }));
    await expect.poll(scrollHome, poll).toBeGreaterThan(0);

    await openSidebarItem(page, '个人中心', '个人信息');
    await page.waitForURL('**/profile/info');
    await sidebar(page).getByRole('menuitem', { name: '我的收藏', exact: true }).click();
    await page.waitForURL('**/profile/favorites');
    await sidebar(page).getByRole('menuitem', { name: '个人信息', exact: true }).click();
    await page.waitForURL('**/profile/info');
    await openSidebarItem(page, '交易门户', '门户首页');
    await page.waitForURL('**/iframe/trade-portal-home');
    await page.frameLocator('iframe').locator('body').waitFor();
    await openSidebarItem(page, '交易门户', '交易大厅', '挂牌商城');
    await page.waitForURL('**/iframe/trade-listing');
    await expect.poll(() => tabNames(page), poll).toEqual(['首页', '个人信息', '我的收藏', '门户首页', '挂牌商城']);

    // A kept-alive page keeps what was typed while another tab is in front.
    await tabs(page).filter({ hasText: '个人信息' }).click();
    const position = page.getByLabel('职位');
    await position.fill('采购总监');
    await tabs(page).filter({ hasText: '我的收藏' }).click();
    await page.waitForURL('**/profile/favorites');
    await tabs(page).filter({ hasText: '个人信息' }).click();
    await page.waitForURL('**/profile/info');
    expect(await position.inputValue()).toBe('采购总监');

    // The password page's menu says not to keep it: it starts empty again.
    await openSidebarItem(page, '个人中心', '修改密码');
    await page.getByLabel('原密码').fill('half typed');
    await tabs(page).filter({ hasText: '个人信息' }).click();
    await tabs(page).filter({ hasText: '修改密码' }).click();
    expect(await page.getByLabel('原密码').inputValue()).toBe('');
    await screenshot(page, 'shell-tabs-zh-CN');

    // The home tab comes back scrolled where it was left.
    await tabs(page)
      .filter({ hasText: /^\s*首页\s*$/ })
      .click();
    await page.waitForURL('**/mainIndex');
    await expect.poll(() => homePane.evaluate((el) => el.scrollTop), poll).toBe(scrolled);

    await tabs(page).filter({ hasText: '我的收藏' }).click();
    await tabActions(page, /关闭其他/);
    await expect.poll(() => tabNames(page), poll).toEqual(['首页', '我的收藏']);
    await tabActions(page, /关闭全部/);
    await expect.poll(() => tabNames(page), poll).toEqual(['首页']);
    await page.waitForURL('**/mainIndex');

    // An unknown path of a signed-in person shows 404 inside the shell, without a tab.
    await page.goto('/no/such/page');
    await page.getByText('404 · 页面不存在').waitFor();
    await expect.poll(() => tabNames(page), poll).toEqual(['首页']);
    await context.close();
  });

  it('stars a menu in the search and shows it in the favourites after a reload', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'buyer01', 'Buyer@2026');
    const search = page.getByRole('combobox', { name: '菜单搜索' });
    await search.click();
    await search.fill('竞价');
    await page.getByRole('button', { name: '收藏“竞价中心”' }).click();
    await expect.poll(() => page.getByText('已收藏“竞价中心”').count(), poll).toBeGreaterThan(0);
    await screenshot(page, 'shell-search-star-zh-CN');
    await page.keyboard.press('Escape');

    await page.reload();
    await page.getByTestId('favorites-menu').click();
    await page.getByRole('menuitem', { name: '竞价中心' }).click();
    await page.waitForURL('**/iframe/trade-auction');
    await expect.poll(() => tabNames(page), poll).toContain('竞价中心');
    await page.goto('/profile/favorites');
    // The favourites page lists it under its subsystem; the tab bar holds the same name apart.
    const portal = page.getByRole('region', { name: '交易门户' });
    await portal.getByRole('heading', { name: '交易门户' }).waitFor();
    await portal.getByRole('button', { name: '竞价中心', exact: true }).waitFor();
    await screenshot(page, 'shell-favorites-zh-CN');
    await context.close();
  });

  it('remembers the sidebar state in the sidebarStatus cookie', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'buyer01', 'Buyer@2026');
    const toggle = page.getByTestId('sidebar-toggle');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await toggle.click();
    expect(await cookie(context, 'sidebarStatus')).toBe('0');
    await page.reload();
    await expect.poll(() => page.getByTestId('sidebar-toggle').getAttribute('aria-expanded'), poll).toBe('false');
    expect(await page.locator('.ant-layout-sider-collapsed').count()).toBe(1);
    await page.getByTestId('sidebar-toggle').click();
    expect(await cookie(context, 'sidebarStatus')).toBe('1');
    await context.close();
  });

  it('switches the whole shell to en-US and zh-TW and keeps the choice in the lang cookie', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'supplier01', 'Supplier@2026');
    await rootMenu(page).getByRole('button', { name: '交易门户' }).click();
    await screenshot(page, 'shell-zh-CN');

    await page.getByRole('button', { name: /^语言/ }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.waitForLoadState('load');
    await rootMenu(page).getByRole('button', { name: 'Trading portal' }).waitFor();
    expect(await cookie(context, 'lang')).toBe('en-US');
    await expect.poll(() => tabNames(page), poll).toEqual(['Home']);
    await rootMenu(page).getByRole('button', { name: 'My account' }).click();
    await sidebar(page).getByRole('menuitem', { name: 'Personal info', exact: true }).click();
    await page.getByLabel('Display name').waitFor();
    expect(await page.getByRole('combobox', { name: 'Menu search' }).count()).toBe(1);
    expect(await page.getByTestId('tab-actions').textContent()).toContain('Tabs');
    await screenshot(page, 'shell-en-US');
    await page.goto('/mainIndex');
    await page.getByText(/^Welcome back, /).waitFor();
    await screenshot(page, 'shell-workbench-en-US');

    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: '繁體中文' }).click();
    await page.waitForLoadState('load');
    await rootMenu(page).getByRole('button', { name: '個人中心' }).waitFor();
    expect(await cookie(context, 'lang')).toBe('zh-TW');
    // The tabs open before the reload come back with titles in the new language.
    await expect.poll(() => tabNames(page), poll).toEqual(['首頁', '個人資訊']);
    await tabs(page).filter({ hasText: '個人資訊' }).click();
    await page.getByLabel('顯示名稱').waitFor();
    await screenshot(page, 'shell-zh-TW');
    await page.goto('/mainIndex');
    await page.getByText(/^歡迎回來，/).waitFor();
    await screenshot(page, 'shell-workbench-zh-TW');
    await context.close();
  });

  it('saves the personal info from the user menu dialog', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'supplier01', 'Supplier@2026');
    await userAction(page, /个人信息/);
    const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('personal-info-form') });
    await dialog.waitFor();
    await screenshot(page, 'shell-personal-info-dialog-zh-CN');
    await dialog.getByLabel('电子邮箱').fill('not-an-email');
    await dialog.getByRole('button', { name: /保\s?存/ }).click();
    await dialog.getByText('请输入正确的邮箱地址').waitFor();
    await dialog.getByLabel('显示名称').fill('晋煤销售部');
    await dialog.getByLabel('电子邮箱').fill('sales@jinmei-energy.cn');
    await dialog.getByLabel('职位').fill('销售经理');
    await dialog.getByRole('button', { name: /保\s?存/ }).click();
    await expect.poll(() => page.getByText('修改成功').count(), poll).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('nickname').textContent(), poll).toBe('晋煤销售部');
    await page.reload();
    await expect.poll(() => page.getByTestId('nickname').textContent(), poll).toBe('晋煤销售部');
    await context.close();
  });

  it('changes the mobile number from the user menu with the SMS code from the outbox', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', 'Admin@2026');
    await userAction(page, /修改手机号/);
    const dialog = page.getByRole('dialog', { name: '修改手机号' });
    await dialog.getByLabel('登录密码').fill('Admin@2026');
    await dialog.getByRole('button', { name: '下一步' }).click();
    await page
      .getByRole('dialog')
      .filter({ hasText: '确认修改手机号' })
      .getByRole('button', { name: /确\s?定/ })
      .click();
    await dialog.getByLabel('新手机号').fill('13900000009');
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await page.getByRole('textbox', { name: '图形验证码' }).fill('ABCD');
    await page.getByRole('button', { name: '发送短信' }).click();
    let code = '';
    await expect
      .poll(async () => {
        const answer = (await (await page.request.get('/dev/sms-outbox?mobile=13900000009')).json()) as { data: { code: string }[] };
        code = answer.data[0]?.code ?? '';
        return code;
      }, poll)
      .toMatch(/^\d{6}$/);
    await dialog.getByLabel('手机验证码').fill(code);
    await screenshot(page, 'shell-change-mobile-zh-CN');
    await dialog.getByRole('button', { name: '确认修改' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('139****0009').waitFor();
    await context.close();
  });

  it('changes the password, then forces a logout', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'supplier01', 'Supplier@2026');
    await userAction(page, /修改密码/);
    const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('change-password-form') });
    await dialog.getByLabel('原密码').fill('Supplier@2026');
    await dialog.getByLabel('新密码', { exact: true }).fill('abc');
    await dialog.getByText('密码强度：弱').waitFor();
    await dialog.getByLabel('新密码', { exact: true }).fill('Supplier#2027');
    await dialog.getByText('密码强度：复杂').waitFor();
    await dialog.getByLabel('确认新密码').fill('Supplier#2028');
    await dialog.getByRole('button', { name: '确认修改' }).click();
    await dialog.getByText('两次输入的密码不一致').waitFor();
    await dialog.getByLabel('确认新密码').fill('Supplier#2027');
    await screenshot(page, 'shell-change-password-zh-CN');
    await dialog.getByRole('button', { name: '确认修改' }).click();
    await expect.poll(() => page.getByText('密码修改成功，请重新登录').count(), poll).toBeGreaterThan(0);
    await page.waitForURL('**/login');

    await signIn(page, 'supplier01', 'Supplier#2027');
    // Put the demo password back for the other journeys.
    await page.goto('/profile/password');
    await page.getByLabel('原密码').fill('Supplier#2027');
    await page.getByLabel('新密码', { exact: true }).fill('Supplier@2026');
    await page.getByLabel('确认新密码').fill('Supplier@2026');
    await page.getByRole('button', { name: '确认修改' }).click();
    await page.waitForURL('**/login');
    await context.close();
  });

  it('gives newcomer a password dialog that cannot be closed', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'newcomer', 'Init@2026');
    const dialog = page.getByRole('dialog', { name: '首次登录，请修改初始密码' });
    await dialog.waitFor();
    expect(await dialog.getByRole('button', { name: /close|关闭/i }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.mouse.click(20, 400);
    await page.waitForTimeout(500);
    expect(await dialog.isVisible()).toBe(true);
    await screenshot(page, 'shell-forced-password-zh-CN');
    await page.reload();
    await page.getByRole('dialog', { name: '首次登录，请修改初始密码' }).waitFor();
    await context.close();
  });

  /** A session token as another system would hand it over: signed in through the API on the mobile terminal. */
  async function handedOverToken(account: string, password: string): Promise<string> {
    const code = (await (await fetch(`${baseURL()}/gateway/getCheckCode`, { method: 'POST' })).json()) as { data: { cc: string } };
    const res = await fetch(`${baseURL()}/omc/submitLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account, password, check_code: 'ABCD', req_code_session_id: code.data.cc, terminal_type: 'mobile' }),
    });
    return ((await res.json()) as { data: { utoken: string } }).data.utoken;
  }

  it('asks whose account an entry link opens, with the token already gone from the address', async () => {
    const token = await handedOverToken('supplier01', 'Supplier@2026');
    const { context, page } = await newPage(browser);
    await page.goto(`/mainIndex?token=${token}&orgName=${encodeURIComponent('晋煤采购部')}`);
    const card = page.getByText('确认登录账号');
    await card.waitFor();
    expect(page.url()).not.toContain(token);
    expect(await page.getByRole('main').textContent()).toContain('supplier01');
    // Nothing is signed in until the person confirms.
    expect((await context.cookies()).some((c) => c.name === 'portal_session')).toBe(false);
    await screenshot(page, 'shell-entry-confirm-zh-CN');
    await page.getByRole('button', { name: '继续登录' }).click();
    await page.getByTestId('nickname').waitFor();
    expect(page.url()).not.toContain(token);
    expect(await page.evaluate(() => sessionStorage.getItem('orgName'))).toBe('晋煤采购部');
    expect(await page.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage }))).not.toContain(token);
    await context.close();
  });

  it('drops an entry link the person cancels, and stays signed out', async () => {
    const token = await handedOverToken('supplier01', 'Supplier@2026');
    const { context, page } = await newPage(browser);
    await page.goto(`/mainIndex?token=${token}`);
    await page.getByRole('button', { name: /^取\s?消$/ }).click();
    await page.waitForURL('**/login');
    expect((await context.cookies()).some((c) => c.name === 'portal_session')).toBe(false);
    await context.close();
  });

  it('shows the first browser the "logged in elsewhere" dialog after a second login', async () => {
    const first = await newPage(browser);
    await signIn(first.page, 'buyer01', 'Buyer@2026');
    const second = await newPage(browser);
    await signIn(second.page, 'buyer01', 'Buyer@2026');
    // Coming back to the first window checks the session.
    await first.page.evaluate(() => window.dispatchEvent(new Event('focus')));
    const dialog = first.page.getByRole('dialog').filter({ hasText: '确认登录' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('您的账号已在其他地方登录');
    await screenshot(first.page, 'shell-logged-in-elsewhere-zh-CN');
    await dialog.getByRole('button', { name: '重新登录' }).click();
    await first.page.waitForURL('**/login');
    expect(await first.page.evaluate(() => sessionStorage.getItem('has_reload'))).toBe('1');
    // The second browser goes on working.
    await second.page.reload();
    await second.page.getByTestId('nickname').waitFor();
    await first.context.close();
    await second.context.close();
  });

  it('locks and unlocks the screen', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'buyer01', 'Buyer@2026');
    await userAction(page, /锁定屏幕/);
    const lock = page.getByTestId('lock-screen');
    await lock.waitFor();
    expect(await cookie(context, 'lock')).toBe('1');
    // The server keeps the lock: a reload still shows the prompt.
    await page.reload();
    await lock.waitFor();
    await screenshot(page, 'shell-locked-zh-CN');
    await lock.getByLabel('登录密码').fill('Wrong@2026');
    await lock.getByRole('button', { name: /解\s?锁/ }).click();
    await lock.getByText('密码错误，请重新输入').waitFor();
    await lock.getByLabel('登录密码').fill('Buyer@2026');
    await lock.getByRole('button', { name: /解\s?锁/ }).click();
    await lock.waitFor({ state: 'detached' });
    expect(await cookie(context, 'lock')).toBeUndefined();
    await openSidebarItem(page, '个人中心', '个人信息');
    await page.getByLabel('显示名称').waitFor();
    await context.close();
  });
});
