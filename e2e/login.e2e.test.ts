import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, newPage, screenshot, signIn } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('password login journey', () => {
  it('refuses a wrong picture code and a wrong password, refreshing the code each time', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login');
    const codeImage = page.getByRole('button', { name: '看不清？点击刷新' }).locator('img');
    await codeImage.waitFor();
    const firstSrc = await codeImage.getAttribute('src');

    await page.getByLabel('用户名').fill('admin');
    await page.getByRole('textbox', { name: '密码', exact: true }).fill('Admin@2026');
    await page.getByRole('textbox', { name: '验证码' }).fill('ZZZZ');
    await page.getByRole('button', { name: /登\s?录/ }).click();
    await expect.poll(() => page.getByText('图形验证码错误或已失效，请重新输入').count()).toBeGreaterThan(0);
    await expect.poll(() => codeImage.getAttribute('src')).not.toBe(firstSrc);
    await screenshot(page, 'login-wrong-code-zh-CN');

    await page.getByRole('textbox', { name: '验证码' }).fill('ABCD');
    await page.getByRole('textbox', { name: '密码', exact: true }).fill('Wrong@2026');
    await page.getByRole('button', { name: /登\s?录/ }).click();
    await expect.poll(() => page.getByText('用户名或密码错误，请重新输入').count()).toBeGreaterThan(0);
    expect(page.url()).toContain('/login');
    await context.close();
  });

  it('signs in, keeps the session over a reload, and signs out', async () => {
    const { context, page } = await newPage(browser);
    const answered = page.waitForResponse((r) => r.url().endsWith('/omc/submitLogin'));
    await signIn(page, 'buyer01', 'Buyer@2026');
    const loginAnswer = await (await answered).text();
    await expect.poll(() => page.getByTestId('nickname').textContent()).toBe('华北化工采购');
    await screenshot(page, 'main-index-zh-CN');
    // The session lives in the HttpOnly cookie only: no script-readable storage holds its token.
    const session = (await context.cookies()).find((c) => c.name === 'portal_session')!;
    expect(session.httpOnly).toBe(true);
    expect(await page.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage }) + document.cookie)).not.toContain(
      session.value,
    );
    // Nor did the login answer hand the page's scripts the token.
    expect(loginAnswer).not.toContain(session.value);
    await page.reload();
    await page.getByTestId('nickname').waitFor();
    expect(page.url()).toContain('/mainIndex');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: /退出登录/ }).click();
    await page.waitForURL('**/login');
    await page.goto('/mainIndex');
    await page.waitForURL('**/login');
    await context.close();
  });

  it('goes back to the page the guard sent the person away from', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/some/menu/page');
    await page.waitForURL('**/login');
    await page.getByLabel('用户名').fill('supplier01');
    await page.getByRole('textbox', { name: '密码', exact: true }).fill('Supplier@2026');
    await page.getByRole('textbox', { name: '验证码' }).fill('ABCD');
    await page.getByRole('button', { name: /登\s?录/ }).click();
    await page.waitForURL('**/some/menu/page');
    await expect.poll(() => page.getByText('404').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await context.close();
  });

  it('opens the registration wizard from the portal register link', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login?register=1');
    // The wizard's chunk loads on demand; give it time on a busy machine.
    await page.getByRole('dialog').first().waitFor({ timeout: 20_000 });
    await context.close();
  });

  it.each([
    ['en-US', 'Username', 'Password', 'Code', 'Sign in', 'Username or password incorrect. Please re-enter.'],
    ['zh-TW', '使用者名稱', '密碼', '驗證碼', '登 入', '使用者名稱或密碼錯誤，請重新輸入'],
  ])('works in %s', async (lang, user, pass, code, submit, wrong) => {
    const { context, page } = await newPage(browser, lang);
    await page.goto('/login');
    await page.getByLabel(user).fill('admin');
    await page.getByRole('textbox', { name: pass, exact: true }).fill('Nope@2026');
    await page.getByRole('textbox', { name: code }).fill('ABCD');
    await page.getByRole('button', { name: new RegExp(`^${submit.replace(' ', '\\s?')}$`) }).click();
    await expect.poll(() => page.getByText(wrong).count()).toBeGreaterThan(0);
    await screenshot(page, `login-${lang}`);
    await page.getByRole('textbox', { name: pass, exact: true }).fill('Admin@2026');
    await page.getByRole('textbox', { name: code }).fill('ABCD');
    await page.getByRole('button', { name: new RegExp(`^${submit.replace(' ', '\\s?')}$`) }).click();
    await page.waitForURL('**/mainIndex');
    await page.getByTestId('nickname').waitFor();
    await screenshot(page, `main-index-${lang}`);
    await context.close();
  });
});
