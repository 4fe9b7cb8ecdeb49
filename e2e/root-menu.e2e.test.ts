import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, type Browser, type Page } from 'playwright-core';
import { baseURL, launch, newPage, screenshot, signIn } from './support/browser';

/** A top menu with a long title in every language, as an operator may name one. */
const LONG_MENU = {
  id: 'e2e-long-root',
  parent_id: 'root',
  name: 'longRoot',
  title: '供应链金融与仓储物流结算服务中心',
  titleEn: 'Supply chain finance, warehousing and settlement services',
  titleTw: '供應鏈金融與倉儲物流結算服務中心',
  url: '',
  icon: 'AppstoreOutlined',
  sort: 5,
};
const TITLE_IN = { 'zh-CN': LONG_MENU.title, 'en-US': LONG_MENU.titleEn, 'zh-TW': LONG_MENU.titleTw } as const;

/** Signs the operator in through the API; answers a function that calls the API with that session. */
async function operatorApi() {
  const api = await request.newContext({ baseURL: baseURL() });
  const cc = ((await (await api.post('/gateway/getCheckCode')).json()) as { data: { cc: string } }).data.cc;
  const login = (await (
    await api.post('/omc/submitLogin', { data: { account: 'admin', password: 'Admin@2026', check_code: 'ABCD', req_code_session_id: cc } })
  ).json()) as { data: { utoken: string } };
  const token = login.data.utoken;
  const call = async <T>(path: string, data: object): Promise<T> => {
    const answer = (await (await api.post(path, { data, headers: { token } })).json()) as {
      return_code: string;
      error_info: string;
      data: T;
    };
    expect(answer.return_code, `${path}: ${answer.error_info}`).toBe('0');
    return answer.data;
  };
  return { call, dispose: () => api.dispose() };
}

/** Where each top menu and the strip they scroll in are, in CSS pixels, and whether the arrows show. */
async function measure(page: Page) {
  return page.evaluate(() => {
    const strip = document.querySelector('.shell-root-menu-strip')!.getBoundingClientRect();
    const nav = document.querySelector('.shell-root-menu')!;
    return {
      strip: { left: strip.left, right: strip.right, width: strip.width },
      arrows: nav.querySelectorAll('button.ant-btn').length,
      items: [...document.querySelectorAll<HTMLElement>('.shell-root-item')].map((item) => {
        const box = item.getBoundingClientRect();
        const text = item.querySelector<HTMLElement>('.shell-root-item-title')!;
        return {
          title: item.title,
          left: box.left,
          right: box.right,
          width: box.width,
          cut: text.scrollWidth > text.clientWidth,
        };
      }),
    };
  });
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
  const api = await operatorApi();
  await api.call('/omc/api/admin/menus/create', LONG_MENU);
  // Granted to the operator's role, beside what it grants already.
  const roles = await api.call<{ rows: { id: string; code: string; name: string; permissions: string[]; menuIds: string[] }[] }>(
    '/omc/api/admin/roles/list',
    { pageNo: 1, pageSize: 100 },
  );
  const operator = roles.rows.find((role) => role.menuIds.includes('system'))!;
  await api.call('/omc/api/admin/roles/update', {
    id: operator.id,
    name: operator.name,
    permissions: operator.permissions,
    menuIds: [...operator.menuIds, LONG_MENU.id],
  });
  await api.dispose();
});
afterAll(async () => {
  await browser?.close();
  // The other journeys see the demo menus only; deleting the menu takes its grants with it.
  const api = await operatorApi();
  await api.call('/omc/api/admin/menus/delete', { id: LONG_MENU.id });
  await api.dispose();
});

describe('the root menu with long titles', () => {
  it.each(['en-US', 'zh-CN', 'zh-TW'] as const)(
    'shows every top menu whole, or within reach of its arrows, at 1280 and 1920 px in %s',
    async (lang) => {
      const { context, page } = await newPage(browser, lang);
      await signIn(page, 'admin', 'Admin@2026');
      const long = page.locator(`.shell-root-item[title="${TITLE_IN[lang]}"]`);
      await long.waitFor();
      let narrowHidden = Number.POSITIVE_INFINITY;
      for (const width of [1280, 1920]) {
        await page.setViewportSize({ width, height: 800 });
        await expect.poll(async () => (await measure(page)).strip.width).toBeGreaterThan(0);
        await page.waitForTimeout(300);
        const before = await measure(page);
        // Every entry fits in the strip on its own; a title longer than an entry may be says so with an
        // ellipsis and shows whole on hover.
        for (const item of before.items) {
          expect(item.width, `${lang} ${width}: ${item.title}`).toBeLessThanOrEqual(before.strip.width);
          expect(item.title.length, `${lang} ${width}`).toBeGreaterThan(0);
        }
        // There is room for at least one whole entry and its arrows, whatever the tools beside it take.
        expect(before.strip.width, `${lang} ${width}`).toBeGreaterThanOrEqual(Math.max(...before.items.map((i) => i.width)));
        const hidden = before.items.filter((i) => i.left < before.strip.left - 1 || i.right > before.strip.right + 1);
        // Entries past the edge are reached with the arrows.
        if (hidden.length > 0) expect(before.arrows, `${lang} ${width}`).toBeGreaterThan(0);
        // A wider window shows at least as many whole entries; whether all of them fit depends on how many
        // top menus the operator has (the trading menus made them too many for 1920 px in English).
        if (width === 1920) expect(hidden.length, `${lang} ${width}`).toBeLessThanOrEqual(narrowHidden);
        if (width === 1280) narrowHidden = hidden.length;
        await screenshot(page, `root-menu-${lang}-${width}`);

        // The arrows bring the last entry wholly into view, one 80 px step at a time.
        for (let step = 0; step < 30; step += 1) {
          const now = await measure(page);
          const last = now.items.at(-1)!;
          if (last.right <= now.strip.right + 1) break;
          await page.getByRole('button', { name: /Scroll the menu right|向右滚动菜单|向右捲動選單/ }).click();
          await page.waitForTimeout(250);
        }
        const atEnd = await measure(page);
        expect(atEnd.items.at(-1)!.right, `${lang} ${width}`).toBeLessThanOrEqual(atEnd.strip.right + 1);

        // Chosen, the long entry is whole in view and opens its menu.
        await long.click();
        await expect.poll(() => long.getAttribute('aria-current')).toBe('true');
        await page.waitForTimeout(400);
        const chosen = await measure(page);
        const entry = chosen.items.find((i) => i.title === TITLE_IN[lang])!;
        expect(entry.left, `${lang} ${width}`).toBeGreaterThanOrEqual(chosen.strip.left - 1);
        expect(entry.right, `${lang} ${width}`).toBeLessThanOrEqual(chosen.strip.right + 1);
        await screenshot(page, `root-menu-${lang}-${width}-chosen`);
      }
      await context.close();
    },
    120_000,
  );
});
