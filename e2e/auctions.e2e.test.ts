import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { pressConfirm } from './support/antd';
import { expectAccessible } from './support/axe';
import { baseURL, launch, newPage, screenshot, signIn } from './support/browser';

/**
 * A live auction with four people at once: the operator credits two buyers' deposit accounts,
 * supplier01 publishes a public ascending auction that starts a minute later, the operator approves
 * it, buyer01 and buyer02 register (their deposits freeze), the room opens by itself at the start,
 * they outbid each other while both rooms show every bid within a second, a bid in the last seconds
 * extends the end on both screens, the space closes by itself, the winner finds its order, the
 * loser's deposit is free again, and the result shows every bid and the audit digest.
 *
 * The server runs on the real clock: the auction is short (60 s of bidding, a 20 s anti-sniping
 * window and extension) so the walk takes about four minutes.
 */

/** The machine running these may be busy: each wait allows 15 s unless it says otherwise. */
const poll = <T>(fn: () => T | Promise<T>, timeout = 15_000) => expect.poll(fn, { timeout, interval: 100 });

/** antd puts a space between two CJK characters of a button: 通过 reads 通 过. */
const button = (scope: Page | Locator, text: string) =>
  scope.getByRole('button', { name: new RegExp(`^(\\S+ )?${[...text].join('\\s?')}$`) });
const topDialog = (page: Page) => page.locator('.ant-modal-wrap .ant-modal').filter({ visible: true }).last();
const row = (page: Page, text: string) => page.locator('tr.ant-table-row').filter({ visible: true }).filter({ hasText: text }).first();
/** Presses OK on the confirmation on top. */
/** Presses OK on the confirmation on screen. */
const confirm = (page: Page) => pressConfirm(page);
/** Integer cents of an amount as the pages show it (￥12,345.67). */
const cents = (text: string | null) => Math.round(Number((text ?? '').replace(/[^\d.-]/g, '')) * 100);
const pad = (n: number) => String(n).padStart(2, '0');
/** A time as the date pickers take it, in the browser's zone (the same machine's). */
const pickerTime = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

async function typeTime(page: Page, field: Locator, when: Date) {
  await field.click();
  await field.fill(pickerTime(when));
  await page.locator('.ant-picker-dropdown:visible .ant-picker-ok button').click();
  // The panel closes with a short animation; the next field's panel opens once this one is gone.
  await page.locator('.ant-picker-dropdown:visible').first().waitFor({ state: 'hidden' });
}

/** Opens a page for each account in its own context and signs it in, all at once. */
async function signedIn(browser: Browser, accounts: readonly (readonly [string, string])[]): Promise<Page[]> {
  return Promise.all(
    accounts.map(async ([account, password]) => {
      const { page } = await newPage(browser);
      // A page that fails to render says why in the journey's output.
      page.on('pageerror', (error) => console.error(`[${account}] ${error.stack ?? error.message}`));
      await signIn(page, account, password);
      return page;
    }),
  );
}

/** A company's CNY deposit account as its deposit page shows it (opened beside the room). */
async function account(page: Page) {
  const tab = await page.context().newPage();
  await tab.goto('/trade/deposit');
  const card = tab.getByTestId('deposit-account-CNY');
  await card.waitFor();
  const figures = {
    available: cents(await card.getByTestId('deposit-available').textContent()),
    frozen: cents(await card.getByTestId('deposit-frozen').textContent()),
  };
  await tab.close();
  return figures;
}

async function credit(admin: Page, who: string, amount: string, voucher: string) {
  await admin.goto('/admin/deposits');
  const search = admin.getByPlaceholder('企业名称或账号');
  await search.fill(who);
  await admin.keyboard.press('Enter');
  const line = row(admin, who);
  await line.waitFor();
  await button(line, '入金').click();
  const form = topDialog(admin);
  await form.getByLabel('金额').fill(amount);
  await form.getByLabel('凭证号').fill(voucher);
  await form.locator('.ant-modal-footer .ant-btn-primary').click();
  await confirm(admin);
  await form.waitFor({ state: 'hidden' });
}

/** The current price a room shows, in cents. */
const currentPrice = async (page: Page) => cents(await page.getByTestId('room-current-price').textContent());
const endTime = async (page: Page) => Date.parse((await page.getByTestId('room-end-time').getAttribute('data-value')) ?? '');

/**
 * From now on the room page notes, on its own clock, the moment each best price and each end time
 * first appears in it. How late a screen showed a bid is then measured in the browsers, from the
 * bidder's page having the server's answer to the other page having the bid in its document, and
 * not by this process polling pages that a busy machine keeps it waiting for.
 */
async function noteWhatShows(page: Page): Promise<void> {
  await page.evaluate(() => {
    const shown: Record<string, number> = {};
    (window as unknown as { roomShownAt: Record<string, number> }).roomShownAt = shown;
    const note = () => {
      const at = Date.now();
      const price = document.querySelector('[data-testid="room-current-price"]')?.textContent ?? '';
      const end = document.querySelector('[data-testid="room-end-time"]')?.getAttribute('data-value') ?? '';
      const keys = [`price ${Math.round(Number(price.replace(/[^\d.-]/g, '')) * 100)}`, `end ${Date.parse(end)}`];
      for (const key of keys) if (!(key in shown)) shown[key] = at;
    };
    new MutationObserver(note).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['data-value'],
    });
    note();
  });
}

/** When the page first showed `key` ('price <cents>' or 'end <ms>'), on its clock; waits as long as a busy machine needs. */
async function shownAt(page: Page, key: string): Promise<number> {
  const read = () => page.evaluate((k) => (window as unknown as { roomShownAt?: Record<string, number> }).roomShownAt?.[k] ?? 0, key);
  await poll(read).toBeGreaterThan(0);
  return read();
}

/** A bid the server accepted, and when the bidder's page had the answer (on the browser's clock). */
interface Placed {
  price: number;
  answeredAt: number;
}

/** Places a bid at the price the box offers (the lowest acceptable now) and waits for the server's answer. */
async function bidLowestAcceptable(page: Page): Promise<Placed> {
  const box = page.getByTestId('bid-box');
  const price = Number(await box.getByTestId('bid-limit').getAttribute('data-value'));
  await box.getByTestId('bid-submit').click();
  const placed = page.waitForResponse((r) => r.url().endsWith('/auction/ws/bid/place'));
  await confirm(page);
  const response = await placed;
  const answer = (await response.json()) as { error_no: string; data: { price: number } };
  expect(answer.error_no).toBe('0');
  expect(answer.data.price).toBe(price);
  // The browser's own record: when the answer's first bytes reached the bidder's page.
  const timing = response.request().timing();
  expect(timing.responseStart).toBeGreaterThan(0);
  return { price, answeredAt: timing.startTime + timing.responseStart };
}

/** How late each screen showed what a bid changed, as measured: printed with the walk's other figures. */
const lateness: string[] = [];

/** Every screen showed `key` within a second of the bidder's page having the server's answer to the bid. */
async function expectShownWithinASecond(placed: Placed, key: string, screens: Record<string, Page>): Promise<void> {
  for (const [who, page] of Object.entries(screens)) {
    const late = Math.round((await shownAt(page, key)) - placed.answeredAt);
    lateness.push(`${key} on ${who}: ${late} ms`);
    expect(late, `${who} showed ${key} ${late} ms after the bid was answered`).toBeLessThanOrEqual(1_000);
  }
}

/** Runs one part of the walk: a failure names the part, and each part's time is printed. */
async function part<T>(name: string, run: () => Promise<T>): Promise<T> {
  const began = Date.now();
  try {
    return await run();
  } catch (err) {
    if (err instanceof Error) err.message = `${name}: ${err.message}`;
    console.log(`[auctions] failed: ${String(err)}`);
    throw err;
  } finally {
    console.log(`[auctions] ${name}: ${((Date.now() - began) / 1000).toFixed(1)} s`);
  }
}

/**
 * Ends a space a failed walk left approved or live (the operator suspends and withdraws it), so
 * that its registrations' deposits are released now and not in the middle of the next walk, whose
 * deposit figures they would change.
 */
async function withdrawLeftover(admin: Page, spaceId: string): Promise<void> {
  const answers = await admin.evaluate(async (id) => {
    const me = await fetch('/omc/api/user/getCurrUser', { credentials: 'include' });
    const csrf = me.headers.get('csrfcheck') ?? '';
    const post = async (path: string) => {
      const res = await fetch(path, {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...(csrf ? { csrfcheck: csrf } : {}) },
        body: JSON.stringify({ spaceId: id, reason: 'E2E 失败后撤回' }),
      });
      return ((await res.json()) as { error_no: string }).error_no;
    };
    return [await post('/auction/ws/auctionSpaceInfo/suspend'), await post('/auction/ws/auctionSpaceInfo/adminWithdraw')];
  }, spaceId);
  console.log(`[auctions] space ${spaceId} left by the failed walk: suspend ${answers[0]}, withdraw ${answers[1]}`);
}

const DEPOSIT = 100_000;
/** The space of the last walk that got through, for the pages in three languages. */
let walkedSpace = '';
let attempt = 0;

/**
 * One test holds the whole walk: its parts share one live space, so when CI retries a failure the
 * walk starts again from new browsers and a new space.
 */
describe('a live auction, from publishing to result', () => {
  it('publish, approve, register, bid live with extension, close, order and result', { timeout: 420_000 }, async () => {
    attempt += 1;
    const tag = `${Date.now().toString(36)}`;
    const NAME = `E2E 动力煤竞价 ${tag}`;
    const PIECE = `Q5500 动力煤 ${tag}`;
    const browser = await launch();
    let spaceId = '';
    // The operator's page, to withdraw what a failed walk left.
    let operator: Page | undefined;
    try {
      const [supplier, buyer1, buyer2, admin] = (await part('four people sign in', () =>
        signedIn(browser, [
          ['supplier01', 'Supplier@2026'],
          ['buyer01', 'Buyer@2026'],
          ['buyer02', 'Buyer@2026'],
          ['admin', 'Admin@2026'],
        ]),
      )) as [Page, Page, Page, Page];
      operator = admin;
      const before = { buyer1: { available: 0, frozen: 0 }, buyer2: { available: 0, frozen: 0 } };

      await part('the operator credits both buyers’ deposit accounts', async () => {
        await credit(admin, 'buyer01', '5000', `BANK-AUC-${tag}-1`);
        await credit(admin, 'buyer02', '5000', `BANK-AUC-${tag}-2`);
        before.buyer1 = await account(buyer1);
        before.buyer2 = await account(buyer2);
        expect(before.buyer1.available).toBeGreaterThanOrEqual(DEPOSIT);
        expect(before.buyer2.available).toBeGreaterThanOrEqual(DEPOSIT);
      });

      let begin = new Date();
      await part('supplier01 publishes a public ascending auction starting in one minute', async () => {
        await Promise.all([supplier.goto('/trade/auctions'), admin.goto('/admin/auction-review')]);
        await supplier.getByTestId('auction-create').click();
        const form = topDialog(supplier);
        await form.getByLabel('场次名称').fill(NAME);
        await form.getByLabel('商品类别').fill('动力煤');
        await form.getByLabel('公开增价').check();
        await form.getByLabel('价格幅度').fill('10');
        await form.getByLabel('报名保证金').fill('1000');
        await form.getByLabel('延时触发时段').fill('20');
        await form.getByLabel('延时时长').fill('20');
        const piece = form.getByTestId('auction-piece-form');
        await piece.getByLabel('标的名称').fill(PIECE);
        await piece.getByLabel('品种').click();
        await supplier.keyboard.type('Q5500');
        await supplier
          .locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper')
          .filter({ hasText: 'Q5500' })
          .first()
          .click();
        await piece.getByLabel('数量').fill('100');
        await piece.getByLabel('起拍价（单价）').fill('500');
        await piece.getByLabel('交收地点').fill('秦皇岛港 6 号泊位');
        // The times last, so that the space starts a minute after it is sent.
        begin = new Date(Date.now() + 60_000);
        await typeTime(supplier, form.getByLabel('开始时间'), begin);
        await typeTime(supplier, form.getByLabel('结束时间', { exact: true }), new Date(begin.getTime() + 60_000));
        const submitted = supplier.waitForResponse((r) => r.url().endsWith('/auction/ws/auctionSpaceInfo/submit'));
        await form.getByTestId('auction-save-submit').click();
        const answer = (await (await submitted).json()) as { error_no: string; data: { spaceId: string; spaceStatus: number } };
        expect(answer.error_no).toBe('0');
        // Submitted for review.
        expect(answer.data.spaceStatus).toBe(1);
        spaceId = answer.data.spaceId;
        await form.waitFor({ state: 'hidden' });
      });

      const roomUrl = () => `/auctionBuyerDetail?openType=1&spaceId=${spaceId}`;
      const resultUrl = () => `/auctionBuyerDetail?openType=3&spaceId=${spaceId}`;
      await part('the operator approves it, and both buyers register with their deposits frozen', async () => {
        await admin.reload();
        const pending = row(admin, NAME);
        await pending.waitFor();
        await button(pending, '通过').click();
        await confirm(admin);
        await poll(() => row(admin, NAME).count()).toBe(0);

        // Registration closes at the start: both buyers register at once, while the owner's list
        // shows the approval and the way into the room.
        await Promise.all([
          ...[buyer1, buyer2].map(async (page) => {
            await page.goto(roomUrl());
            await page.getByTestId('room-starts-in').waitFor();
            await page.getByTestId('room-register').click();
            await poll(() => page.locator('.ant-modal-confirm').filter({ visible: true }).textContent()).toContain('￥1,000.00');
            await confirm(page);
            await poll(() => page.getByTestId('room-registered').textContent()).toMatch(/竞买人 \d+/);
          }),
          (async () => {
            await supplier.reload();
            const approved = row(supplier, NAME);
            await poll(() => approved.textContent()).toContain('审核通过');
            expect(await approved.getByTestId('space-room-link').getAttribute('href')).toContain(`spaceId=${spaceId}`);
          })(),
        ]);
        // Registered before the start: no bid box yet, a countdown to the start instead.
        expect(await buyer1.getByTestId('bid-box').count()).toBe(0);
        await screenshot(buyer1, 'auctions-room-before-start-zh-CN');
        // The owner watches the same room.
        await supplier.goto(roomUrl().replace('openType=1', 'openType=2'));
        await supplier.getByTestId('auction-room').waitFor();
        const frozen1 = await account(buyer1);
        expect(frozen1.frozen - before.buyer1.frozen).toBe(DEPOSIT);
        expect(before.buyer1.available - frozen1.available).toBe(DEPOSIT);
        expect((await account(buyer2)).frozen - before.buyer2.frozen).toBe(DEPOSIT);
      });

      const rooms = { buyer01: buyer1, buyer02: buyer2, supplier01: supplier };
      await part('the room opens by itself at the start, on every screen', async () => {
        for (const page of Object.values(rooms)) await noteWhatShows(page);
        const wait = Math.max(begin.getTime() - Date.now(), 0) + 60_000;
        for (const page of [buyer1, buyer2]) {
          await poll(() => page.getByTestId('room-status').textContent(), wait).toBe('竞拍中');
          await page.getByTestId('bid-box').waitFor();
        }
        await poll(() => supplier.getByTestId('room-status').textContent()).toBe('竞拍中');
        expect(await supplier.getByTestId('bid-box').count()).toBe(0);
      });

      await part('they outbid each other and both rooms show each bid within a second', async () => {
        const first = await bidLowestAcceptable(buyer1);
        expect(first.price).toBe(50_000);
        await expectShownWithinASecond(first, `price ${first.price}`, rooms);
        const alias1 = (await buyer1.getByTestId('room-leader').textContent()) ?? '';
        await poll(() => buyer1.getByTestId('room-my-status').getAttribute('data-status')).toBe('leading');

        // buyer02's box now offers one step more.
        await poll(async () => Number(await buyer2.getByTestId('bid-limit').getAttribute('data-value'))).toBe(51_000);
        const second = await bidLowestAcceptable(buyer2);
        await expectShownWithinASecond(second, `price ${second.price}`, rooms);
        await poll(() => buyer1.getByTestId('room-leader').textContent()).not.toBe(alias1);
        await poll(() => buyer1.getByTestId('room-my-status').getAttribute('data-status')).toBe('outbid');
        // The history is the server's order, newest first, on both screens.
        for (const page of [buyer1, buyer2]) {
          await poll(() => page.getByTestId('history-price').allTextContents()).toEqual(['￥510.00', '￥500.00']);
        }
        // The owner sees which companies bid; the bidders see aliases only.
        await poll(() => supplier.getByTestId('room-history').textContent()).toContain('华东钢铁股份有限公司');
        expect(await buyer1.getByTestId('room-history').textContent()).not.toContain('华东钢铁股份有限公司');
        await screenshot(buyer1, 'auctions-room-zh-CN');
        await screenshot(buyer2, 'auctions-room-buyer02-zh-CN');

        // Visitors watch the public room in the other languages.
        for (const lang of ['en-US', 'zh-TW']) {
          const { context, page } = await newPage(browser, lang);
          await page.goto(roomUrl().replace('openType=1', 'openType=2'));
          await poll(() => currentPrice(page)).toBe(second.price);
          await screenshot(page, `auctions-room-${lang}`);
          await context.close();
        }
      });

      await part('a bid in the last seconds extends the end on both screens', async () => {
        // Wait into the anti-sniping window (the last 20 s) by the room's own countdown.
        await poll(async () => Number(await buyer1.getByTestId('room-ends-in').getAttribute('data-left')), 90_000).toBeLessThanOrEqual(15);
        const endBefore = await endTime(buyer1);
        const third = await bidLowestAcceptable(buyer1);
        expect(third.price).toBe(52_000);
        await expectShownWithinASecond(third, `price ${third.price}`, rooms);
        await poll(() => endTime(buyer1)).toBeGreaterThan(endBefore);
        const endAfter = await endTime(buyer1);
        await expectShownWithinASecond(third, `end ${endAfter}`, rooms);
        for (const page of [buyer1, buyer2]) await poll(() => page.getByTestId('room-extended').count()).toBe(1);
        expect(await endTime(buyer2)).toBe(endAfter);
        await screenshot(buyer2, 'auctions-room-extended-zh-CN');
      });

      await part('the space closes by itself; the winner has its order and the loser’s deposit is free again', async () => {
        for (const page of [buyer1, buyer2, supplier]) {
          await poll(() => page.getByTestId('room-status').textContent(), 90_000).toBe('成交中');
        }
        await poll(() => buyer1.getByTestId('room-trade-status').textContent()).toBe('成交');
        expect(await buyer1.getByTestId('bid-box').count()).toBe(0);

        await buyer1.goto('/trade/purchase-orders');
        const order = row(buyer1, PIECE);
        await poll(() => order.textContent()).toContain('待付款');
        expect(await order.textContent()).toContain('￥52,000.00');
        await screenshot(buyer1, 'auctions-winner-order-zh-CN');
        // The win made a contract for both parties to read and sign.
        await order.locator('td').first().getByRole('button').click();
        const contract = buyer1.locator('.tc-order-drawer .ant-drawer-body').filter({ visible: true }).last().getByTestId('order-contract');
        await poll(() => contract.getByTestId('contract-state').textContent()).toBe('待签署');
        await buyer1.keyboard.press('Escape');

        const loser = await account(buyer2);
        expect(loser).toEqual(before.buyer2);
        // The winner's deposit stays frozen until its order completes.
        expect((await account(buyer1)).frozen - before.buyer1.frozen).toBe(DEPOSIT);
      });

      await part('the result shows every bid in the server’s order and the audit digest', async () => {
        await buyer2.goto(resultUrl());
        await buyer2.getByTestId('auction-result').waitFor();
        await poll(() => buyer2.getByTestId('result-outcome').textContent()).toBe('成交');
        expect(await buyer2.getByTestId('result-deal-price').textContent()).toBe('￥520.00');
        const rows = buyer2.getByTestId('result-history').locator('tr.ant-table-row');
        await poll(() => rows.count()).toBe(3);
        const seqs = (await rows.evaluateAll((trs) => trs.map((tr) => Number(tr.querySelector('td')?.textContent)))) as number[];
        expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
        expect(((await buyer2.getByTestId('result-digest').textContent()) ?? '').trim()).toMatch(/^[0-9a-f]{64}/);
        await screenshot(buyer2, 'auctions-result-zh-CN');
        for (const lang of ['en-US', 'zh-TW']) {
          const { context, page } = await newPage(browser, lang);
          await page.goto(resultUrl());
          await page.getByTestId('result-digest').waitFor();
          await screenshot(page, `auctions-result-${lang}`);
          await context.close();
        }
      });
      walkedSpace = NAME;
    } catch (err) {
      // A failed walk leaves a picture of every open page behind, and no space that would
      // disturb the next walk's figures.
      const open = browser.contexts().flatMap((c) => c.pages());
      for (const [i, page] of open.entries()) await screenshot(page, `auctions-failed-${attempt}-${i}`).catch(() => undefined);
      if (spaceId && operator)
        await withdrawLeftover(operator, spaceId).catch((e: unknown) => console.error(`[auctions] withdrawal failed: ${String(e)}`));
      throw err;
    } finally {
      console.log(`[auctions] walk ${attempt}, how late each screen showed a bid: ${lateness.splice(0).join('; ')}`);
      await browser.close();
    }
  });
});

describe('the auction pages in three languages', { timeout: 240_000 }, () => {
  let browser: Browser;
  let supplier: Page;
  let buyer2: Page;
  let admin: Page;
  beforeAll(async () => {
    browser = await launch();
    [supplier, buyer2, admin] = (await signedIn(browser, [
      ['supplier01', 'Supplier@2026'],
      ['buyer02', 'Buyer@2026'],
      ['admin', 'Admin@2026'],
    ])) as [Page, Page, Page];
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
  });

  it.each(['en-US', 'zh-TW', 'zh-CN'])('%s', async (lang) => {
    for (const page of [supplier, buyer2, admin]) {
      await page.context().addCookies([{ name: 'lang', value: lang, url: baseURL() }]);
    }
    const shots: [Page, string, string][] = [
      [supplier, '/trade/auctions', 'mine'],
      [buyer2, '/trade/auction-registrations', 'registrations'],
      [admin, '/admin/auction-review', 'review'],
    ];
    for (const [page, path, name] of shots) {
      await page.goto(path);
      await page.locator('.ant-table-wrapper').filter({ visible: true }).first().waitFor();
      await poll(() => page.locator('.ant-skeleton, .ant-spin-spinning').filter({ visible: true }).count()).toBe(0);
      await screenshot(page, `auctions-${name}-${lang}`);
      await expectAccessible(page, `${path} in ${lang}`);
    }
    // The owner's space of the walk in its drawer: the pieces with the reserve column and the deal.
    expect(walkedSpace, 'the live auction walk got through with a space to show').not.toBe('');
    await supplier.goto('/trade/auctions');
    await row(supplier, walkedSpace).getByRole('button').first().click();
    await supplier.getByTestId('space-pieces').filter({ visible: true }).waitFor();
    await screenshot(supplier, `auctions-mine-detail-${lang}`);
    expect(await supplier.evaluate(() => document.documentElement.lang)).toBe(lang);
  });
});
