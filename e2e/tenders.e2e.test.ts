import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, FrameLocator, Locator, Page } from 'playwright-core';
import { pressConfirm } from './support/antd';
import { expectAccessible } from './support/axe';
import { baseURL, launch, newPage, screenshot, signIn } from './support/browser';

/**
 * The sealed-tender journey on the real clock, with four companies at once: supplier03 asks to join
 * buyer01's supplier list and is accepted; buyer01 publishes an inquiry closing in about two
 * minutes; three suppliers bid (one revises) while buyer01 sees only the count; the tender closes
 * and opens by itself; buyer01 evaluates, asks for final quotes, and awards one line split between
 * two suppliers; the winners see their orders, the loser its message, and every receipt digest is
 * in the opening record.
 */

let browser: Browser;
const pages: Record<'buyer' | 's1' | 's2' | 's3', Page> = {} as never;

/** The machine running these may be busy: each wait allows 20 s unless it says otherwise. */
const poll = <T>(fn: () => T | Promise<T>, timeout = 20_000) => expect.poll(fn, { timeout });

beforeAll(async () => {
  browser = await launch();
  const accounts = [
    ['buyer', 'buyer01', 'Buyer@2026'],
    ['s1', 'supplier01', 'Supplier@2026'],
    ['s2', 'supplier02', 'Supplier@2026'],
    ['s3', 'supplier03', 'Supplier@2026'],
  ] as const;
  for (const [key, account, password] of accounts) {
    const { page } = await newPage(browser);
    // A page that fails to render says why in the journey's output.
    page.on('pageerror', (error) => console.error(`[${account}] ${error.stack ?? error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') console.error(`[${account}] ${message.text()}`);
    });
    await signIn(page, account, password);
    pages[key] = page;
  }
}, 180_000);
afterAll(async () => {
  await browser?.close();
});
// A failed step leaves a picture of every open page behind.
afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail') return;
  const open = browser.contexts().flatMap((c) => c.pages());
  for (const [i, page] of open.entries()) await screenshot(page, `tenders-failed-${task.name.replace(/\W+/g, '-')}-${i}`);
});

/** The dialog on top (a confirmation opens over a form). */
const topDialog = (scope: Page) => scope.locator('.ant-modal-wrap .ant-modal').filter({ visible: true }).last();
/** Clicks the primary button of the confirmation on top. */
async function confirm(scope: Page) {
  const dialog = await pressConfirm(scope);
  // It closes when the server has answered: an award writes orders and their contracts.
  await dialog.waitFor({ state: 'hidden', timeout: 90_000 });
}
/** Answers yes to the question a button of the tender's page opens beside itself. */
async function popconfirm(frame: FrameLocator) {
  const question = frame.locator('.ant-popconfirm').filter({ visible: true }).last();
  await question.locator('.ant-popconfirm-buttons .ant-btn-primary').click();
  await question.waitFor({ state: 'hidden' });
}
/** The tender page a supplier bids on: the hall's step two, a frame inside it. */
async function tenderFrame(page: Page, id: string, name = TENDER): Promise<FrameLocator> {
  await page.goto(`/biddingTender?id=${id}`);
  const frame = page.frameLocator('iframe').last();
  await frame.getByRole('heading', { name }).waitFor({ timeout: 20_000 });
  return frame;
}
/** A local date (and time) as the pickers take it (the browser runs in this machine's zone). */
function pickerText(at: Date, withTime: boolean): string {
  const p = (n: number) => String(n).padStart(2, '0');
  const date = `${at.getFullYear()}-${p(at.getMonth() + 1)}-${p(at.getDate())}`;
  return withTime ? `${date} ${p(at.getHours())}:${p(at.getMinutes())}:${p(at.getSeconds())}` : date;
}
async function pick(field: Locator, at: Date, withTime = true) {
  await field.click();
  await field.fill(pickerText(at, withTime));
  await field.press('Enter');
}

const TENDER = `E2E 尿素询价 ${Date.now().toString(36)}`;
/** A bidding tender (招标) beside the inquiry: its round asks clarifications and refuses a price change. */
const BIDDING = `E2E 磷铵招标 ${Date.now().toString(36)}`;
let tenderId = '';
let biddingId = '';
let bidEnd = new Date();
const digests: Record<'s1' | 's2' | 's3', string> = { s1: '', s2: '', s3: '' };

/** Bids on the tender's one line at this unit price and answers the receipt digest shown. */
async function bid(page: Page, price: string): Promise<string> {
  const frame = await tenderFrame(page, tenderId);
  await frame.getByLabel('第 1 条明细的单价').fill(price);
  await frame.getByTestId('bid-submit').click();
  await popconfirm(frame);
  const digest = frame.getByTestId('receipt-digest');
  await digest.waitFor();
  return ((await digest.textContent()) ?? '').trim();
}

// The whole journey waits for the real clock twice (the close and the negotiation deadline).
describe('sealed tender: publish, bid, open by itself, evaluate, negotiate, award', { timeout: 300_000 }, () => {
  /** Fills the tender form with one line and publishes; answers the new tender's id. */
  async function publish(name: string, type: '询价' | '招标', minValidBids: string, shot?: string): Promise<string> {
    const buyer = pages.buyer;
    await buyer.getByTestId('tender-create').click();
    const form = topDialog(buyer);
    await form.getByLabel('招标名称').fill(name);
    await form.getByLabel(type, { exact: true }).check();
    await pick(form.getByLabel('投标开始时间'), new Date(Date.now() + 5_000));
    await pick(form.getByLabel('投标截止时间'), bidEnd);
    await form.getByLabel('最低价法').check();
    await form.getByLabel('最少有效投标数').fill(minValidBids);
    await form.getByLabel('联系人').fill('李明');
    const line = form.getByTestId('tender-line').first();
    await line.getByLabel('货物名称').fill('小颗粒尿素');
    await line.getByLabel('规格要求').fill('N≥46%，50 kg 编织袋');
    await line.getByLabel('数量').fill('100');
    await line.getByLabel('交货地点').fill('天津港');
    await pick(line.getByLabel('交货日期'), new Date(Date.now() + 30 * 86_400_000), false);
    await form.getByLabel('招标说明').fill('含税到港价；付款方式现汇。');
    if (shot) await screenshot(buyer, shot);
    await form.getByTestId('tender-publish').click();
    await confirm(buyer);
    await form.waitFor({ state: 'hidden' });
    const row = buyer.getByTestId('tender-row').filter({ hasText: name });
    await poll(() => row.getByTestId('tender-state').textContent()).toBe('已发布');
    const id = (await row.getAttribute('data-id'))!;
    expect(id).toMatch(/^\d+$/);
    return id;
  }

  it('buyer01 publishes an inquiry and a bidding tender, both closing in about two minutes', async () => {
    await pages.buyer.goto('/trade/tenders');
    bidEnd = new Date(Date.now() + 170_000);
    tenderId = await publish(TENDER, '询价', '3', 'tenders-form-zh-CN');
    biddingId = await publish(BIDDING, '招标', '1');
  });

  it('supplier03, refused in the hall, applies from the refusal and buyer01 accepts', async () => {
    const s3 = pages.s3;
    await s3.goto('/biddingTender');
    // Off the tenderer's list, the hall offers only to view, saying why; the tender's page offers to apply.
    const view = s3.getByTestId('tender-row').filter({ hasText: TENDER }).getByTestId('tender-view');
    await poll(() => view.getAttribute('title')).toBe('您未与招标方维护供采关系，请联系招标方，维护供采关系');
    await view.click();
    await s3.waitForURL(`**/biddingTender?id=${tenderId}`);
    const frame = s3.frameLocator('iframe').last();
    const box = frame.getByTestId('apply-box');
    await poll(() => box.textContent()).toContain('您不在 华北化工集团有限公司 的供应商名单中');
    await box.getByRole('textbox').fill('主营尿素、合成氨，年产 60 万吨');
    await screenshot(s3, 'tenders-apply-zh-CN');
    await frame.getByTestId('apply-submit').click();
    await frame.getByTestId('apply-sent').waitFor();

    const buyer = pages.buyer;
    await buyer.goto('/company/suppliers');
    const application = buyer.getByTestId('application-row').filter({ hasText: '陕西秦川煤化有限公司' }).first();
    await poll(() => application.textContent()).toContain('年产 60 万吨');
    await screenshot(buyer, 'tenders-applications-zh-CN');
    await application.getByTestId('application-accept').click();
    await confirm(buyer);
    await poll(() => buyer.getByTestId('application-row').filter({ hasText: '陕西秦川煤化有限公司' }).count()).toBe(0);
  });

  it('three suppliers bid at once, supplier01 revises; buyer01 sees "3 bids" and no price', async () => {
    const [d1, d2, d3] = await Promise.all([bid(pages.s1, '2500'), bid(pages.s2, '2480'), bid(pages.s3, '2600')]);
    expect(new Set([d1, d2, d3]).size).toBe(3);
    digests.s2 = d2;
    digests.s3 = d3;

    // A revision is a new version with a new receipt; the first one no longer counts.
    const frame = pages.s1.frameLocator('iframe').last();
    await frame.getByTestId('bid-revise').click();
    await frame.getByLabel('第 1 条明细的单价').fill('2450');
    await frame.getByTestId('bid-submit').click();
    await popconfirm(frame);
    await poll(async () => (await frame.getByTestId('receipt-digest').textContent())?.trim()).not.toBe(d1);
    digests.s1 = ((await frame.getByTestId('receipt-digest').textContent()) ?? '').trim();
    await poll(() => frame.getByTestId('bid-receipt').textContent()).toContain('第 2 版');
    await screenshot(pages.s1, 'tenders-bid-receipt-zh-CN');

    const other = await tenderFrame(pages.s1, biddingId, BIDDING);
    await other.getByLabel('第 1 条明细的单价').fill('2300');
    await other.getByTestId('bid-submit').click();
    await popconfirm(other);
    await other.getByTestId('receipt-digest').waitFor();

    const buyer = pages.buyer;
    await buyer.goto(`/trade/tenders?id=${tenderId}`);
    await poll(() => buyer.getByTestId('bid-count').textContent()).toBe('已收到 3 份投标');
    const text = (await buyer.getByTestId('tender-detail').textContent()) ?? '';
    for (const price of ['2,450', '2,480', '2,600', '2,500', '245,000']) expect(text).not.toContain(price);
    expect(await buyer.getByTestId('opening-record').count()).toBe(0);
    await screenshot(buyer, 'tenders-sealed-zh-CN');
  });

  it('the tender closes and opens by itself; every receipt digest is in the opening record', async () => {
    const buyer = pages.buyer;
    // buyer01 stays on the page: the opening arrives through its message stream.
    const record = buyer.getByTestId('opening-record');
    await poll(() => record.count(), Math.max(bidEnd.getTime() - Date.now(), 0) + 60_000).toBe(1);
    const opened = await record.getByTestId('opening-digest').allTextContents();
    expect(opened.map((d) => d.trim()).sort()).toEqual(Object.values(digests).sort());
    await poll(() => buyer.getByTestId('bid-row').count()).toBe(3);
    await screenshot(buyer, 'tenders-opened-zh-CN');

    // Each supplier compares its own receipt with the record.
    for (const key of ['s1', 's2', 's3'] as const) {
      const frame = await tenderFrame(pages[key], tenderId);
      await poll(async () => (await frame.getByTestId('receipt-digest').textContent())?.trim()).toBe(digests[key]);
    }
  });

  it('buyer01 evaluates and asks for final quotes, two suppliers lower their prices; on the bidding tender a price change is refused', async () => {
    const buyer = pages.buyer;
    const evaluation = buyer.getByTestId('evaluation-form');
    await evaluation.waitFor();
    await screenshot(buyer, 'tenders-evaluation-zh-CN');
    await buyer.getByTestId('evaluation-submit').click();
    await confirm(buyer);
    await poll(() => buyer.getByTestId('tender-detail').getByTestId('tender-state').first().textContent()).toBe('已评标');

    await buyer.getByTestId('negotiate-open').click();
    const dialog = topDialog(buyer);
    const deadline = new Date(Date.now() + 75_000);
    await pick(dialog.getByLabel('答复截止时间'), deadline);
    await dialog.getByLabel('问题').fill('请给出含税到港最终单价，不得高于首次报价。');
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await dialog.waitFor({ state: 'hidden' });
    await buyer.getByTestId('negotiation').waitFor();

    for (const [key, price] of [
      ['s1', '2400'],
      ['s2', '2420'],
    ] as const) {
      const frame = await tenderFrame(pages[key], tenderId);
      const answer = frame.getByTestId('answer-form');
      await answer.waitFor();
      // A final quote above the first price is refused in the form, before anything is sent.
      await answer.getByLabel('第 1 条明细的单价').fill('2700');
      await answer.getByRole('textbox', { name: '报价说明' }).fill('最终报价，含税到港。');
      await frame.getByTestId('answer-submit').click();
      await poll(() => answer.getByTestId('bid-problems').textContent()).toContain('不能高于首次报价');
      await answer.getByLabel('第 1 条明细的单价').fill(price);
      await frame.getByTestId('answer-submit').click();
      await popconfirm(frame);
      await answer.waitFor({ state: 'hidden' });
      if (key === 's1') await screenshot(pages.s1, 'tenders-final-quote-zh-CN');
    }

    // The bidding tender: one valid bid suffices there; its round can only ask a clarification.
    await buyer.goto(`/trade/tenders?id=${biddingId}`);
    await buyer.getByTestId('evaluation-form').waitFor({ timeout: 60_000 });
    await buyer.getByTestId('evaluation-submit').click();
    await confirm(buyer);
    await buyer.getByTestId('negotiate-open').click();
    const ask = topDialog(buyer);
    await poll(() => ask.textContent()).toContain('不得改变报价');
    await pick(ask.getByLabel('答复截止时间'), new Date(Date.now() + 120_000));
    await ask.getByLabel('问题').fill('请澄清交货批次安排。');
    await ask.locator('.ant-modal-footer .ant-btn-primary').click();
    await ask.waitFor({ state: 'hidden' });
    await buyer.getByTestId('negotiation').waitFor();

    // supplier01's clarification form offers no price; a changed price sent anyway is refused by the server.
    const clarify = await tenderFrame(pages.s1, biddingId, BIDDING);
    const form = clarify.getByTestId('answer-form');
    await form.waitFor();
    expect(await form.getByLabel('第 1 条明细的单价').count()).toBe(0);
    const refusal = await pages.s1.evaluate(async (id) => {
      const me = await fetch('/omc/api/user/getCurrUser', { credentials: 'include' });
      const csrf = me.headers.get('csrfcheck') ?? '';
      const res = await fetch('/purchase/ws/tenderBid/answer', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...(csrf ? { csrfcheck: csrf } : {}) },
        body: JSON.stringify({
          tenderId: id,
          answer: '降价',
          lines: [{ lineNo: 1, unitPrice: 220_000, quantity: 100, deliveryDate: '2026-12-25' }],
        }),
      });
      return (await res.json()) as { error_no: string; error_info: string };
    }, biddingId);
    expect(refusal.error_no).toBe('150007');
    expect(refusal.error_info).toContain('澄清不得改变价格');
    await form.getByRole('textbox', { name: '澄清内容' }).fill('分两批交货，每批 50 吨，间隔 7 天。');
    await clarify.getByTestId('answer-submit').click();
    await popconfirm(clarify);
    await form.waitFor({ state: 'hidden' });
    await screenshot(pages.s1, 'tenders-clarification-zh-CN');
    await buyer.goto(`/trade/tenders?id=${tenderId}`);
    await buyer.getByTestId('negotiation').waitFor();

    // At the deadline the quotes open together and the tender is negotiated.
    await poll(() => buyer.getByTestId('negotiation').textContent(), Math.max(deadline.getTime() - Date.now(), 0) + 60_000).toContain(
      '已截止',
    );
    await poll(() => buyer.getByTestId('tender-detail').getByTestId('tender-state').first().textContent()).toBe('已议价');
  });

  it('buyer01 awards the line split between supplier01 and supplier02; orders are made', { timeout: 180_000 }, async () => {
    const buyer = pages.buyer;
    const award = buyer.getByTestId('award-form');
    await award.waitFor();
    await award.getByLabel('第 1 行的数量').fill('60');
    await buyer.getByTestId('award-add').click();
    await award.getByLabel('第 2 行的投标人').click();
    await buyer.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '河南中原沃丰化肥有限公司' }).click();
    // 60 + 50 is more than the line's 100: refused before sending.
    await award.getByLabel('第 2 行的数量').fill('50');
    await poll(() => award.getByTestId('award-problems').textContent()).toContain('超过明细数量 100.000');
    await award.getByLabel('第 2 行的数量').fill('40');
    await poll(() => award.getByTestId('award-problems').count()).toBe(0);
    await screenshot(buyer, 'tenders-award-zh-CN');
    await buyer.getByTestId('award-submit').click();
    await confirm(buyer);
    const orders = buyer.getByTestId('award-order');
    await poll(() => orders.count()).toBe(2);
    await poll(() => buyer.getByTestId('tender-detail').getByTestId('tender-state').first().textContent()).toBe('已完成');
    await screenshot(buyer, 'tenders-awarded-zh-CN');
    const orderOf = async (company: string) =>
      (
        (await buyer.getByTestId('awards').locator('tr').filter({ hasText: company }).getByTestId('award-order').textContent()) ?? ''
      ).trim();

    // The winners find their orders among their sales; the loser is told.
    for (const [key, company] of [
      ['s1', '山西晋煤能源有限公司'],
      ['s2', '河南中原沃丰化肥有限公司'],
    ] as const) {
      const orderNo = await orderOf(company);
      expect(orderNo).toMatch(/\S/);
      await pages[key].goto('/trade/sales-orders');
      const sale = pages[key].locator('tr.ant-table-row').filter({ hasText: orderNo });
      await poll(() => sale.count()).toBe(1);
      // The award made a contract for the buyer and this winner to read and sign.
      await sale.getByRole('button', { name: orderNo }).click();
      const contract = pages[key]
        .locator('.tc-order-drawer .ant-drawer-body')
        .filter({ visible: true })
        .last()
        .getByTestId('order-contract');
      await poll(() => contract.getByTestId('contract-state').textContent()).toBe('待签署');
    }
    const frame = await tenderFrame(pages.s1, tenderId);
    await poll(() => frame.getByTestId('bid-outcome').textContent()).toContain('中标');
    const s3 = pages.s3;
    await s3.goto('/trade/messages');
    await poll(() => s3.getByTestId('messages-table').textContent()).toContain('未中标通知');
    const lost = await tenderFrame(s3, tenderId);
    await poll(() => lost.getByTestId('bid-outcome').textContent()).toContain('未中标');
  });
});

describe('the tender pages in three languages', { timeout: 240_000 }, () => {
  it.each(['en-US', 'zh-TW', 'zh-CN'])('%s', async (lang) => {
    for (const page of Object.values(pages)) await page.context().addCookies([{ name: 'lang', value: lang, url: baseURL() }]);
    const shots: [Page, string, string][] = [
      [pages.buyer, '/trade/tenders', 'my-tenders'],
      [pages.buyer, `/trade/tenders?id=${tenderId}`, 'tender-detail'],
      [pages.buyer, '/company/suppliers', 'suppliers'],
      [pages.s1, '/trade/tender-bids', 'my-bids'],
      [pages.s1, `/biddingTender?id=${tenderId}`, 'bid-page'],
    ];
    for (const [page, path, name] of shots) {
      await page.goto(path);
      await page.locator('.ant-table-wrapper, iframe').filter({ visible: true }).first().waitFor();
      if (name === 'bid-page') await page.frameLocator('iframe').last().getByTestId('bid-receipt').waitFor();
      await poll(() => page.locator('.ant-skeleton, .ant-spin-spinning').filter({ visible: true }).count()).toBe(0);
      await screenshot(page, `tenders-${name}-${lang}`);
      await expectAccessible(page, `${path} in ${lang}`);
    }
    expect(await pages.buyer.evaluate(() => document.documentElement.lang)).toBe(lang);
  });
});
