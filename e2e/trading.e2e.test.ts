import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, FrameLocator, Locator, Page } from 'playwright-core';
import { pressConfirm } from './support/antd';
import { expectAccessible } from './support/axe';
import { baseURL, launch, newPage, screenshot, signIn } from './support/browser';
import { fillMarginListing } from './support/listing-form';
import { picture } from './support/picture';

/**
 * The trading journey of the acceptance, with three people at once: supplier01 lists, the operator
 * approves and credits buyer01's deposit, buyer01 orders from the product page, and the two
 * companies take the order through every state while each sees the other's steps arrive live.
 */

let browser: Browser;
let supplier: Page;
let buyer: Page;
let admin: Page;
const contexts: BrowserContext[] = [];

/** The machine running these may be busy: each wait allows 15 s unless it says otherwise. */
const poll = <T>(fn: () => T | Promise<T>, timeout = 15_000) => expect.poll(fn, { timeout });

beforeAll(async () => {
  browser = await launch();
  for (const [account, password] of [
    ['supplier01', 'Supplier@2026'],
    ['buyer01', 'Buyer@2026'],
    ['admin', 'Admin@2026'],
  ] as const) {
    const { context, page } = await newPage(browser);
    contexts.push(context);
    await signIn(page, account, password);
    if (account === 'supplier01') supplier = page;
    else if (account === 'buyer01') buyer = page;
    else admin = page;
  }
}, 120_000);
afterAll(async () => {
  await browser?.close();
});
// A failed step leaves a picture of every open page behind.
afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail') return;
  const pages = browser.contexts().flatMap((c) => c.pages());
  for (const [i, page] of pages.entries()) await screenshot(page, `trading-failed-${task.name.replace(/\W+/g, '-')}-${i}`);
});

/** antd puts a space between two CJK characters of a button: 通过 reads 通 过. */
const button = (scope: Page | Locator | FrameLocator, text: string) =>
  scope.getByRole('button', { name: new RegExp(`^(\\S+ )?${[...text].join('\\s?')}$`) });
/** The dialog on top (a confirmation opens over a form). */
const topDialog = (page: Page) => page.locator('.ant-modal-wrap .ant-modal').filter({ visible: true }).last();
/** The order drawer on screen. */
const drawer = (page: Page) => page.locator('.tc-order-drawer .ant-drawer-body').filter({ visible: true }).last();
/** The row of the table on screen holding this text (tabs kept alive hold other tables, hidden). */
const row = (page: Page, text: string) => page.locator('tr.ant-table-row').filter({ visible: true }).filter({ hasText: text }).first();
/** The unread count the bell announces (its accessible name says it). */
async function unreadCount(page: Page): Promise<number> {
  const name = (await page.getByTestId('message-bell').getAttribute('aria-label')) ?? '';
  return Number(/\d+/.exec(name)?.[0] ?? 0);
}
/** Integer cents of an amount as the pages show it (￥12,345.67). */
const cents = (text: string | null) => Math.round(Number((text ?? '').replace(/[^\d.-]/g, '')) * 100);
/** buyer01's CNY account as its deposit page shows it. */
async function buyerAccount() {
  await buyer.goto('/trade/deposit');
  const account = buyer.getByTestId('deposit-account-CNY');
  await account.waitFor();
  return {
    available: cents(await account.getByTestId('deposit-available').textContent()),
    frozen: cents(await account.getByTestId('deposit-frozen').textContent()),
  };
}

/** The actions recorded on the order's timeline, oldest first. */
const timelineActions = (page: Page) =>
  drawer(page)
    .getByTestId('order-timeline-entry')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-action')));
/** Runs an order action from the open drawer: its dialog, the files it needs, its OK button. */
async function act(page: Page, action: string, opts: { files?: string; note?: string } = {}) {
  await drawer(page).locator(`button[data-action="${action}"]`).click();
  const dialog = topDialog(page);
  await dialog.waitFor();
  if (opts.files) await page.getByTestId(opts.files).setInputFiles(png(`${action}.png`));
  if (opts.files) await dialog.locator('.ant-image').first().waitFor();
  if (opts.note) await dialog.getByRole('textbox').fill(opts.note);
  await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
  await dialog.waitFor({ state: 'hidden' });
}

/** A small picture as a file to upload. */
function png(name: string) {
  return { name, mimeType: 'image/png', buffer: picture(64, 48, [30, 120, 200]) };
}

const GOODS = `E2E 小颗粒尿素 ${Date.now().toString(36)}`;
let listingCode = '';
let orderNo = '';
let accountBefore = { available: 0, frozen: 0 };

// Each step drives two or three browsers on a busy machine: more than a journey's usual minute.
describe('trading: list, approve, order and fulfil, live on both sides', { timeout: 240_000 }, () => {
  it('supplier01 creates a margin listing with every field and submits it', async () => {
    await supplier.goto('/trade/listings');
    await supplier.getByTestId('listing-create').click();
    const form = topDialog(supplier);
    await fillMarginListing(supplier, form, GOODS);
    await screenshot(supplier, 'trading-listing-form-zh-CN');
    await form.getByRole('button', { name: '保存并提交审核' }).click();
    await form.waitFor({ state: 'hidden' });
    const listed = row(supplier, GOODS);
    await poll(() => listed.textContent()).toContain('待审核');
    listingCode = ((await listed.locator('td').first().textContent()) ?? '').trim();
    expect(listingCode).toMatch(/\S/);
  });

  it('the operator approves it and it appears on /onListing', async () => {
    await admin.goto('/admin/listing-review');
    const pending = row(admin, GOODS);
    await pending.waitFor();
    await screenshot(admin, 'trading-review-zh-CN');
    await button(pending, '通过').click();
    await pressConfirm(admin);
    await poll(() => row(admin, GOODS).count()).toBe(0);

    const { context, page: visitor } = await newPage(browser);
    contexts.push(context);
    await visitor.goto('/onListing');
    await poll(() => visitor.getByTestId('listing-card').filter({ hasText: GOODS }).count()).toBe(1);
    await context.close();
  });

  it('the operator credits buyer01’s deposit', async () => {
    await admin.goto('/admin/deposits');
    await admin.getByPlaceholder('企业名称或账号').fill('buyer01');
    await admin.keyboard.press('Enter');
    const account = row(admin, 'buyer01');
    await account.waitFor();
    const balanceBefore = cents(await account.locator('td').nth(3).textContent());
    await button(account, '入金').click();
    const form = topDialog(admin);
    await form.getByLabel('金额').fill('50000');
    await form.getByLabel('凭证号').fill('BANK-E2E-0001');
    await form.locator('.ant-modal-footer .ant-btn-primary').click();
    const confirm = admin.locator('.ant-modal-confirm').filter({ visible: true });
    await poll(() => confirm.textContent()).toContain('￥50,000.00');
    await pressConfirm(admin);
    await poll(async () => cents(await row(admin, 'buyer01').locator('td').nth(3).textContent())).toBe(balanceBefore + 5_000_000);
    await screenshot(admin, 'trading-admin-deposits-zh-CN');
    accountBefore = await buyerAccount();
    expect(accountBefore.available).toBeGreaterThanOrEqual(5_000_000);
  });

  it('buyer01 orders from the product page; supplier01 sees the message arrive live', async () => {
    // supplier01 stays on its sales orders: the bell and the list must change without a reload.
    await supplier.goto('/trade/sales-orders');
    await supplier.getByTestId('message-bell').waitFor();
    const before = await unreadCount(supplier);

    await buyer.goto(`/productDetailPortal?tradeListingCode=${encodeURIComponent(listingCode)}`);
    const product = buyer.frameLocator('iframe[title="商品详情页"]');
    const quantity = product.getByTestId('order-quantity');
    await quantity.fill('12');
    await product.getByLabel('收货地址').fill('山东省济南市历城区工业北路 88 号');
    await product.getByTestId('order-submit').click();
    // The box refuses an off-step quantity itself, naming the valid ones either side.
    await poll(() => product.locator('.ant-form-item-explain').first().textContent()).toContain('10.000 吨 或 15.000 吨');
    await quantity.fill('20');
    await product.getByLabel('联系人').fill('王采购');
    await product.getByTestId('order-estimate').filter({ hasText: '￥5,000.00' }).waitFor();
    await screenshot(buyer, 'trading-order-box-zh-CN');
    await product.getByTestId('order-submit').click();
    // The box asks first, naming the amount and the deposit it will freeze.
    const question = product.getByTestId('order-confirm-text');
    await poll(() => question.textContent()).toContain('货款 ￥50,000.00');
    expect(await question.textContent()).toContain('冻结 ￥5,000.00');
    await product.locator('#order-confirm').click();
    const placed = product.getByText(/下单成功，订单号 \S+/);
    await placed.waitFor();
    orderNo = /订单号 (\S+)/.exec((await placed.textContent()) ?? '')![1]!;
    expect(await product.getByTestId('order-frozen').textContent()).toBe('已从保证金账户冻结 ￥5,000.00。');

    await poll(() => unreadCount(supplier)).toBeGreaterThan(before);
    await poll(() => row(supplier, orderNo).count()).toBe(1);
    await supplier.getByTestId('message-bell').click();
    const newest = supplier.getByTestId('bell-message').filter({ hasText: orderNo }).first();
    await newest.waitFor();
    await screenshot(supplier, 'trading-bell-zh-CN');
    await newest.click();
    await supplier.waitForURL(`**/trade/sales-orders?orderNo=${orderNo}`);
    await poll(() => drawer(supplier).textContent()).toContain('待卖方确认');
  });

  it('each step of one party reaches the other’s open order page live', async () => {
    await buyer.goto(`/trade/purchase-orders?orderNo=${orderNo}`);
    await poll(() => drawer(buyer).textContent()).toContain('待卖方确认');
    expect(
      await drawer(buyer)
        .locator('button[data-action]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-action'))),
    ).toEqual(['cancel']);

    await act(supplier, 'confirm');
    await poll(() => drawer(buyer).locator('.ant-tag').first().textContent()).toBe('待付款');
    await act(buyer, 'pay', { files: 'order-pay-files-file', note: '工行转账 回单尾号 0421' });
    await poll(() => drawer(supplier).locator('.ant-tag').first().textContent()).toBe('待确认收款');
    await act(supplier, 'confirmPayment');
    await poll(() => drawer(buyer).locator('.ant-tag').first().textContent()).toBe('待发货');
    await act(supplier, 'ship', { files: 'order-ship-files-file', note: '鲁A·58231 德邦物流' });
    await poll(() => drawer(buyer).locator('.ant-tag').first().textContent()).toBe('已发货');
    await act(buyer, 'receive');
    await poll(() => drawer(supplier).locator('.ant-tag').first().textContent()).toBe('已完成');

    const steps = ['place', 'confirm', 'pay', 'confirmPayment', 'ship', 'receive'];
    // Confirming the order also opened its contract, whose steps join the timeline as they happen
    // (this server does not hold payment back for it).
    const orderSteps = async (page: Page) => (await timelineActions(page)).filter((a) => !a?.startsWith('contract'));
    await poll(() => orderSteps(buyer)).toEqual(steps);
    await poll(() => orderSteps(supplier)).toEqual(steps);
    expect(await timelineActions(buyer)).toContain('contractGenerated');
    // The voucher and the waybill are downloadable from both timelines.
    for (const page of [buyer, supplier]) {
      const links = drawer(page).locator('a[download]');
      await poll(() => links.count()).toBe(2);
      const href = await links.first().getAttribute('href');
      const res = await page.request.get(`${baseURL()}${href}`);
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toContain('image/png');
    }
    await screenshot(buyer, 'trading-order-buyer-zh-CN');
    await screenshot(supplier, 'trading-order-supplier-zh-CN');
  });

  it('buyer01’s ledger shows the deposit frozen by the order, then released', async () => {
    // Everything the order froze is free again: the account reads as it did before the order.
    expect(await buyerAccount()).toEqual(accountBefore);
    const entries = await buyer
      .getByTestId('deposit-ledger')
      .locator('tr.ant-table-row')
      .evaluateAll((rows) => rows.map((r) => ({ kind: r.querySelector('.ant-tag')?.textContent ?? '', text: r.textContent ?? '' })));
    // The reference reads as words with the order's number, never as an internal `order:` key.
    const ofOrder = entries.filter((e) => e.text.includes(orderNo));
    expect(entries.some((e) => e.text.includes('order:'))).toBe(false);
    // Newest first: the release, then the freeze of 10 % of ￥50,000.00.
    expect(ofOrder.map((e) => e.kind)).toEqual(['解冻', '冻结']);
    expect(ofOrder.every((e) => e.text.includes('￥5,000.00'))).toBe(true);
    expect(entries.some((e) => e.kind === '入金' && e.text.includes('BANK-E2E-0001'))).toBe(true);
    await screenshot(buyer, 'trading-deposit-zh-CN');
  });
});

describe('the trading pages in three languages', { timeout: 240_000 }, () => {
  it.each(['en-US', 'zh-TW', 'zh-CN'])('%s', async (lang) => {
    for (const page of [supplier, buyer, admin]) {
      await page.context().addCookies([{ name: 'lang', value: lang, url: baseURL() }]);
    }
    const shots: [Page, string, string][] = [
      [supplier, '/trade/listings', 'listings'],
      [supplier, `/trade/sales-orders?orderNo=${orderNo}`, 'sales-order'],
      [supplier, '/trade/messages', 'messages'],
      [buyer, `/trade/purchase-orders?orderNo=${orderNo}`, 'purchase-order'],
      [buyer, '/trade/deposit', 'deposit'],
      [buyer, `/productDetailPortal?tradeListingCode=${encodeURIComponent(listingCode)}`, 'product'],
      [admin, '/admin/listing-review', 'review'],
      [admin, '/admin/orders', 'admin-orders'],
      [admin, '/admin/deposits', 'admin-deposits'],
    ];
    for (const [page, path, name] of shots) {
      await page.goto(path);
      await page.locator('.ant-table-wrapper, iframe').filter({ visible: true }).first().waitFor();
      if (name === 'product') {
        // The page the app rendered holds the last frame (a first-screen copy may hold another until it goes).
        const frame = page.frameLocator('iframe').last();
        await frame.getByTestId('order-submit').waitFor();
        await poll(() => frame.locator('.ant-skeleton').count()).toBe(0);
        await poll(() => page.locator('#first-screen').count()).toBe(0);
      }
      // Loaded: no skeleton or spinner left (the live stream keeps the network busy, so "idle" never comes).
      await poll(() => page.locator('.ant-skeleton, .ant-spin-spinning').filter({ visible: true }).count()).toBe(0);
      await screenshot(page, `trading-${name}-${lang}`);
      await expectAccessible(page, `${path} in ${lang}`);
    }
    expect(await supplier.evaluate(() => document.documentElement.lang)).toBe(lang);
  });
});
