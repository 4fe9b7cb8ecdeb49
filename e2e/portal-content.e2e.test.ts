import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible } from './support/axe';
import { baseURL, launch, newPage, screenshot, signIn } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Data arrives over the network; give it more than expect.poll's default second. */
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 10_000 });
/** Scrolls through the page so lazily loaded images (logos below the fold) appear in full-page screenshots. */
async function revealLazyImages(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 400) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 50));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
}
const topBar = (page: Page) => page.locator('header.portal-top-bar');
const barBackground = (page: Page) => topBar(page).evaluate((el) => getComputedStyle(el).backgroundColor);

describe('portal content as a visitor', () => {
  it('renders the home page from the server: banners, indices, notices, news, services, enterprises', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/index');
    const carousel = page.getByRole('region', { name: '首页轮播图' });
    await carousel.getByRole('img', { name: '大宗商品一站式交易平台' }).waitFor();
    await poll(() => page.locator('.price-index-item .price-index-name').allTextContents()).toContain('甲醇');
    // Six typed by operators and four computed from the demo's year of deals, each labelled.
    expect(await page.locator('.price-index-item').count()).toBe(10);
    expect(await page.locator('.price-index-source.source-deals').count()).toBe(4);

    const notices = page.locator('.home-notices').getByRole('tabpanel');
    await poll(() => notices.getByRole('link').count()).toBe(6);
    const titles = await notices.getByRole('link').allTextContents();
    expect(titles.every((title) => Array.from(title).length <= 33)).toBe(true);
    await page.getByRole('tab', { name: '成交公告' }).click();
    await poll(() => notices.getByRole('link').first().textContent()).toContain('成交');

    await poll(() => page.locator('.home-news-list li').count()).toBe(3);
    expect(await page.locator('.service-card').count()).toBe(4);
    await poll(() => page.locator('.enterprise-card').count()).toBe(6);
    await revealLazyImages(page);
    await screenshot(page, 'portal-index-zh-CN');
    await expectAccessible(page, 'portal-index-zh-CN');
    await context.close();
  });

  it('rotates the banners every 5 s and the enterprises to the next page, wrapping to page 1', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/index');
    await page.locator('.enterprise-card').first().waitFor();
    const firstPage = await page.locator('.enterprise-name').allTextContents();
    const firstDot = page.locator('.home-banner-dot').first();
    expect(await firstDot.getAttribute('aria-current')).toBe('true');
    // Real time: both rotate every 5 s (10 demo enterprises, 6 a page: page 2, then page 1 again).
    await expect.poll(() => firstDot.getAttribute('aria-current'), { timeout: 8000 }).toBe('false');
    await expect.poll(() => page.locator('.enterprise-name').allTextContents(), { timeout: 8000 }).not.toEqual(firstPage);
    await expect.poll(() => page.locator('.enterprise-name').allTextContents(), { timeout: 8000 }).toEqual(firstPage);
    await context.close();
  });

  it('fades the top bar in over the first 30 px of scroll', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/index');
    await page.locator('.price-index-item .price-index-name').first().waitFor();
    expect(await barBackground(page)).toBe('rgba(9, 32, 72, 0)');
    await page.evaluate(() => window.scrollTo(0, 15));
    await poll(() => barBackground(page)).toMatch(/^rgba\(9, 32, 72, 0\.5/);
    await page.evaluate(() => window.scrollTo(0, 60));
    await poll(() => barBackground(page)).toBe('rgb(9, 32, 72)');
    await page.evaluate(() => window.scrollTo(0, 0));
    await poll(() => barBackground(page)).toBe('rgba(9, 32, 72, 0)');
    await context.close();
  });

  it('offers login and register links; the login link opens /login', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/index');
    await topBar(page).getByRole('link', { name: '注册' }).waitFor();
    await topBar(page).getByRole('link', { name: '登录' }).click();
    await page.waitForURL('**/login');
    await context.close();
  });

  it('pages the news list 10 at a time, filters by column and opens an article', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/newsList');
    const items = page.locator('.cms-article-list > li');
    await poll(() => items.count()).toBe(10);
    const total = Number((await page.locator('.ant-pagination-total-text').textContent())?.match(/\d+/)?.[0]);
    expect(total).toBeGreaterThanOrEqual(30);
    await page.locator('.ant-pagination-item-2').click();
    await page.waitForURL('**/newsList?page=2');
    await poll(() => page.locator('.ant-pagination-item-active').textContent()).toBe('2');
    await poll(() => items.count()).toBe(10);

    await page.getByRole('navigation', { name: '新闻栏目' }).getByRole('link', { name: '成交公告' }).click();
    await page.waitForURL('**/newsList?type=DEAL_NOTICE');
    await poll(() => page.locator('.ant-breadcrumb').textContent()).toContain('成交公告');
    await poll(async () => (await items.count()) > 0 && (await page.locator('.cms-news-list[aria-busy="false"]').count()) === 1).toBe(true);
    expect(await page.locator('.cms-article-type').count()).toBe(0);
    const firstTitle = (await page.locator('.cms-article-title').first().textContent()) ?? '';
    await screenshot(page, 'portal-news-list-zh-CN');
    await expectAccessible(page, 'portal-news-list-zh-CN');

    await page.locator('.cms-article-title').first().click();
    await page.waitForURL(/\/newsList\/detail\?id=\d+/);
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(firstTitle);
    await poll(() => page.locator('.cms-article-meta').textContent()).toContain('成交公告');
    expect(await page.locator('.cms-article-body p').count()).toBeGreaterThan(0);
    await screenshot(page, 'portal-news-detail-zh-CN');
    await expectAccessible(page, 'portal-news-detail-zh-CN');
    await context.close();
  });

  it('says so when an article does not exist', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/newsList/detail?id=999999');
    await page.getByText('文章不存在或已被删除').waitFor();
    await page.getByRole('button', { name: '返回新闻列表' }).click();
    await page.waitForURL('**/newsList');
    await context.close();
  });

  it('shows an enterprise from the home list with its logo, main business and introduction', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/index');
    const card = page.locator('.enterprise-card').first();
    await card.waitFor();
    const name = await card.locator('.enterprise-name').textContent();
    await card.click();
    await page.waitForURL(/\/enterpriseInfo\/detail\?id=\d+/);
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(name);
    await page.getByRole('img', { name: `${name}的标志` }).waitFor();
    await poll(() => page.locator('.cms-enterprise-business').textContent()).toContain('主营业务');
    expect(await page.locator('.cms-enterprise .rich-text li').count()).toBeGreaterThan(0);
    await screenshot(page, 'portal-enterprise-zh-CN');
    await expectAccessible(page, 'portal-enterprise-zh-CN');
    await context.close();
  });

  it('shows the about text with the partner logos, the finance page and the help centre', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/terraceAbout');
    await page.getByRole('heading', { name: '平台简介' }).waitFor();
    await poll(() => page.locator('.cms-partner-grid a').count()).toBeGreaterThanOrEqual(4);
    expect(await page.locator('.cms-partner-grid a').first().getAttribute('target')).toBe('_blank');
    await screenshot(page, 'portal-about-zh-CN');
    await expectAccessible(page, 'portal-about-zh-CN');

    await page.goto('/finance');
    await poll(() => page.locator('.finance-service').count()).toBe(3);
    expect(await page.locator('.finance-product').count()).toBe(6);
    await screenshot(page, 'portal-finance-zh-CN');
    await expectAccessible(page, 'portal-finance-zh-CN');

    await page.goto('/help');
    const menu = page.getByRole('navigation', { name: '帮助目录' });
    await poll(() => menu.getByRole('link').count()).toBeGreaterThanOrEqual(5);
    await poll(() => page.locator('.cms-help-title').textContent()).toBe('企业用户注册指南');
    await menu.getByRole('link', { name: '参与招标投标流程' }).click();
    await poll(() => page.locator('.cms-help-title').textContent()).toBe('参与招标投标流程');
    await poll(() => menu.getByRole('link', { name: '参与招标投标流程' }).getAttribute('aria-current')).toBe('page');
    await screenshot(page, 'portal-help-zh-CN');
    await expectAccessible(page, 'portal-help-zh-CN');
    await context.close();
  });

  it.each(['en-US', 'zh-TW'])('reads in %s: portal texts translated, stored content as stored', async (lang) => {
    const { context, page } = await newPage(browser, lang);
    await page.goto('/index');
    const texts = lang === 'en-US' ? { news: 'Industry news', login: 'Sign in' } : { news: '產業資訊', login: '登入' };
    await page.getByRole('heading', { name: texts.news }).waitFor();
    await topBar(page).getByRole('link', { name: texts.login }).waitFor();
    await poll(() => page.locator('.enterprise-card').count()).toBe(6);
    await revealLazyImages(page);
    await screenshot(page, `portal-index-${lang}`);
    await expectAccessible(page, `portal-index-${lang}`);
    await page.goto('/newsList');
    await poll(() => page.locator('.cms-article-list > li').count()).toBe(10);
    await screenshot(page, `portal-news-list-${lang}`);
    await expectAccessible(page, `portal-news-list-${lang}`);
    await context.close();
  });

  it('collapses the top bar links into a menu on a phone', async () => {
    const context = await browser.newContext({
      baseURL: baseURL(),
      locale: 'zh-CN',
      viewport: { width: 390, height: 844 },
      isMobile: true,
    });
    await context.addCookies([{ name: 'lang', value: 'zh-CN', url: baseURL() }]);
    const page = await context.newPage();
    await page.goto('/index');
    await poll(() => page.locator('.price-index-item .price-index-name').count()).toBe(10);
    expect(await page.locator('.portal-nav').isVisible()).toBe(false);
    await revealLazyImages(page);
    await screenshot(page, 'portal-index-phone-zh-CN');
    await page.getByRole('button', { name: '打开导航菜单' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('link', { name: '新闻中心' }).click();
    await page.waitForURL('**/newsList');
    await poll(() => page.locator('.cms-article-list > li').count()).toBe(10);
    await context.close();
  });
});

describe('portal content signed in', () => {
  it('shows the nickname instead of the login link', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'supplier01', 'Supplier@2026');
    await page.goto('/index');
    // The journeys share one server; another one may have renamed supplier01, so read the name it has now.
    const me = await page.evaluate(async () => (await (await fetch('/omc/api/user/getCurrUser')).json()) as { data: { nickName: string } });
    await poll(() => topBar(page).locator('.portal-user-name').textContent()).toBe(me.data.nickName);
    expect(await topBar(page).getByRole('link', { name: '登录' }).count()).toBe(0);
    await revealLazyImages(page);
    await screenshot(page, 'portal-index-supplier01-zh-CN');
    await context.close();
  });
});
