import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { button, choose, pressConfirm, row, topDialog as dialog, visibleRows } from './support/antd';
import { launch, newPage, pictureFailure, screenshot, signIn, signInChangingInitialPassword } from './support/browser';

/**
 * Operators delegate: the platform administrator makes a "listing reviewer" role in the role
 * editor from the permissions the server declares, gives it to a new operator, and that operator
 * reviews a pending listing and sees nothing else of the back office.
 */

let browser: Browser;
let admin: Page;
let reviewer: Page;

/** The machine running these may be busy: each wait allows 15 s unless it says otherwise. */
const poll = <T>(fn: () => T | Promise<T>, timeout = 15_000) => expect.poll(fn, { timeout });

beforeAll(async () => {
  browser = await launch();
  admin = (await newPage(browser)).page;
  await signIn(admin, 'admin', 'Admin@2026');
}, 120_000);
afterAll(async () => {
  await browser?.close();
});
// A failed step leaves a picture of every open page behind.
afterEach(({ task }) => pictureFailure(browser, 'delegation', task));

const ROLE = 'e2e_listing_reviewer';
const ROLE_NAME = '挂牌审核员';
const USER = 'e2e_reviewer01';

describe('an operator delegates listing review', { timeout: 240_000 }, () => {
  it('makes a listing reviewer role from the permissions the server declares', async () => {
    // The trees open expanded when their options have arrived before the dialog.
    const options = Promise.all([
      admin.waitForResponse((r) => r.url().includes('/roles/permission-options')),
      admin.waitForResponse((r) => r.url().includes('/roles/menu-options')),
    ]);
    await admin.goto('/admin/roles');
    await options;
    await button(admin, '新增').click();
    const form = dialog(admin);
    await form.getByLabel('角色编码').click();
    await admin.keyboard.type(ROLE);
    await form.getByLabel('角色名称').click();
    await admin.keyboard.type(ROLE_NAME);
    const permissions = form.getByRole('group', { name: '权限', exact: true });
    // Every area the modules declare is offered, the trading reviews among them.
    for (const heading of ['挂牌', '竞价', '招标', '订单', '保证金', '运营报表', '系统管理'])
      await permissions.getByText(heading, { exact: true }).waitFor();
    await permissions.getByText('挂牌审核、暂停与恢复 (trade:review)', { exact: true }).click();
    const menus = form.getByRole('group', { name: '可见菜单' });
    await menus.getByText('挂牌审核', { exact: true }).click();
    await screenshot(admin, 'delegation-role-dialog-zh-CN');
    await button(form, '保存').click();
    await row(admin, ROLE).waitFor();
    // One permission; the page and its group heading as menus.
    await poll(() => row(admin, ROLE).locator('td').nth(2).textContent()).toBe('1');
    await poll(() => row(admin, ROLE).locator('td').nth(3).textContent()).toBe('2');
  });

  it('gives the role to a new operator', async () => {
    await admin.goto('/admin/users');
    await button(admin, '新增').click();
    const form = dialog(admin);
    await form.getByLabel('账号').fill(USER);
    await form.getByLabel('初始密码').fill('Review@2026');
    await form.getByLabel('昵称').fill('挂牌审核员一号');
    await choose(admin, form.getByLabel('用户类型'), '平台运营');
    await choose(admin, form.getByLabel('角色'), ROLE_NAME);
    await form.getByText('角色', { exact: true }).click();
    await button(form, '保存').click();
    await admin.getByText('保存成功').first().waitFor();
  });

  it('the reviewer signs in and sees only listing review', async () => {
    reviewer = (await newPage(browser)).page;
    // A new account's password is a default one: the forced change comes first, then a fresh sign-in.
    await signInChangingInitialPassword(reviewer, USER, 'Review@2026', 'Review@2027');
    await reviewer.locator('.shell-root-item').first().waitFor();
    expect((await reviewer.locator('.shell-root-item').allTextContents()).map((t) => t.trim())).toEqual(['交易管理']);
    await reviewer.locator('.shell-root-item').filter({ hasText: '交易管理' }).click();
    const sidebar = reviewer.locator('.shell-sider-menu');
    await poll(() => sidebar.textContent()).toContain('挂牌审核');
    expect(await sidebar.textContent()).not.toMatch(/订单监管|保证金管理|系统管理|用户管理/);
  });

  it('reviews a pending listing', async () => {
    await reviewer.locator('.shell-sider-menu').getByText('挂牌审核', { exact: true }).click();
    await reviewer.waitForURL('**/admin/listing-review');
    await visibleRows(reviewer).first().waitFor();
    const before = await visibleRows(reviewer).count();
    const first = visibleRows(reviewer).first();
    const goods = ((await first.locator('td').nth(1).textContent()) ?? '').trim();
    expect(goods).toMatch(/\S/);
    await screenshot(reviewer, 'delegation-review-queue-zh-CN');
    await button(first, '通过').click();
    await pressConfirm(reviewer);
    await poll(() => visibleRows(reviewer).count()).toBe(before - 1);
  });

  it('is refused the other back-office pages and calls', async () => {
    await reviewer.goto('/admin/orders');
    await poll(
      async () => (await reviewer.locator('.ant-result').count()) + (await reviewer.getByText(/404|403|没有权限/).count()),
    ).toBeGreaterThan(0);
    expect(await visibleRows(reviewer).count()).toBe(0);
    await screenshot(reviewer, 'delegation-refused-page-zh-CN');
    // The server answers the calls the role grants and refuses the other operator calls.
    const statuses = await reviewer.evaluate(async () => {
      const csrf = (await fetch('/omc/api/user/getCurrUser')).headers.get('csrfcheck') ?? '';
      const post = async (url: string) =>
        (
          await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json', csrfcheck: csrf },
            body: JSON.stringify({ pageNo: 1, pageSize: 8 }),
          })
        ).status;
      return {
        review: await post('/listing/ws/listing/reviewPage'),
        orders: await post('/commtrade/ws/order/adminPage'),
        auctions: await post('/auction/ws/auctionSpaceInfo/reviewPage'),
      };
    });
    expect(statuses).toEqual({ review: 200, orders: 403, auctions: 403 });
  });
});
