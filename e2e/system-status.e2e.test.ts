import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseURL, launch, newPage, screenshot, signIn } from './support/browser';

/** Where the pictures of the page in each language go, for a person to look at. */
const SHOTS = '/tmp/shots-system';

let browser: Browser;
let nodeId: string;
beforeAll(async () => {
  browser = await launch();
  // The server's own name, as it reports it to Prometheus (the test runs on the loopback address /metrics answers).
  const metrics = await (await fetch(`${baseURL()}/metrics`)).text();
  nodeId = /portal_node_info\{node="([^"]+)"/.exec(metrics)![1]!;
});
afterAll(async () => {
  await browser?.close();
});

/** The contrast of the first element's text colour against white. */
async function contrastOnWhite(page: Page, selector: string): Promise<number> {
  const rgb = await page
    .locator(selector)
    .first()
    .evaluate((el) => getComputedStyle(el).color);
  const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((c) => {
    const v = Number(c) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  return 1.05 / (luminance + 0.05);
}

describe('the operators’ system page', () => {
  it.each([
    ['zh-CN', '系统状态', '本节点', '在线', '就绪检查', '数据库', '正常'],
    ['en-US', 'System status', 'this node', 'Up', 'Readiness checks', 'Database', 'OK'],
    ['zh-TW', '系統狀態', '本節點', '線上', '就緒檢查', '資料庫', '正常'],
  ])('shows this node up and the database ready, in %s', async (lang, title, thisNode, up, checks, database, ok) => {
    const { context, page } = await newPage(browser, lang);
    try {
      await signIn(page, 'admin', 'Admin@2026');
      // The menu reaches it under system management.
      await page.goto('/admin/system-status');
      await page.getByRole('heading', { name: title, level: 1 }).waitFor();
      // The menu that opens it, under system management, in the sidebar.
      expect(await page.getByRole('menuitem', { name: title }).count()).toBeGreaterThan(0);
      const row = page.locator('tr.ant-table-row').filter({ visible: true }).filter({ hasText: nodeId }).first();
      await row.waitFor();
      expect(await row.textContent()).toContain(thisNode);
      expect(await row.textContent()).toContain(up);
      await page.getByRole('heading', { name: checks }).waitFor();
      const check = page.locator('.ss-checks li').filter({ has: page.getByText(database, { exact: true }) });
      expect(await check.textContent()).toContain(ok);
      // The states are read in words and in colours dark enough on white (WCAG AA: 4.5:1).
      expect(await contrastOnWhite(page, '.ss-flag.ss-ok')).toBeGreaterThanOrEqual(4.5);
      // The page asks again on its own: after a poll the charts have a line to draw.
      await expect.poll(() => page.locator('svg.ss-sparkline polyline').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      await screenshot(page, `system-status-${lang}`);
      fs.mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: path.join(SHOTS, `system-status-${lang}.png`), fullPage: true });
    } catch (err) {
      await screenshot(page, `system-status-failed-${lang}`);
      throw err;
    } finally {
      await context.close();
    }
  });
});
