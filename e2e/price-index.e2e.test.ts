import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { expectAccessible } from './support/axe';
import { launch, newPage, pictureFailure, screenshot, signIn } from './support/browser';

/** Where the pictures of the price page in each language and width go, for a person to look at. */
const SHOTS = '/tmp/shots-price-index';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterEach(async (ctx) => pictureFailure(browser, 'price-index', ctx.task));
afterAll(async () => {
  await browser?.close();
});

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000, interval: 200 });

describe('the price page', () => {
  it('opens from the home page’s index block, switches ranges, reads a candle under the pointer and shows the table', async () => {
    const { context, page } = await newPage(browser, 'zh-CN');
    try {
      await page.goto('/index');
      // An index computed from deals says so, and its name leads to its price page.
      const block = page.locator('.home-price-index');
      await block.getByText('成交', { exact: true }).first().waitFor();
      await block.getByRole('link', { name: '动力煤 Q5000价格走势' }).click();
      await page.waitForURL('**/priceIndex?varietyCode=COAL-STEAM-5000');
      await page.getByRole('heading', { name: '成交价格指数', level: 1 }).waitFor();
      await poll(() => page.getByLabel('品种').inputValue()).toBe('COAL-STEAM-5000');
      await page.locator('.price-chart canvas').first().waitFor();

      // Three months by default; a year and all of it draw more days, one month fewer.
      const ranges = page.getByRole('group', { name: '时间范围' });
      expect(await ranges.getByRole('button', { name: '3个月' }).getAttribute('aria-pressed')).toBe('true');
      await ranges.getByRole('button', { name: '1年' }).click();
      expect(await ranges.getByRole('button', { name: '1年' }).getAttribute('aria-pressed')).toBe('true');
      await ranges.getByRole('button', { name: '1个月' }).click();

      // The pointer over the chart names that day's candle: open, high, low, close, index and the sample count.
      const legend = page.getByTestId('price-legend');
      const lastDay = await legend.locator('dd').first().textContent();
      const chart = page.locator('.price-chart');
      const box = (await chart.boundingBox())!;
      await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.4);
      await poll(() => legend.locator('dd').first().textContent()).not.toBe(lastDay);
      const hovered = (await legend.textContent()) ?? '';
      expect(hovered).toMatch(/开盘/);
      expect(hovered).toMatch(/指数\s*[\d,]+\.\d\d/);
      expect(hovered).toMatch(/样本 \d+ 笔，剔除 \d+ 笔/);
      await expectAccessible(page, '/priceIndex (chart)');

      // The same numbers as a table, with a caption, one row per day of the month.
      await page.getByRole('group', { name: '显示方式' }).getByRole('button', { name: '表格' }).click();
      const table = page.getByRole('table', { name: /动力煤 Q5000每日成交价格指数/ });
      await table.waitFor();
      const rows = await table.locator('tbody tr').count();
      expect(rows).toBeGreaterThan(25);
      expect(rows).toBeLessThan(33);
      expect(await table.getByRole('columnheader').allTextContents()).toEqual(
        expect.arrayContaining(['日期', '指数', '开盘', '最高', '最低', '收盘', '成交量', '样本数', '剔除']),
      );
      await expectAccessible(page, '/priceIndex (table)');
      await screenshot(page, 'price-index-table');
    } finally {
      await context.close();
    }
  });

  it.each(['zh-CN', 'en-US', 'zh-TW'])('reads in %s on a desktop and at phone width, accessibly', async (lang) => {
    const { context, page } = await newPage(browser, lang);
    try {
      fs.mkdirSync(SHOTS, { recursive: true });
      for (const [name, width, height] of [
        ['desktop', 1440, 1000],
        ['phone', 390, 844],
      ] as const) {
        await page.setViewportSize({ width, height });
        await page.goto('/priceIndex?varietyCode=METH-REFINED-SUPER');
        await page.locator('.price-chart canvas').first().waitFor();
        const title = { 'zh-CN': '成交价格指数', 'en-US': 'Deal price index', 'zh-TW': '成交價格指數' }[lang]!;
        await page.getByRole('heading', { name: title, level: 1 }).waitFor();
        // Nothing wider than the screen at phone width.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await expectAccessible(page, `/priceIndex ${lang} ${name}`);
        await page.screenshot({ path: path.join(SHOTS, `price-${lang}-${name}.png`), fullPage: true });
      }
    } finally {
      await context.close();
    }
  });
});

describe('the operators’ publications page', () => {
  it('withholds a value with a reason and publishes it again, accessibly', async () => {
    const { context, page } = await newPage(browser, 'zh-CN');
    try {
      await signIn(page, 'admin', 'Admin@2026');
      await page.goto('/admin/price-index-publications');
      const row = page.locator('tr.ant-table-row').filter({ visible: true }).nth(1);
      await row.waitFor();
      await expectAccessible(page, '/admin/price-index-publications');
      await row.getByRole('button', { name: '暂停发布' }).click();
      const dialog = page.locator('.ant-modal');
      await dialog.getByLabel('原因').fill('成交数据待核实');
      await dialog.getByRole('button', { name: '暂停发布' }).click();
      await row.getByText('成交数据待核实').waitFor();
      expect(await row.locator('td').nth(1).textContent()).toBe('-');
      await row.getByRole('button', { name: '恢复发布' }).click();
      await dialog.getByLabel('原因').fill('已核实');
      await dialog.getByRole('button', { name: '恢复发布' }).click();
      await row.getByText('已核实').waitFor();
      expect(await row.locator('td').nth(1).textContent()).toMatch(/^[\d,]+\.\d\d$/);
      await screenshot(page, 'price-index-publications');
    } finally {
      await context.close();
    }
  });
});
