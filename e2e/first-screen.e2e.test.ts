import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseURL, launch, newPage, screenshot, signIn, withoutPerson } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('first screens rendered by the server (decision 064)', () => {
  it('shows the home page, the listing market and the login form before any code has run', async () => {
    const context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false, viewport: { width: 1366, height: 820 } });
    await context.addCookies([{ name: 'lang', value: 'zh-CN', url: baseURL() }]);
    const page = await context.newPage();

    await page.goto('/index');
    const copy = page.locator('#first-screen');
    // The banner, the notices and the enterprises come with the HTML, with real data.
    expect(await copy.locator('.home-banner img').first().getAttribute('alt')).toBe('大宗商品一站式交易平台');
    // Six typed by operators and four computed from the demo's year of deals.
    expect(await copy.locator('.price-index-item').count()).toBe(10);
    expect(await copy.locator('.enterprise-card').count()).toBe(6);
    expect(await copy.getByText('山西晋煤能源有限公司').count()).toBeGreaterThan(0);
    // Styled: antd's and the page's styles are in the head, so the banner has its height.
    expect(await copy.locator('.home-banner').evaluate((el) => el.getBoundingClientRect().height)).toBeGreaterThan(100);
    await screenshot(page, 'first-screen-index-no-js');

    await page.goto('/onListing');
    expect(await page.locator('#first-screen [data-testid="listing-card"]').count()).toBeGreaterThan(0);

    await page.goto('/login');
    // A field that looks editable is editable (decision 178): even without any code, it takes typing.
    const account = page.locator('#first-screen input[autocomplete="username"]');
    expect(await account.getAttribute('readonly')).toBeNull();
    await account.click();
    await page.keyboard.type('buyer01');
    expect(await account.inputValue()).toBe('buyer01');
    // The picture code is there, each visit's own: the copy is shared, the code is put in per page.
    const picture = () => page.locator('#first-screen .check-code img').getAttribute('src');
    const first = await picture();
    expect(first).toMatch(/^data:image\/svg\+xml;base64,/);
    await page.reload();
    expect(await picture()).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(await picture()).not.toBe(first);
    await context.close();
  });

  it('renders the copy in the chosen language', async () => {
    const context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    await context.addCookies([{ name: 'lang', value: 'en-US', url: baseURL() }]);
    const page = await context.newPage();
    await page.goto('/login');
    expect(await page.locator('html').getAttribute('lang')).toBe('en-US');
    expect(await page.locator('#first-screen h1').textContent()).toMatch(/welcome/i);
    await context.close();
  });

  it('sends no code to a visit that only reads, and starts it at the first sign of a person', async () => {
    const { context, page } = await newPage(browser);
    withoutPerson(page);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto('/index', { waitUntil: 'networkidle' });
    expect(scripts).toEqual([]);
    // Readable without the app: a screen reader meets the page itself (the copy is not inert).
    expect(await page.getByRole('heading').count()).toBeGreaterThan(0);
    await page.goto('/login', { waitUntil: 'networkidle' });
    expect(scripts).toEqual([]);
    await page.mouse.move(300, 300);
    await page.locator('#first-screen').waitFor({ state: 'detached' });
    expect(scripts.length).toBeGreaterThan(0);
    await page.getByLabel('用户名').fill('buyer01');
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('replays a click or tap that came before the app took over, once it has', async () => {
    const { context, page } = await newPage(browser);
    withoutPerson(page);
    await page.goto('/login', { waitUntil: 'networkidle' });
    // A click on the copy's username field, with no move before it: the click itself starts the
    // code, and once the app has taken over the field it landed on has the focus.
    const copyField = await page.locator('#first-screen input[autocomplete="username"]').boundingBox();
    await page.mouse.click(copyField!.x + copyField!.width / 2, copyField!.y + copyField!.height / 2);
    await page.locator('#first-screen').waitFor({ state: 'detached' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('autocomplete')), { timeout: 10_000 })
      .toBe('username');
    await page.keyboard.type('buyer01');
    expect(await page.getByLabel('用户名').inputValue()).toBe('buyer01');
    await context.close();

    // A phone's first tap, on a notice of the home page: it ends on that notice.
    const phone = await browser.newContext({ baseURL: baseURL(), hasTouch: true, viewport: { width: 1366, height: 1400 } });
    await phone.addCookies([{ name: 'lang', value: 'zh-CN', url: baseURL() }]);
    const tab = await phone.newPage();
    withoutPerson(tab);
    await tab.goto('/index', { waitUntil: 'networkidle' });
    const notice = tab.locator('#first-screen .home-notices a[href^="/newsList/detail"]').first();
    const target = await notice.getAttribute('href');
    const box = await notice.boundingBox();
    await tab.touchscreen.tap(box!.x + box!.width / 2, box!.y + box!.height / 2);
    await tab.waitForURL((url) => url.pathname + url.search === target, { timeout: 15_000 });
    expect(await tab.locator('#first-screen').count()).toBe(0);
    await phone.close();
  });

  it('hands over to the app: one page, live, with the same content', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/index');
    await page.locator('#first-screen').waitFor({ state: 'detached' });
    expect(await page.locator('.enterprise-card').count()).toBe(6);
    expect(await page.locator('#root').evaluate((el) => getComputedStyle(el).visibility)).toBe('visible');
    // Live: a notice tab switches.
    await page.getByRole('tab', { name: '成交公告' }).click();
    const notices = page.locator('.home-notices').getByRole('tabpanel');
    await expect.poll(() => notices.getByRole('link').first().textContent(), { timeout: 10_000 }).toContain('成交');

    await page.goto('/login');
    await page.locator('#first-screen').waitFor({ state: 'detached' });
    const account = page.getByLabel('用户名');
    await account.fill('buyer01');
    expect(await account.inputValue()).toBe('buyer01');
    expect(await page.locator('input[autocomplete="username"]').count()).toBe(1);
    await context.close();
  });

  it('sends a signed-in person on from /login with an HTTP redirect, where the app would, to their own page', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'buyer01', 'Buyer@2026');
    const answer = await page.goto('/login');
    const asked = answer!.request().redirectedFrom();
    expect(new URL(asked!.url()).pathname).toBe('/login');
    expect((await asked!.response())!.status()).toBe(302);
    expect(new URL(page.url()).pathname).toBe('/index');
    expect(await page.locator('#account').count()).toBe(0);
    // No visitor's copy with its login link: the top bar is theirs from the first paint.
    expect(await answer!.text()).not.toContain('id="first-screen"');
    await page.locator('header.portal-top-bar .portal-user').waitFor();
    await context.close();
  });

  it('serves the browser-rendered page for an address with a query, and for the back office', async () => {
    for (const path of ['/onListing?from=journey', '/mainIndex']) {
      const html = await (await fetch(new URL(path, baseURL()))).text();
      expect(html, path).not.toContain('id="first-screen"');
      expect(html, path).toContain('<script type="module"');
    }
  });
});
