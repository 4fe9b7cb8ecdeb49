import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, newPage } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The portal's pages a visitor opens, each by its address. */
const PAGES = ['/index', '/onListing', '/auctionCenter', '/biddingTender', '/newsList', '/login'];
/** The top bar's links to them, followed inside the app. */
const NAV = ['网上商城', '竞价中心', '招标大厅', '新闻中心', '首页'];

/** Every failing request (4xx/5xx or no answer) and every console error or uncaught error of `page`. */
function watchFailures(page: Page): string[] {
  const failures: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failures.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  page.on('requestfailed', (request) => {
    // A request the page itself gave up (a navigation away, a superseded query) is no failure.
    if (request.failure()?.errorText !== 'net::ERR_ABORTED') failures.push(`${request.failure()?.errorText} ${request.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') failures.push(`console: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => failures.push(`uncaught: ${error.message}`));
  return failures;
}

/** Until the app has taken over from the server's copy, and what it asks when idle after has been answered. */
async function settled(page: Page): Promise<void> {
  await page.locator('#first-screen').waitFor({ state: 'detached', timeout: 30_000 });
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 3000 })));
  await page.waitForLoadState('networkidle');
}

describe('a visitor on the portal', () => {
  it('makes no failing call and meets no console error on any page, opened or followed', { timeout: 180_000 }, async () => {
    const { context, page } = await newPage(browser);
    const failures = watchFailures(page);
    for (const path of PAGES) {
      await page.goto(path);
      await settled(page);
      expect(failures, path).toEqual([]);
    }
    await page.goto('/index');
    await settled(page);
    for (const name of NAV) {
      await page.locator('header').getByRole('link', { name, exact: true }).first().click();
      await page.waitForLoadState('networkidle');
      expect(failures, name).toEqual([]);
    }
    await context.close();
  });
});
