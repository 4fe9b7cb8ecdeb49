import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { button, pressConfirm, row, settled, topDialog } from './support/antd';
import { expectAccessible } from './support/axe';
import { baseURL, launch, newPage, openDrawn, pictureFailure, screenshot, signIn } from './support/browser';
import { fillMarginListing } from './support/listing-form';
import { picture } from './support/picture';
import { signedInCall } from './support/signed-in-call';

/**
 * The contract journey of the acceptance: buyer01 orders on a margin listing, supplier01 confirms,
 * both read the contract and sign it with a fresh SMS code each, and the order moves on to payment;
 * then anyone checks the sealed PDF on the public verification page.
 */

let browser: Browser;
let supplier: Page;
let buyer: Page;
let admin: Page;
const contexts: BrowserContext[] = [];

/** The machine running these may be busy: each wait allows 20 s unless it says otherwise. */
const poll = <T>(fn: () => T | Promise<T>, timeout = 20_000) => expect.poll(fn, { timeout });

/** The signed-in person's own mobile, where a signing code goes. */
const ownMobile = (page: Page) =>
  page.evaluate(
    async () => ((await (await fetch('/omc/api/user/getCurrUser')).json()) as { data: { mobilePhone: string } }).data.mobilePhone,
  );

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
  // The other journeys on this server pay right after confirmation: the market goes back to that.
  // A failed reset fails nothing: the server ends with the run.
  if (admin) await resetMarket(admin).catch(() => undefined);
  await browser?.close();
});

/** Payment no longer waits for the signed contract in the journey's market. */
async function resetMarket(admin: Page): Promise<void> {
  const settings = await signedInCall<{ marketId: string; marketName: string }[]>(admin, '/commtrade/ws/contract/setting/list', {});
  const market = settings.data.find((m) => m.marketName === '化肥挂牌市场');
  if (!market) return;
  await signedInCall(admin, '/commtrade/ws/contract/setting/save', { marketId: market.marketId, signingRequired: false, signingHours: 48 });
}
afterEach(async ({ task }) => pictureFailure(browser, 'contracts', task));

/** The newest SMS code the outbox sent to a number after `newerThan` (TEST_HOOKS). */
async function smsCode(mobile: string, newerThan: string): Promise<string> {
  let code = '';
  await poll(async () => {
    const res = await fetch(`${baseURL()}/dev/sms-outbox?mobile=${mobile}`);
    // Other journeys on this server may have sent codes to the same number: the latest after `newerThan`.
    const sent = ((await res.json()) as { data: { code: string; sentAt: string }[] }).data.filter((m) => m.sentAt > newerThan);
    const newest = sent.reduce<(typeof sent)[number] | undefined>((a, m) => (a && a.sentAt >= m.sentAt ? a : m), undefined);
    code = newest?.code ?? '';
    return code;
  }).toMatch(/^\d{6}$/);
  return code;
}

/** Integer cents of buyer01's frozen deposit, as its deposit page shows it. */
async function frozen(page: Page): Promise<number> {
  await page.goto('/trade/deposit');
  const account = page.getByTestId('deposit-account-CNY');
  await account.waitFor();
  return Math.round(Number(((await account.getByTestId('deposit-frozen').textContent()) ?? '').replace(/[^\d.-]/g, '')) * 100);
}

/** buyer01 orders `tonnes` from the journey's listing on its product page; answers the order's number. */
async function order(tonnes: string): Promise<string> {
  await buyer.goto(`/productDetailPortal?tradeListingCode=${encodeURIComponent(listingCode)}`);
  const product = buyer.frameLocator('iframe[title="商品详情页"]');
  await product.getByTestId('order-quantity').fill(tonnes);
  await product.getByLabel('收货地址').fill('山东省济南市历城区工业北路 88 号');
  await product.getByLabel('联系人').fill('王采购');
  await product.getByTestId('order-submit').click();
  await settled(product.locator('.ant-popconfirm').filter({ visible: true }).last());
  await product.locator('#order-confirm').click();
  const placed = product.getByText(/下单成功，订单号 \S+/);
  await placed.waitFor();
  return /订单号 (\S+)/.exec((await placed.textContent()) ?? '')![1]!;
}

/** The order drawer and the contract drawer on screen. */
const orderDrawer = (page: Page) => page.locator('.tc-order-drawer .ant-drawer-body').filter({ visible: true }).last();
const contractDrawer = (page: Page) => page.locator('.cv-contract-drawer .ant-drawer-body').filter({ visible: true }).last();

/** Runs an order action from the open order drawer and waits for its dialog to close. */
async function act(page: Page, action: string, fill?: (dialog: Locator) => Promise<void>) {
  await orderDrawer(page).locator(`button[data-action="${action}"]`).click();
  const dialog = topDialog(page);
  await dialog.waitFor();
  await fill?.(dialog);
  await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
  await dialog.waitFor({ state: 'hidden' });
}

const png = (name: string) => ({ name, mimeType: 'image/png', buffer: picture(64, 48, [30, 120, 200]) });
const GOODS = `E2E 合同尿素 ${Date.now().toString(36)}`;
let listingCode = '';
let orderNo = '';
let contractNo = '';

describe('contracts: order, confirm, both sign with SMS codes, then payment', { timeout: 240_000 }, () => {
  it('the operator has payment wait for the signed contract in the fertilizer market', async () => {
    await admin.goto('/admin/contract-settings');
    const required = admin.getByRole('switch', { name: '化肥挂牌市场 签署后方可付款' });
    await required.waitFor();
    if ((await required.getAttribute('aria-checked')) !== 'true') await required.click();
    await row(admin, '化肥挂牌市场')
      .getByRole('button', { name: /保\s?存/ })
      .click();
    await poll(() => admin.getByText('已保存').count()).toBeGreaterThan(0);
    expect(await required.getAttribute('aria-checked')).toBe('true');
  });

  it('supplier01 lists on margin, the operator approves it and credits buyer01', async () => {
    await supplier.goto('/trade/listings');
    await supplier.getByTestId('listing-create').click();
    const form = topDialog(supplier);
    await fillMarginListing(supplier, form, GOODS);
    await form.getByRole('button', { name: '保存并提交审核' }).click();
    await form.waitFor({ state: 'hidden' });
    const listed = row(supplier, GOODS);
    await poll(() => listed.textContent()).toContain('待审核');
    listingCode = ((await listed.locator('td').first().textContent()) ?? '').trim();

    await admin.goto('/admin/listing-review');
    const pending = row(admin, GOODS);
    await pending.waitFor();
    await button(pending, '通过').click();
    await pressConfirm(admin);
    await poll(() => row(admin, GOODS).count()).toBe(0);

    await admin.goto('/admin/deposits');
    await admin.getByPlaceholder('企业名称或账号').fill('buyer01');
    await admin.keyboard.press('Enter');
    const account = row(admin, 'buyer01');
    await account.waitFor();
    await button(account, '入金').click();
    const credit = topDialog(admin);
    await credit.getByLabel('金额').fill('50000');
    await credit.getByLabel('凭证号').fill('BANK-E2E-CONTRACT');
    await credit.locator('.ant-modal-footer .ant-btn-primary').click();
    const confirm = await pressConfirm(admin);
    await confirm.waitFor({ state: 'hidden' });
  });

  it('buyer01 orders and supplier01 confirms: the contract awaits both signatures', async () => {
    orderNo = await order('20');

    await supplier.goto(`/trade/sales-orders?orderNo=${orderNo}`);
    await poll(() => orderDrawer(supplier).textContent()).toContain('待卖方确认');
    // Before confirmation there is no contract yet, and the order says when there will be.
    await poll(() => orderDrawer(supplier).getByTestId('order-contract').textContent()).toContain('卖方确认订单后生成合同');
    await act(supplier, 'confirm');

    for (const page of [supplier, buyer]) {
      if (page === buyer) await buyer.goto(`/trade/purchase-orders?orderNo=${orderNo}`);
      const part = orderDrawer(page).getByTestId('order-contract');
      await poll(() => part.getByTestId('contract-state').textContent()).toBe('待签署');
      // The file is made right after the confirmation; the part asks for the signature once it is there.
      await poll(() => part.textContent()).toContain('请签署合同，双方签署后订单进入付款');
    }
    // Payment waits for the signed contract: the buyer is not offered it yet.
    expect(await orderDrawer(buyer).locator('button[data-action="pay"]').count()).toBe(0);
    contractNo = ((await orderDrawer(buyer).getByTestId('order-contract').locator('.tc-num').first().textContent()) ?? '').trim();
    expect(contractNo).toMatch(/\S/);
    await screenshot(buyer, 'contracts-order-to-sign-zh-CN');
  });

  it('a signature needs the SMS code; both sign with fresh codes to their own mobiles', async () => {
    for (const [page, account] of [
      [buyer, 'buyer01'],
      [supplier, 'supplier01'],
    ] as const) {
      await orderDrawer(page).getByTestId('order-contract-open').click();
      const drawer = contractDrawer(page);
      await drawer.getByTestId('contract-viewer').waitFor();
      const pdf = await page.request.get(`${baseURL()}${await drawer.getByTestId('contract-download').getAttribute('href')}`);
      expect(pdf.headers()['content-type']).toContain('application/pdf');
      await drawer.getByTestId('contract-sign').click();
      const dialog = topDialog(page);
      await dialog.waitFor();
      // Without the code nothing is sent: the field says what is missing.
      await dialog.getByLabel('短信验证码').waitFor();
      await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
      await poll(() => dialog.locator('.ant-form-item-explain-error').first().textContent()).toBe('请输入短信验证码');
      const before = new Date(Date.now() - 1000).toISOString();
      await dialog.getByTestId('sms-send-contract-sign').click();
      await poll(() => dialog.textContent()).toContain('验证码已发送至您的手机');
      expect(await dialog.getByTestId('sms-send-contract-sign').isDisabled()).toBe(true);
      if (page === buyer) await screenshot(page, 'contracts-sign-dialog-zh-CN');
      await dialog.getByLabel('短信验证码').fill(await smsCode(await ownMobile(page), before));
      await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
      await dialog.waitFor({ state: 'hidden' });
      await poll(() => drawer.getByTestId(`contract-party-${account === 'buyer01' ? 'buyer' : 'seller'}`).textContent()).toContain('已于');
      // Escape closes the contract, back to the order under it.
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });
    }
    await poll(() => orderDrawer(buyer).getByTestId('order-contract').getByTestId('contract-state').textContent()).toBe('已完成');
    await screenshot(buyer, 'contracts-order-signed-zh-CN');
  });

  it('the order moves on to payment once the contract is complete', async () => {
    await poll(() => orderDrawer(buyer).locator('.ant-tag').first().textContent()).toBe('待付款');
    await act(buyer, 'pay', async (dialog) => {
      await buyer.getByTestId('order-pay-files-file').setInputFiles(png('pay.png'));
      await dialog.locator('.ant-image').first().waitFor();
      await dialog.getByRole('textbox').fill('工行转账 回单尾号 0815');
    });
    await poll(() => orderDrawer(supplier).locator('.ant-tag').first().textContent()).toBe('待确认收款');
  });

  it('anyone checks the sealed PDF on the public page: every signature valid, the platform record found', async () => {
    const pdf = await buyer.request.get(`${baseURL()}/commtrade/ws/contract/pdf?contractNo=${encodeURIComponent(contractNo)}`);
    const bytes = await pdf.body();
    const { context, page } = await newPage(browser);
    contexts.push(context);
    await openDrawn(page, '/contractVerify');
    await page.locator('input[type="file"]').setInputFiles({ name: `${contractNo}.pdf`, mimeType: 'application/pdf', buffer: bytes });
    const result = page.getByTestId('verify-result');
    await poll(() => result.getAttribute('data-verdict'), 60_000).toBe('valid');
    expect(await page.getByTestId('verify-signature').count()).toBeGreaterThanOrEqual(2);
    expect(await page.getByTestId('verify-record').textContent()).toContain(contractNo);
    await screenshot(page, 'contracts-verify-valid-zh-CN');
    await expectAccessible(page, '/contractVerify with a result');
    await context.close();
  });

  it('a declined contract cancels its order and frees what the order froze of the buyer’s deposit', async () => {
    const frozenBefore = await frozen(buyer);
    const declinedOrder = await order('10');
    expect(await frozen(buyer)).toBeGreaterThan(frozenBefore);

    await supplier.goto(`/trade/sales-orders?orderNo=${declinedOrder}`);
    await poll(() => orderDrawer(supplier).textContent()).toContain('待卖方确认');
    await act(supplier, 'confirm');

    await buyer.goto(`/trade/purchase-orders?orderNo=${declinedOrder}`);
    await poll(() => orderDrawer(buyer).getByTestId('order-contract').textContent()).toContain('请签署合同，双方签署后订单进入付款');
    await orderDrawer(buyer).getByTestId('order-contract-open').click();
    const drawer = contractDrawer(buyer);
    await drawer.getByTestId('contract-decline').click();
    const dialog = topDialog(buyer);
    await dialog.waitFor();
    await dialog.getByLabel('拒签原因').fill('交货期与我方生产计划不符');
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await dialog.waitFor({ state: 'hidden' });
    await poll(() => drawer.getByTestId('contract-party-buyer').textContent()).toContain('拒签');
    await screenshot(buyer, 'contracts-declined-zh-CN');
    await buyer.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    // The order follows the cancellation path: cancelled, the seller told, the deposit free again.
    await poll(() => orderDrawer(buyer).locator('.ant-tag').first().textContent()).toBe('已取消');
    await supplier.goto(`/trade/sales-orders?orderNo=${declinedOrder}`);
    await poll(() => orderDrawer(supplier).locator('.ant-tag').first().textContent()).toBe('已取消');
    await poll(() => frozen(buyer)).toBe(frozenBefore);
  });
});

describe('the contract pages in three languages, on a desktop and a phone', { timeout: 300_000 }, () => {
  it.each(['zh-CN', 'en-US', 'zh-TW'])('%s', async (lang) => {
    for (const page of [buyer, admin]) await page.context().addCookies([{ name: 'lang', value: lang, url: baseURL() }]);
    const { context, page: visitor } = await newPage(browser, lang);
    contexts.push(context);
    const shots: [Page, string, string][] = [
      [buyer, '/trade/contracts', 'mine'],
      [buyer, `/trade/contracts?contractNo=${contractNo}`, 'contract'],
      [buyer, `/trade/purchase-orders?orderNo=${orderNo}`, 'order'],
      [admin, '/admin/contracts', 'supervision'],
      [admin, `/admin/contracts?contractNo=${contractNo}`, 'supervision-contract'],
      [admin, '/admin/contract-templates', 'templates'],
      [admin, '/admin/contract-settings', 'settings'],
      [visitor, '/contractVerify', 'verify'],
    ];
    for (const width of [1440, 390]) {
      for (const [page, path, name] of shots) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        // Not openDrawn: a contract's frame is the browser's PDF viewer, hidden on a phone.
        await page.goto(path);
        await poll(() => page.locator('#first-screen').count()).toBe(0);
        // What the address opens: the contract's drawer, the order's contract part, or the page itself.
        const drawn = path.includes('contractNo=')
          ? '[data-testid="contract-body"]'
          : path.includes('orderNo=')
            ? '[data-testid="order-contract"]'
            : '.ant-table-wrapper, .ant-upload';
        await page.locator(drawn).filter({ visible: true }).first().waitFor();
        await poll(() => page.locator('.ant-skeleton, .ant-spin-spinning').filter({ visible: true }).count()).toBe(0);
        await screenshot(page, `contracts-${name}-${lang}-${width}`);
        await expectAccessible(page, `${path} in ${lang} at ${width} px`);
      }
    }
    expect(await visitor.evaluate(() => document.documentElement.lang)).toBe(lang);
    await context.close();
  });
});
