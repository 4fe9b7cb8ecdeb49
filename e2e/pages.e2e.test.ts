import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { expectAccessible } from './support/axe';
import { baseURL, launch, openDrawn as open, signIn } from './support/browser';

/**
 * What a person meets first on the trading pages, on the demo data a fresh installation plays:
 * every portal page and every page of the trading centre passes axe-core's WCAG 2.1 A and AA rules
 * for a visitor, a buyer, a supplier and an operator; the tender hall offers each of them what they
 * may do; the order table shows the order time at 1440 px and marks overdue orders; long tender
 * numbers stay in their column; the auction room works on a 390 px phone. Every page is
 * photographed at 1440 and 390 px into SHOTS_DIR (default /tmp/shots-pages) for a person to look at.
 */

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-pages';
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const poll = <T>(fn: () => T | Promise<T>, timeout = 20_000) => expect.poll(fn, { timeout, interval: 200 });

interface Envelope<T> {
  return_code: string;
  data: T;
}
/** A public call's data, as the portal asks it. */
async function publicData<T>(page: Page, url: string, body: object): Promise<T> {
  const res = await page.request.post(`${baseURL()}${url}`, { data: body });
  const answer = (await res.json()) as Envelope<T>;
  expect(answer.return_code, url).toBe('0');
  return answer.data;
}

let browser: Browser;
/** The demo story's records the pages open. */
const demo = { listing: '', storeUserId: '', running: '', finished: '', liveTender: '', openedTender: '' };

async function person(viewport: { width: number; height: number }, account?: [string, string]): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseURL(), locale: 'zh-CN', viewport });
  await context.addCookies([{ name: 'lang', value: 'zh-CN', url: baseURL() }]);
  const page = await context.newPage();
  if (account) await signIn(page, ...account);
  return page;
}

/** A full-page picture of the page as it is, named for what it shows and the width. */
async function shoot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}-${page.viewportSize()!.width}.png`), fullPage: true });
}

/** Whether two boxes share any area. */
const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, `${String(locator)} has a box on screen`).not.toBeNull();
  return found!;
}

beforeAll(async () => {
  browser = await launch();
  const page = await person(DESKTOP);
  const market = await publicData<{ items: { tradeListingCode: string; userId: string }[] }>(page, '/listing/ws/listing/portalSalePage', {
    pageNo: 1,
    pageSize: 8,
  });
  demo.listing = market.items[0]!.tradeListingCode;
  demo.storeUserId = market.items[0]!.userId;
  const spaces = await publicData<{ items: { spaceId: string; spaceName: string }[] }>(
    page,
    '/auction/ws/auctionSpaceInfo/buyerPageNoLogin',
    {
      pageSize: 50,
    },
  );
  demo.running = spaces.items.find((s) => s.spaceName.includes('降价竞价（演示）'))!.spaceId;
  demo.finished = spaces.items.find((s) => s.spaceName.includes('已成交，演示'))!.spaceId;
  const tenders = await publicData<{ items: { id: string; tenderName: string }[] }>(page, '/purchase/ws/tender/biddingPageForCommon', {
    pageNo: 1,
    pageSize: 32,
  });
  demo.liveTender = tenders.items.find((x) => x.tenderName.includes('电煤集中采购招标（演示）'))!.id;
  demo.openedTender = tenders.items.find((x) => x.tenderName.includes('已开标，演示'))!.id;
  await page.context().close();
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

describe('the portal for a visitor', { timeout: 240_000 }, () => {
  it('passes the accessibility rules on every page, at 1440 and 390 px', async () => {
    const pages: [string, string][] = [
      ['/index', 'home'],
      ['/onListing', 'market'],
      [`/productDetailPortal?tradeListingCode=${demo.listing}`, 'product'],
      [`/storeDetailPortal?userId=${demo.storeUserId}`, 'store'],
      ['/auctionCenter', 'auction-centre'],
      [`/auctionBuyerDetail?openType=2&spaceId=${demo.running}`, 'auction-watch'],
      [`/auctionBuyerDetail?openType=3&spaceId=${demo.finished}`, 'auction-result'],
      ['/biddingTender', 'tender-hall'],
      [`/biddingTender?id=${demo.liveTender}`, 'tender'],
      ['/newsList', 'news'],
      ['/terraceAbout', 'about'],
      ['/finance', 'finance'],
      ['/help', 'help'],
    ];
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await person(viewport);
      for (const [address, name] of pages) {
        await open(page, address);
        await shoot(page, `visitor-${name}`);
        await expectAccessible(page, `${address} at ${viewport.width} px`);
      }
      await page.context().close();
    }
  });

  it('asks a visitor to sign in to bid in the tender hall, never offering the bid itself', async () => {
    const page = await person(DESKTOP);
    await open(page, '/biddingTender');
    await poll(() => page.getByTestId('tender-sign-in').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('tender-bid').count()).toBe(0);
    expect(await page.getByTestId('tender-manage').count()).toBe(0);
    await page.context().close();
  });
});

describe('the trading centre', { timeout: 300_000 }, () => {
  const centre: Record<string, { account: [string, string]; pages: string[] }> = {
    buyer01: {
      account: ['buyer01', 'Buyer@2026'],
      pages: [
        '/trade/purchase-orders',
        '/trade/sales-orders',
        '/trade/tenders',
        '/trade/tenders?id=OPENED',
        '/trade/tender-bids',
        '/trade/auctions',
        '/trade/auction-registrations',
        '/trade/deposit',
        '/trade/messages',
        '/trade/listings',
        '/company/suppliers',
      ],
    },
    supplier01: {
      account: ['supplier01', 'Supplier@2026'],
      pages: ['/trade/listings', '/trade/sales-orders', '/trade/auctions', '/trade/tender-bids', '/trade/deposit'],
    },
    admin: {
      account: ['admin', 'Admin@2026'],
      pages: ['/admin/listing-review', '/admin/auction-review', '/admin/tender-review', '/admin/orders', '/admin/deposits'],
    },
  };

  it.each(Object.keys(centre))('passes the accessibility rules on every page of %s', async (who) => {
    const { account, pages } = centre[who]!;
    const page = await person(DESKTOP, account);
    for (const address of pages.map((p) => p.replace('OPENED', demo.openedTender))) {
      await open(page, address);
      await shoot(page, `${who}-${address.replace(/\W+/g, '-').replace(/^-|-$/g, '')}`);
      await expectAccessible(page, `${who} ${address}`);
    }
    await page.context().close();
  });

  it('shows the order time of every order at 1440 px, and marks an order past its deadline', async () => {
    const page = await person(DESKTOP, ['buyer01', 'Buyer@2026']);
    await open(page, '/trade/purchase-orders');
    const table = page.locator('.ant-table-wrapper').filter({ visible: true }).first();
    const header = table.locator('thead th').filter({ hasText: '下单时间' });
    const view = await box(table.locator('.ant-table-content, .ant-table-body').first());
    const time = await box(header);
    // The column is on screen without scrolling, and not under the fixed action column.
    expect(time.x).toBeGreaterThanOrEqual(view.x);
    expect(time.x + time.width).toBeLessThanOrEqual(view.x + view.width - (await box(table.locator('thead th').last())).width + 1);
    // The demo leaves buyer01 a confirmed order whose payment deadline passed.
    await poll(() => table.getByTestId('order-overdue').count()).toBeGreaterThan(0);
    // No cell's text runs into the next cell.
    const cells = table.locator('tr.ant-table-row').first().locator('td');
    const boxes = [];
    for (let i = 0; i < (await cells.count()); i += 1) {
      const content = cells.nth(i).locator('> *').first();
      if ((await content.count()) > 0) boxes.push({ cell: await box(cells.nth(i)), content: await box(content) });
    }
    for (const { cell, content } of boxes) expect(content.x + content.width).toBeLessThanOrEqual(cell.x + cell.width + 1);
    await page.context().close();
  });

  it('keeps every tender number inside its column in 我的招标', async () => {
    const page = await person(DESKTOP, ['buyer01', 'Buyer@2026']);
    await open(page, '/trade/tenders');
    const rows = page.getByTestId('tender-row').filter({ visible: true });
    await poll(() => rows.count()).toBeGreaterThan(3);
    for (let i = 0; i < (await rows.count()); i += 1) {
      const cells = rows.nth(i).locator('td');
      const code = await box(cells.nth(0).locator('button'));
      const name = await box(cells.nth(1));
      expect(overlap(code, name), `row ${i}: the number ${await cells.nth(0).textContent()} runs over the name`).toBe(false);
      expect(code.x + code.width).toBeLessThanOrEqual(name.x + 1);
    }
    await page.context().close();
  });

  it('offers the tenderer "manage" and a supplier on its list "bid" in the tender hall', async () => {
    const buyer = await person(DESKTOP, ['buyer01', 'Buyer@2026']);
    await open(buyer, '/biddingTender');
    const own = buyer.getByTestId('tender-row').filter({ hasText: '华北化工集团有限公司' }).first();
    await poll(() => own.getByTestId('tender-manage').count()).toBe(1);
    expect(await own.getByTestId('tender-bid').count()).toBe(0);
    await buyer.context().close();
    const supplier = await person(DESKTOP, ['supplier01', 'Supplier@2026']);
    await open(supplier, '/biddingTender');
    const live = supplier.getByTestId('tender-row').filter({ hasText: '电煤集中采购招标（演示）' });
    await poll(() => live.getByTestId('tender-bid').count()).toBe(1);
    await shoot(supplier, 'supplier01-tender-hall');
    await supplier.context().close();
  });

  it('lets a bidder read the auction room and bid on a 390 px phone', async () => {
    const page = await person(PHONE, ['supplier01', 'Supplier@2026']);
    await open(page, `/auctionBuyerDetail?openType=1&spaceId=${demo.running}`);
    await page.getByTestId('room-terms').waitFor();
    // Each term's label stands above its value.
    const labels = page.getByTestId('room-terms').locator('th.ant-descriptions-item-label');
    const values = page.getByTestId('room-terms').locator('td.ant-descriptions-item-content');
    expect(await labels.count()).toBeGreaterThan(5);
    for (let i = 0; i < (await labels.count()); i += 1) {
      const label = await box(labels.nth(i));
      const value = await box(values.nth(i));
      expect(label.y + label.height, `term ${i}`).toBeLessThanOrEqual(value.y + 1);
      expect(value.x + value.width).toBeLessThanOrEqual(PHONE.width);
    }
    // The bid box: its price field and its button are on screen, apart, and the page does not scroll sideways.
    const field = await box(page.locator('.room-bid-form input').first());
    const send = await box(page.locator('.room-bid-form button[type="submit"]').first());
    for (const b of [field, send]) {
      expect(b.x).toBeGreaterThanOrEqual(0);
      expect(b.x + b.width).toBeLessThanOrEqual(PHONE.width);
    }
    expect(overlap(field, send)).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shoot(page, 'supplier01-auction-room');
    await expectAccessible(page, 'the auction room at 390 px');
    await page.context().close();
  });
});
