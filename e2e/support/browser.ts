import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterEach, expect, inject } from 'vitest';
import { button } from './antd';

/** This worker's server: each worker has a server and database of its own. */
export const baseURL = () => {
  const urls = inject('baseURLs');
  return urls[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % urls.length]!;
};

/** What the pages' Content-Security-Policy refused since the last journey ended. */
const cspViolations: string[] = [];

/**
 * Every journey fails when the product's own policy refused anything on its pages: the policy
 * must allow what the product loads. The browser reports a refusal twice (a console message and
 * a `securitypolicyviolation` event in the page or frame); both are collected.
 */
afterEach(() => {
  const found = cspViolations.splice(0);
  expect(found, 'Content-Security-Policy violations').toEqual([]);
});

async function watchContentSecurityPolicy(context: BrowserContext): Promise<void> {
  context.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(`console: ${message.text()} (${message.location().url})`);
  });
  await context.exposeBinding('__reportCspViolation', (_source, report: string) => {
    cspViolations.push(`event: ${report}`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation?: (text: string) => void }).__reportCspViolation;
      report?.(
        `${event.effectiveDirective} refused ${event.blockedURI || 'inline'} in ${event.documentURI} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
}

/** Debian's Chromium with the flags this machine needs and a fresh profile. */
export async function launch(): Promise<Browser> {
  // Playwright gives every launch a fresh, empty profile (its own --user-data-dir).
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  // Every context of the browser, also one a journey makes itself, reports policy violations and
  // has a person at the pointer.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await watchContentSecurityPolicy(context);
    context.on('page', personAtThePointer);
    return context;
  };
  return browser;
}

const untouched = new WeakSet<Page>();

/** Pages loaded in `page` get no pointer move: what a visit that only reads sees. */
export function withoutPerson(page: Page): void {
  untouched.add(page);
}

/**
 * A first screen from the server starts the app's code at the first sign of a person (decision
 * 165): every page load moves the pointer a little, as a hand on the mouse does, so a journey's
 * first step (typing, waiting for a live element) meets the app and not the copy.
 */
function personAtThePointer(page: Page): void {
  let step = 0;
  page.on('load', () => {
    if (untouched.has(page)) return;
    step += 1;
    page.mouse.move(1 + (step % 2), 1 + (step % 2)).catch(() => undefined);
  });
}

export async function newPage(browser: Browser, lang = 'zh-CN'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseURL(), locale: lang, viewport: { width: 1366, height: 820 } });
  await context.addCookies([{ name: 'lang', value: lang, url: baseURL() }]);
  const page = await context.newPage();
  return { context, page };
}

const shots = path.resolve(__dirname, '../../.e2e-artifacts');
/** Saves a screenshot to .e2e-artifacts/ for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
}

/** Signs in through the login form with the test picture code. */
export async function signIn(page: Page, account: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/用户名|Username|使用者名稱/).fill(account);
  await page.getByRole('textbox', { name: /^(密码|Password|密碼)$/ }).fill(password);
  await page.getByRole('textbox', { name: /验证码|Code|驗證碼/ }).fill('ABCD');
  await page.getByRole('button', { name: /(登\s?录|Sign in|登\s?入)$/ }).click();
  await page.waitForURL('**/mainIndex');
}

/** After a failed step, a picture of every page the browser has open, named after the step. */
export async function pictureFailure(browser: Browser, prefix: string, task: { name: string; result?: { state?: string } }): Promise<void> {
  if (task.result?.state !== 'fail') return;
  const pages = browser.contexts().flatMap((c) => c.pages());
  for (const [i, page] of pages.entries()) await screenshot(page, `${prefix}-failed-${task.name.replace(/\W+/g, '-')}-${i}`);
}

/**
 * Signs in an account an operator made: its password is an initial one, so the forced change
 * comes first, then a fresh sign-in with the new password.
 */
export async function signInChangingInitialPassword(page: Page, account: string, initial: string, changed: string): Promise<void> {
  await signIn(page, account, initial);
  const forced = page.locator('.forced-password-dialog .ant-modal');
  await forced.waitFor();
  await forced.getByLabel('原密码').fill(initial);
  await forced.getByLabel('新密码', { exact: true }).fill(changed);
  await forced.getByLabel('确认新密码').fill(changed);
  await button(forced, '确认修改').click();
  await page.waitForURL('**/login');
  await signIn(page, account, changed);
}

/** Opens a page and waits until it has drawn its data: no first-screen copy, skeleton or spinner left. */
export async function openDrawn(page: Page, address: string): Promise<void> {
  const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000, interval: 200 });
  await page.goto(address);
  await poll(() => page.locator('#first-screen').count()).toBe(0);
  await page.locator('main, .shell-pane').filter({ visible: true }).first().waitFor();
  const busy = (scope: Page | ReturnType<Page['frameLocator']>) =>
    scope.locator('.ant-skeleton, .ant-spin-spinning, .shell-loading').filter({ visible: true }).count();
  await poll(() => busy(page)).toBe(0);
  if ((await page.locator('iframe').count()) > 0) {
    const frame = page.frameLocator('iframe').last();
    await frame.locator('body *').first().waitFor();
    await poll(() => busy(frame)).toBe(0);
  }
}
