import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Frame, Page } from 'playwright-core';
import { baseURL, launch, openDrawn as open, signIn } from './support/browser';

/**
 * Every word of the product in the reader's language. The main pages (portal, trading centre,
 * message centre, orders, auctions, tenders, deposits, back-office menus) are walked in English and
 * in traditional Chinese: in English no product text may carry a Chinese character, in traditional
 * Chinese none may carry a simplified-only one. What people entered (the demo data's company names,
 * titles, varieties, articles, reasons) is theirs and may be in any script: a text is theirs when
 * the demo data holds it. Each page is photographed into SHOTS_DIR (default /tmp/shots-languages).
 */

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-languages';
const DESKTOP = { width: 1440, height: 900 };

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;

/**
 * Characters simplified Chinese uses where traditional Chinese writes another form (们 for 們 …):
 * any of them in a traditional-Chinese product text is a text left untranslated.
 */
const SIMPLIFIED_ONLY = new Set(
  Array.from(
    '们这个为过时发开关门问间页数订单购买卖钱费账户电话码设备计实现际会员务动态导类别报审试验证书认识读写输货运车辆东边产业农' +
      '银钢铁矿炼压络线终构织组级统总额头对错误择显签约协议题论坛阅览欢进远还样条长亲爱习惯观点见视频听说谁谈让记录图馆历传经济' +
      '营规则负责专阶节资环护卫质检测联维杂纸张币种换汇财软储确权补贴涨变趋势销仓装载离标评较结带竞场状续请选项详细应该处将启吗',
  ),
);

const LANGUAGE_NAMES = ['简体中文', '繁體中文'];
const UNITS = ['吨', '千克', '公斤', '桶', '箱', '袋', '件'];

/** The string literals of TypeScript files that hold Chinese, each template split at its placeholders. */
function chineseLiterals(where: string | string[], placeholders: RegExp): Set<string> {
  const texts = new Set<string>();
  const files = typeof where === 'string' ? fs.readdirSync(where).map((f) => path.join(where, f)) : where;
  for (const file of files.filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const source = fs.readFileSync(file, 'utf8');
    for (const match of source.matchAll(/'((?:[^'\\\n]|\\.)*)'|`((?:[^`\\]|\\.)*)`/g)) {
      for (const part of (match[1] ?? match[2] ?? '').split(placeholders)) if (CJK.test(part)) texts.add(part.trim());
    }
  }
  return texts;
}

const ROOT = path.resolve(__dirname, '..');
/** Every text the demo data writes that holds Chinese: what its users entered, allowed in any language. */
const DEMO_DIR = path.join(ROOT, 'apps/server/src/demo');
/** The demo data, and the demo accounts and companies that the sign-in module also knows. */
const DEMO = chineseLiterals(
  [...fs.readdirSync(DEMO_DIR).map((f) => path.join(DEMO_DIR, f)), path.join(ROOT, 'apps/server/src/db/demo-accounts.ts')],
  /\$\{[^}]*\}/,
);
/**
 * What the other journeys type into the product (a tender's question, an order's note): theirs as a
 * user's, wherever the product shows it later on the same server. Read from the texts they fill in.
 */
const TYPED = new Set(
  fs
    .readdirSync(import.meta.dirname)
    .filter((f) => f.endsWith('.e2e.test.ts') && f !== 'languages.e2e.test.ts')
    .flatMap((f) => [
      ...fs
        .readFileSync(path.join(import.meta.dirname, f), 'utf8')
        .matchAll(/(?:\.(?:fill|type|pressSequentially)\(|\b(?:note|reason|remark|question|answer):\s*)'([^'\n]*[\u3400-\u9fff][^'\n]*)'/g),
    ])
    .map((m) => m[1]!.trim()),
);
for (const text of TYPED) DEMO.add(text);
/** The product's own short words in simplified Chinese (labels, units, states): never a user's text on their own. */
const PRODUCT_WORDS = new Set(
  [
    ...chineseLiterals(path.join(ROOT, 'apps/web/src/i18n/zh-CN'), /\{\{?\w+\}?\}/),
    ...chineseLiterals(path.join(ROOT, 'packages/contracts/src'), /\{\w+\}/),
  ].filter((w) => Array.from(w).length <= 8 && (!DEMO.has(w) || UNITS.includes(w))),
);
/** The demo texts as one string to search in; a unit on its own is a product word, not content. */
const CORPUS = [...DEMO].filter((d) => !UNITS.includes(d)).join('\u0000');

/**
 * The Chinese characters of a text that are not a user's. The text is covered, left to right, by
 * the longest pieces (two characters or more) the demo data holds; a single character counts as
 * covered when the demo data holds it and it is no product word (a name's initial on an avatar).
 * A whole text that is one of the product's words is the product's, wherever else it appears.
 */
function notUsers(text: string): string {
  if (LANGUAGE_NAMES.includes(text) || DEMO.has(text)) return '';
  if (PRODUCT_WORDS.has(text)) return text;
  const chars = Array.from(text);
  let rest = '';
  for (let i = 0; i < chars.length;) {
    if (!CJK.test(chars[i]!)) {
      i += 1;
      continue;
    }
    let j = i + 2;
    while (j <= chars.length && CORPUS.includes(chars.slice(i, j).join(''))) j += 1;
    if (j - 1 > i + 1) i = j - 1;
    else {
      const one = chars[i]!;
      if (!CORPUS.includes(one) || PRODUCT_WORDS.has(one)) rest += one;
      i += 1;
    }
  }
  return rest;
}

let browser: Browser;

/** The visible texts of a frame: text nodes, placeholders and titles, each trimmed. */
async function textsIn(frame: Frame): Promise<string[]> {
  return frame.evaluate(() => {
    const out: string[] = [];
    const visible = (el: Element | null) =>
      !!el && (el as HTMLElement).checkVisibility?.({ checkOpacity: true, checkVisibilityCSS: true }) !== false;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || ['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE'].includes(parent.tagName) || !visible(parent)) continue;
      const text = node.textContent?.trim();
      if (text) out.push(text);
    }
    for (const el of Array.from(document.querySelectorAll('[placeholder], [title]'))) {
      if (!visible(el)) continue;
      for (const attr of ['placeholder', 'title']) {
        const value = el.getAttribute(attr)?.trim();
        if (value) out.push(value);
      }
    }
    return out;
  });
}

/**
 * What on the page is in the wrong script for `lang`, each offending text once with its frame: in
 * English any Chinese that is not a user's, in traditional Chinese any simplified-only character
 * that is not a user's.
 */
async function wrongScript(page: Page, lang: 'en-US' | 'zh-TW'): Promise<string[]> {
  const found = new Set<string>();
  for (const frame of page.frames().filter((f) => f.url().startsWith('http'))) {
    for (const text of await textsIn(frame)) {
      if (!CJK.test(text)) continue;
      const rest = notUsers(text);
      if (lang === 'en-US' ? rest.length > 0 : Array.from(rest).some((c) => SIMPLIFIED_ONLY.has(c)))
        found.add(`${new URL(frame.url()).pathname}: ${text.slice(0, 120)} [${rest}]`);
    }
  }
  return [...found];
}

async function person(lang: string, account?: [string, string]): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseURL(), locale: lang, viewport: DESKTOP, timezoneId: 'Europe/London' });
  await context.addCookies([{ name: 'lang', value: lang, url: baseURL() }]);
  const page = await context.newPage();
  if (account) await signIn(page, ...account);
  return page;
}

async function shoot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

const PORTAL = ['/index', '/onListing', '/auctionCenter', '/biddingTender', '/newsList'];
const WALKS: Record<string, { account?: [string, string]; pages: string[] }> = {
  visitor: { pages: PORTAL },
  buyer01: {
    account: ['buyer01', 'Buyer@2026'],
    pages: [
      '/mainIndex',
      '/trade/purchase-orders',
      '/trade/tenders',
      '/trade/tender-bids',
      '/trade/auctions',
      '/trade/auction-registrations',
      '/trade/deposit',
      '/trade/messages',
      '/trade/listings',
    ],
  },
  supplier01: {
    account: ['supplier01', 'Supplier@2026'],
    pages: ['/trade/listings', '/trade/sales-orders', '/trade/auctions', '/trade/tender-bids', '/trade/deposit', '/trade/messages'],
  },
  admin: {
    account: ['admin', 'Admin@2026'],
    pages: ['/admin/listing-review', '/admin/auction-review', '/admin/tender-review', '/admin/orders', '/admin/deposits', '/admin/users'],
  },
};

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(['en-US', 'zh-TW'] as const)('every product text in %s', (lang) => {
  it.each(Object.keys(WALKS))(
    'on the pages %s opens',
    async (who) => {
      const { account, pages } = WALKS[who]!;
      const page = await person(lang, account);
      const wrong: string[] = [];
      for (const address of pages) {
        await open(page, address);
        // The back office's menus: every group open, so each entry's name is read.
        for (const group of await page.locator('.ant-menu-submenu-title').filter({ visible: true }).all())
          await group.click().catch(() => undefined);
        await shoot(page, `${lang}-${who}-${address.replace(/\W+/g, '-').replace(/^-|-$/g, '')}`);
        wrong.push(...(await wrongScript(page, lang)).map((w) => `${address} ${w}`));
      }
      await page.context().close();
      expect([...new Set(wrong)], `${lang === 'en-US' ? 'Chinese' : 'simplified Chinese'} in product texts`).toEqual([]);
    },
    240_000,
  );
});
