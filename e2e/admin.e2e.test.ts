import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launch, newPage, screenshot, signIn, signInChangingInitialPassword } from './support/browser';
import { picture } from './support/picture';

let browser: Browser;
let admin: Page;
beforeAll(async () => {
  browser = await launch();
  admin = (await newPage(browser)).page;
  await signIn(admin, 'admin', 'Admin@2026');
});
afterAll(async () => {
  await browser?.close();
});
// A failed step leaves a picture of every open page behind.
afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail') return;
  const pages = browser.contexts().flatMap((c) => c.pages());
  for (const [i, page] of pages.entries()) await screenshot(page, `admin-failed-${task.name.replace(/\W+/g, '-')}-${i}`);
});

/** antd puts a space between two CJK characters of a button: 保存 reads 保 存. */
const button = (scope: Page | Locator, text: string) =>
  scope.getByRole('button', { name: new RegExp(`^(\\S+ )?${[...text].join('\\s?')}$`) });
const dialog = (page: Page) => page.locator('.ant-modal-wrap .ant-modal').filter({ visible: true }).last();
/** The row of the table on screen holding this text (tabs kept alive hold other tables, hidden). */
const row = (page: Page, text: string) => page.locator('tr.ant-table-row').filter({ visible: true }).filter({ hasText: text }).first();
const visibleTable = (page: Page) => page.locator('.ant-table-wrapper').filter({ visible: true }).first();
/** Types into the search form on screen and runs the search. */
async function search(page: Page, label: string, value: string) {
  const form = page.locator('form.ant-form-inline').filter({ visible: true }).first();
  await form.getByLabel(label).fill(value);
  await button(form, '查询').click();
}
/** Picks an option of an antd select by its visible text. */
async function choose(page: Page, field: Locator, option: string) {
  await field.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
}
async function confirmPopup(page: Page) {
  await page.locator('.ant-popconfirm:visible').getByRole('button').last().click();
}
async function openPage(page: Page, path: string) {
  await page.goto(path);
  await visibleTable(page).waitFor();
}

const ROLE = 'e2e_reader';
const ROLE_NAME = '只读访客';
const USER = 'e2e_reader01';
const ARTICLE = '华北尿素市场周评（测试发布）';
const BANNER = '春季化肥采购节（测试轮播）';

describe('system management as admin', () => {
  it('creates a role with a subset of the menus', async () => {
    await openPage(admin, '/admin/roles');
    await button(admin, '新增').click();
    const form = dialog(admin);
    await form.getByLabel('角色编码').fill(ROLE);
    await form.getByLabel('角色名称').fill(ROLE_NAME);
    const menus = form.getByRole('group', { name: '可见菜单' });
    await menus.getByText('首页概览', { exact: true }).click();
    await menus.getByText('个人信息', { exact: true }).click();
    await screenshot(admin, 'admin-role-dialog-zh-CN');
    await button(form, '保存').click();
    await row(admin, ROLE).waitFor();
    // Ancestors come with the leaves: 工作台 and 个人中心 besides the two pages.
    await expect.poll(() => row(admin, ROLE).locator('td').nth(3).textContent()).toBe('4');
  });

  it('creates a user with that role', async () => {
    await openPage(admin, '/admin/users');
    await button(admin, '新增').click();
    const form = dialog(admin);
    await form.getByLabel('账号').fill(USER);
    await form.getByLabel('初始密码').fill('Reader@2026');
    await form.getByLabel('昵称').fill('只读访客一号');
    await choose(admin, form.getByLabel('用户类型'), '平台运营');
    await expect.poll(() => form.getByLabel('所属企业').count()).toBe(0);
    await choose(admin, form.getByLabel('角色'), ROLE_NAME);
    await form.getByText('角色', { exact: true }).click();
    await button(form, '保存').click();
    await admin.getByText('保存成功').first().waitFor();
    await search(admin, '关键字', USER);
    await expect.poll(() => row(admin, USER).textContent()).toContain(ROLE_NAME);
    await screenshot(admin, 'admin-users-zh-CN');
  });

  let reader: Page;
  it('signs in as that user and sees only the granted menus', async () => {
    reader = (await newPage(browser)).page;
    // A new account's password is a default one: the forced change comes first, then a fresh sign-in.
    await signInChangingInitialPassword(reader, USER, 'Reader@2026', 'Reader@2027');
    await reader.locator('.shell-root-item').first().waitFor();
    const tops = await reader.locator('.shell-root-item').allTextContents();
    expect(tops.map((t) => t.trim())).toEqual(['工作台', '个人中心']);
    await screenshot(reader, 'admin-reader-menus-zh-CN');
    const sidebar = await reader.locator('.shell-sider-menu').textContent();
    expect(sidebar).not.toContain('系统管理');
    await reader.locator('.shell-root-item').filter({ hasText: '个人中心' }).click();
    await expect.poll(() => reader.locator('.shell-sider-menu').textContent()).toContain('个人信息');
    expect(await reader.locator('.shell-sider-menu').textContent()).not.toMatch(/修改密码|我的收藏/);
  });

  it('disables the user and its open session ends', async () => {
    await openPage(admin, '/admin/users');
    await search(admin, '关键字', USER);
    await button(row(admin, USER), '停用').click();
    await confirmPopup(admin);
    await expect.poll(() => row(admin, USER).textContent()).toContain('停用');
    // The reader's next call learns the session has ended: the "confirm login" dialog.
    await reader.reload();
    await expect
      .poll(async () => (await reader.getByText('确认登录').count()) + (reader.url().includes('/login') ? 1 : 0))
      .toBeGreaterThan(0);
    await screenshot(reader, 'admin-reader-disabled-zh-CN');
  });

  it("opens the users page from the top bar's user management action", async () => {
    await admin.goto('/mainIndex');
    await admin.getByTestId('user-menu').click();
    await admin.getByRole('menuitem', { name: /用户管理/ }).click();
    await admin.waitForURL('**/admin/users');
  });

  it('kicks a session out from the online list', async () => {
    const buyer = (await newPage(browser)).page;
    await signIn(buyer, 'buyer01', 'Buyer@2026');
    await openPage(admin, '/admin/sessions');
    await row(admin, 'buyer01').waitFor();
    await screenshot(admin, 'admin-sessions-zh-CN');
    await button(row(admin, 'buyer01'), '强制下线').click();
    await confirmPopup(admin);
    await expect.poll(() => visibleTable(admin).locator('tr.ant-table-row').filter({ hasText: 'buyer01' }).count()).toBe(0);
    await buyer.getByTestId('user-menu').click();
    await buyer.reload();
    await expect
      .poll(async () => (await buyer.getByText('确认登录').count()) + (buyer.url().includes('/login') ? 1 : 0))
      .toBeGreaterThan(0);
  });
});

describe('content management as admin', () => {
  it('publishes an article with an image and sees it on the portal news list and detail', async () => {
    await openPage(admin, '/admin/articles');
    await button(admin, '新增').click();
    const form = dialog(admin);
    await form.getByLabel('标题', { exact: true }).fill(ARTICLE);
    await form
      .getByTestId('articles-edit_coverUrl-file')
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: picture(480, 270, [22, 104, 220]) });
    await form.locator('.resource-image-box img').waitFor();
    const editor = form.getByRole('textbox', { name: '正文' });
    await editor.click();
    await admin.keyboard.type('本周华北地区尿素出厂价企稳，成交量环比回升。');
    await form
      .getByTestId('articles-edit_html-image-file')
      .setInputFiles({ name: 'chart.png', mimeType: 'image/png', buffer: picture(640, 240, [56, 158, 13]) });
    await editor.locator('img').waitFor();
    await screenshot(admin, 'admin-article-dialog-zh-CN');
    // Markup that would run script goes in through the HTML source view; the server strips it.
    await button(form, '源代码').click();
    const source = form.getByRole('textbox', { name: '正文（HTML 源代码）' });
    const html = await source.inputValue();
    await source.fill(
      `${html}<p>附：<a href="javascript:window.__xss=3">原文</a></p><img src="x" onerror="window.__xss=1"><script>window.__xss=2</script>`,
    );
    await button(form, '保存').click();
    await admin.getByText('保存成功').first().waitFor();
    await expect.poll(() => row(admin, ARTICLE).isVisible()).toBe(true);

    const { page: visitor } = await newPage(browser);
    await visitor.goto('/newsList?type=NEWS');
    await visitor.getByRole('link', { name: ARTICLE }).first().click();
    await visitor.waitForURL('**/newsList/detail?id=*');
    await visitor.getByRole('heading', { name: ARTICLE }).waitFor();
    await expect.poll(() => visitor.locator('.cms-article-body img[src^="/file/download"]').count()).toBe(1);
    expect(await visitor.locator('.cms-article-body').textContent()).toContain('尿素出厂价企稳');
    const body = await visitor.locator('.cms-article-body').innerHTML();
    expect(body).not.toMatch(/onerror|<script|javascript:/i);
    await visitor.getByText('原文').click();
    expect(await visitor.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await screenshot(visitor, 'admin-article-on-portal-zh-CN');
  });

  it('adds a banner and sees it on the home carousel', async () => {
    await openPage(admin, '/admin/banners');
    await button(admin, '新增').click();
    const form = dialog(admin);
    await form.getByLabel('标题', { exact: true }).fill(BANNER);
    await form
      .getByTestId('banners-edit_imageUrl-file')
      .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: picture(1200, 360, [250, 140, 22]) });
    await form.locator('.resource-image-box img').waitFor();
    await form.getByLabel('门户页面地址').fill('/onListing');
    await button(form, '保存').click();
    await admin.getByText('保存成功').first().waitFor();
    await screenshot(admin, 'admin-banners-zh-CN');

    const { page: visitor } = await newPage(browser);
    await visitor.goto('/index');
    // Slides load their image when first shown: go to the new one with its dot.
    await visitor.locator(`button[aria-label*="${BANNER}"]`).click();
    await visitor.locator(`img[alt="${BANNER}"]`).waitFor();
    await screenshot(visitor, 'admin-banner-on-home-zh-CN');
  });
});

describe('the operation log', () => {
  it('finds these actions in the operation log', async () => {
    await openPage(admin, '/admin/operation-log');
    const table = visibleTable(admin).locator('.ant-table-tbody');
    await expect.poll(() => table.textContent()).toContain('强制下线');
    const text = (await table.textContent()) ?? '';
    for (const expected of ['角色', '用户', '停用', '新增', 'buyer01', USER, '文章', '轮播图', ARTICLE, BANNER])
      expect(text).toContain(expected);
    await row(admin, '停用').locator('.ant-table-row-expand-icon').click();
    await admin.getByText('已变更').first().waitFor();
    await screenshot(admin, 'admin-oplog-zh-CN');
  });
});

describe('the company user centre', () => {
  it('gives a company user its own centre and no system or content menus', async () => {
    const { page } = await newPage(browser);
    await signIn(page, 'buyer01', 'Buyer@2026');
    await page.locator('.shell-root-item').first().waitFor();
    const tops = (await page.locator('.shell-root-item').allTextContents()).map((t) => t.trim());
    expect(tops).toContain('企业中心');
    expect(tops).not.toContain('系统管理');
    expect(tops).not.toContain('内容管理');

    await page.goto('/company/profile');
    const form = page.locator('form#company-profile');
    await form.getByLabel('统一社会信用代码').fill('91110000MA0K000000');
    await form.getByLabel('联系人').fill('李明');
    await button(form, '保存资料').click();
    await page.getByText('保存成功').first().waitFor();
    await screenshot(page, 'company-profile-zh-CN');

    await openPage(page, '/company/suppliers');
    await row(page, 'supplier01').waitFor();
    await screenshot(page, 'company-suppliers-zh-CN');

    // A system page is not one of its routes.
    await page.goto('/admin/users');
    await expect.poll(() => page.getByText('404').count()).toBeGreaterThan(0);
  });
});

describe('the pages in the other languages', () => {
  // Eight pages and a dialog each: longer than one journey's usual minute on a loaded machine.
  it.each(['en-US', 'zh-TW'])(
    'reads in %s',
    async (lang) => {
      const { page } = await newPage(browser, lang);
      await signIn(page, 'admin', 'Admin@2026');
      for (const path of [
        '/admin/users',
        '/admin/roles',
        '/admin/menus',
        '/admin/operation-log',
        '/admin/articles',
        '/admin/varieties',
        '/admin/banners',
      ]) {
        await openPage(page, path);
        await visibleTable(page).locator('.ant-table-row').first().waitFor();
        await screenshot(page, `admin-${path.split('/').pop()}-${lang}`);
      }
      await openPage(page, '/admin/menus');
      await visibleTable(page)
        .locator('.ant-table-row')
        .first()
        .getByRole('button', { name: /Edit|編\s?輯/ })
        .click();
      await dialog(page).waitFor();
      // Lets the dialog's opening animation finish before the picture.
      await page.waitForTimeout(500);
      await screenshot(page, `admin-menu-dialog-${lang}`);
      await page.keyboard.press('Escape');
      await page.goto('/admin/site-pages');
      await page.locator('.resource-rte-area').first().waitFor();
      await screenshot(page, `admin-site-pages-${lang}`);
    },
    150_000,
  );
});
