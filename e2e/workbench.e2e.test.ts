import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expectAccessible } from './support/axe';
import { baseURL, launch, newPage, screenshot, signIn } from './support/browser';

/**
 * The workbench: buyer01 sees an order it places arrive in its purchases without a reload, and
 * the three views (buyer, supplier, operator) read well in the three languages, on a desktop and
 * on a phone.
 */

let browser: Browser;
/** The machine running these may be busy: each wait allows 20 s. */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000 });

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail') return;
  const pages = browser.contexts().flatMap((c) => c.pages());
  for (const [i, page] of pages.entries()) await screenshot(page, `workbench-failed-${i}`);
});

/** A phone 390 px wide, in the language given. */
async function newPhone(lang: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    locale: lang,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
  await context.addCookies([{ name: 'lang', value: lang, url: baseURL() }]);
  return { context, page: await context.newPage() };
}

/** The figure of the workbench card with this label, as its text, on the pane in front. */
const stat = (page: Page, label: string) =>
  page.locator('.wb-stat').filter({ visible: true }).filter({ hasText: label }).first().locator('.wb-stat-value').innerText();

/** Opens the workbench page and waits for its figures and its chart. */
async function openWorkbench(page: Page): Promise<void> {
  await page.goto('/workbench');
  await page.locator('.wb-stat').filter({ visible: true }).first().waitFor({ timeout: 30_000 });
  await page.locator('.wb-chart canvas').filter({ visible: true }).first().waitFor({ timeout: 30_000 });
}

/** Places an order with the page's session on the first listing on sale that takes it, as the product page would. */
async function placeOrder(page: Page): Promise<{ orderNo: string; amount: number }> {
  return page.evaluate(async () => {
    const me = await fetch('/omc/api/user/getCurrUser', { credentials: 'include' });
    const csrf = me.headers.get('csrfcheck') ?? '';
    const post = async (path: string, body: unknown) => {
      const res = await fetch(path, {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...(csrf ? { csrfcheck: csrf } : {}) },
        body: JSON.stringify(body),
      });
      return (await res.json()) as { error_no: string; error_info: string; data: unknown };
    };
    const sale = (await post('/listing/ws/listing/portalSalePage', { pageNo: 1, pageSize: 20 })).data as {
      items: { tradeListingCode: string; objMinNum: number }[];
    };
    const refused: string[] = [];
    for (const item of sale.items) {
      const answer = await post('/commtrade/ws/order/place', {
        tradeListingCode: item.tradeListingCode,
        quantity: item.objMinNum,
        deliveryAddress: '河北石家庄中华大街 1 号',
        contactName: '李明',
        contactPhone: '13800000001',
        requestId: `workbench-${Date.now()}-${item.tradeListingCode}`,
      });
      if (answer.error_no === '0') return answer.data as { orderNo: string; amount: number };
      refused.push(`${item.tradeListingCode}: ${answer.error_info}`);
    }
    throw new Error(`no listing took the order: ${refused.join('; ')}`);
  });
}

describe('the workbench', () => {
  it('shows buyer01 the order it placed in its purchases and open orders, without a reload; the home shows the same figures', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'buyer01', 'Buyer@2026');
    // The home after sign-in carries the workbench under the welcome.
    await page.getByRole('heading', { name: '我的工作台' }).first().waitFor({ timeout: 30_000 });
    await page.locator('.wb-chart canvas').filter({ visible: true }).first().waitFor({ timeout: 30_000 });
    await screenshot(page, 'workbench-home-buyer01-zh-CN');
    await expectAccessible(page, 'the home with the workbench');
    await openWorkbench(page);
    const openBefore = Number(await stat(page, '进行中的订单'));
    const monthBefore = await stat(page, '本月成交额');

    const order = await placeOrder(page);
    expect(order.amount).toBeGreaterThan(0);
    // The order's change arrives on the message stream; the figures follow.
    await poll(() => stat(page, '进行中的订单').then(Number)).toBe(openBefore + 1);
    await poll(() => stat(page, '本月成交额')).not.toBe(monthBefore);
    const awaiting = page.locator('.wb-list li').filter({ visible: true }).filter({ hasText: '待卖方确认' }).first();
    await awaiting.waitFor();
    await expectAccessible(page, 'buyer workbench');
    await context.close();
  });

  for (const lang of ['zh-CN', 'en-US', 'zh-TW'] as const) {
    it(`reads well in ${lang} for a buyer, a supplier and an operator, on a desktop and a phone`, async () => {
      for (const [account, password, tab] of [
        ['buyer01', 'Buyer@2026', null],
        ['supplier01', 'Supplier@2026', /^(销售|Sales|銷售)$/],
        ['admin', 'Admin@2026', null],
      ] as const) {
        for (const [device, open] of [
          ['', () => newPage(browser, lang)],
          ['-390', () => newPhone(lang)],
        ] as const) {
          const { context, page } = await open();
          await signIn(page, account, password);
          await openWorkbench(page);
          if (tab) {
            await page.getByRole('tab', { name: tab }).click();
            await page.locator('.wb-chart canvas').filter({ visible: true }).first().waitFor({ timeout: 30_000 });
          }
          if (device) {
            // On a phone the shell's menus wait in a drawer; the workbench fits its pane, without scrolling sideways.
            const pane = page.locator('.wb-page').filter({ visible: true }).first();
            await poll(() => pane.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
            await page.locator('.wb-chart canvas').filter({ visible: true }).first().waitFor();
          }
          await screenshot(page, `workbench-${account}-${lang}${device}`);
          if (device) {
            // The shell scrolls its pane, not the page: a second picture shows the chart and the lists under the figures.
            await page.locator('.wb-chart').filter({ visible: true }).first().scrollIntoViewIfNeeded();
            await screenshot(page, `workbench-${account}-${lang}${device}-lower`);
          }
          await expectAccessible(page, `${account} workbench in ${lang}${device}`);
          await context.close();
        }
      }
    }, 400_000);
  }
});
