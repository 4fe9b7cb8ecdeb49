import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseURL, launch, withoutPerson } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** How a person meets the page: the screen, and the processor and link of their device. */
interface Device {
  name: string;
  phone: boolean;
  /** Lighthouse's mobile profile: CPU 4x slower, 150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up. */
  slow: boolean;
}

const DEVICES: Device[] = [
  { name: 'a desktop', phone: false, slow: false },
  { name: 'a desktop with a slow processor and link', phone: false, slow: true },
  { name: 'a phone with a slow processor and link', phone: true, slow: true },
];

/** A person types at this pace, a key every 70 ms. */
const KEY_DELAY_MS = 70;

async function open(device: Device): Promise<{ context: BrowserContext; page: Page; fast(): Promise<void> }> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    locale: 'zh-CN',
    ...(device.phone
      ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }
      : { viewport: { width: 1366, height: 820 } }),
  });
  await context.addCookies([{ name: 'lang', value: 'zh-CN', url: baseURL() }]);
  const page = await context.newPage();
  // No pointer move on load: the person's own click or tap is the first sign of them.
  withoutPerson(page);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (device.slow) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
  }
  /** Back to full speed, once what is checked under the slow device is behind us. */
  const fast = async () => {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  };
  return { context, page, fast };
}

/** Opens `path` and returns as soon as the page has painted its first screen (the app has not taken over). */
async function visit(page: Page, path: string, firstField: string): Promise<void> {
  await page.goto(path, { waitUntil: 'commit' });
  await page.locator(`#first-screen ${firstField}`).waitFor({ state: 'visible' });
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
  expect(await page.locator('#first-screen').count(), 'the server-drawn copy is still the page').toBe(1);
}

/** The field `selector` as the person sees it: the server's copy's, or the app's once it has taken over. */
const shown = (page: Page, selector: string) => page.locator(`${selector}:visible`);

/**
 * Where the field the person sees is, scrolled into view first when below the fold (a phone's
 * filters). The copy's field may go in the middle of that (the app took over): the app's is then the one.
 */
async function placeOf(page: Page, selector: string): Promise<{ x: number; y: number; width: number; height: number }> {
  let lastError: unknown = null;
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    try {
      await shown(page, selector).scrollIntoViewIfNeeded();
      const box = await shown(page, selector).boundingBox();
      if (box) return box;
    } catch (err) {
      if (!/not attached/.test(String(err))) throw err;
      lastError = err;
    }
  }
  throw new Error(`${selector} never stayed in place: ${String(lastError)}`);
}

/** Clicks (a phone: taps) the middle of the field the person sees, then types `text` at a person's pace. */
async function typeInto(page: Page, device: Device, selector: string, text: string): Promise<void> {
  const box = await placeOf(page, selector);
  const x = box!.x + box!.width / 2;
  const y = box!.y + box!.height / 2;
  if (device.phone) await page.touchscreen.tap(x, y);
  else await page.mouse.click(x, y);
  await page.keyboard.type(text, { delay: KEY_DELAY_MS });
}

const tookOver = (page: Page) => page.locator('#first-screen').waitFor({ state: 'detached', timeout: 60_000 });

describe('what a person types into a first screen is kept (decision 178)', () => {
  for (const device of DEVICES) {
    it(`on /login, on ${device.name}: every character, and the app signs in with them`, { timeout: 180_000 }, async () => {
      const { context, page, fast } = await open(device);
      await visit(page, '/login', '#account');
      const picture = await page.evaluate(() => document.querySelector('#first-screen .check-code img')?.getAttribute('src') ?? null);

      await typeInto(page, device, '#account', 'buyer01');
      expect(await shown(page, '#account').inputValue()).toBe('buyer01');
      await typeInto(page, device, '#password', 'Buyer@2026');
      expect(await shown(page, '#account').inputValue()).toBe('buyer01');
      expect(await shown(page, '#password').inputValue()).toBe('Buyer@2026');
      // The copy showed the picture code the app checks, not a placeholder that changed.
      expect(picture).toMatch(/^data:image\/svg\+xml;base64,/);

      await tookOver(page);
      await fast();
      // The app's own fields hold the text, and its state too: it signs in with it.
      expect(await page.locator('#account').inputValue()).toBe('buyer01');
      expect(await page.locator('#password').inputValue()).toBe('Buyer@2026');
      expect(await page.locator('.check-code img').getAttribute('src')).toBe(picture);
      await typeInto(page, device, '#check_code', 'ABCD');
      await page.keyboard.press('Enter');
      await page.waitForURL('**/mainIndex', { timeout: 60_000 });
      await context.close();
    });

    it(
      `on the listing market's filters, on ${device.name}: every character, and the market searches with them`,
      { timeout: 180_000 },
      async () => {
        const { context, page, fast } = await open(device);
        const minPrice = 'input[aria-label="最低价（元）"]';
        const seller = '#filter-user-input';
        const searched = page.waitForRequest(
          (request) => {
            if (!request.url().endsWith('/portalSalePage')) return false;
            const body = request.postDataJSON() as { userName?: string; minSinglePrice?: number };
            return body.userName === '山西' && body.minSinglePrice === 10000;
          },
          { timeout: 90_000 },
        );
        await visit(page, '/onListing', seller);

        await typeInto(page, device, minPrice, '100');
        expect(await shown(page, minPrice).inputValue()).toBe('100');
        await typeInto(page, device, seller, '山西');
        expect(await shown(page, minPrice).inputValue()).toBe('100');
        expect(await shown(page, seller).inputValue()).toBe('山西');

        await tookOver(page);
        await fast();
        expect(await page.locator(seller).inputValue()).toBe('山西');
        // The market's state has both: its search asks for them.
        // Shown with its two places once the field was left (when the app was already there), as typed otherwise.
        expect(await page.locator(minPrice).inputValue()).toMatch(/^100(\.00)?$/);
        await searched;
        await context.close();
      },
    );
  }
});
