import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseURL, launch, newPage, pictureFailure, screenshot, signIn } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
  // The reset journey's own account; registered first so the number's 60 s resend wait has mostly passed.
  await registerViaApi('methanol03', '13912340003', 'Old@2026x');
  // The mobile-change journey's own account: changing a demo account's number would send other
  // journeys' codes (a contract signature's, a sign-in's) to a number they do not read.
  await registerViaApi('methanol04', '13912340004', 'Old@2026x');
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async ({ task }) => pictureFailure(browser, 'account', task));

/** The newest SMS code the outbox sent to a number (TEST_HOOKS). */
async function smsCode(mobile: string, newerThan = ''): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const res = await fetch(`${baseURL()}/dev/sms-outbox?mobile=${mobile}`);
    const list = ((await res.json()) as { data: { code: string; sentAt: string }[] }).data;
    const newest = list[0];
    if (newest && newest.code && newest.sentAt > newerThan) return newest.code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no SMS for ${mobile}`);
}
const latestSentAt = async (mobile: string) => {
  const res = await fetch(`${baseURL()}/dev/sms-outbox?mobile=${mobile}`);
  return ((await res.json()) as { data: { sentAt: string }[] }).data[0]?.sentAt ?? '';
};
/** Waits out the server's 60 s resend interval of a number. */
async function waitForResend(mobile: string): Promise<void> {
  const last = await latestSentAt(mobile);
  const wait = last ? Date.parse(last) + 61_000 - Date.now() : 0;
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
}

/** Registers a company through the API, for journeys that need an account of their own. */
async function registerViaApi(account: string, mobile: string, password: string): Promise<void> {
  const api = async (path: string, body: unknown) => {
    const res = await fetch(`${baseURL()}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const envelope = (await res.json()) as { return_code: string; data: unknown };
    expect(envelope.return_code, path).toBe('0');
    return envelope.data;
  };
  const { cc } = (await api('/gateway/getCheckCode', {})) as { cc: string };
  await api('/omc/api/member/reg/send_reg_code', { mobile, req_session_id: cc, check_code: 'ABCD' });
  await api('/omc/api/member/reg/quick_reg', {
    user_account: account,
    company_name: '江西化肥贸易有限公司',
    mobile,
    sms_code: await smsCode(mobile),
    user_pwd: password,
    agreed: true,
  });
}

const dialog = (page: Page, title: RegExp | string) => page.getByRole('dialog', { name: title });
const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message').getByText(text);

/** The SMS field's popup: type the picture code and send. */
async function sendSms(page: Page, scope: string, pictureCode = 'ABCD') {
  await page.getByTestId(`sms-send-${scope}`).click();
  const popup = dialog(page, /安全验证|Security check|安全驗證/);
  await popup.waitFor();
  await popup.locator('img').waitFor();
  await popup.getByRole('textbox', { name: /图形验证码|Picture code|圖形驗證碼/ }).fill(pictureCode);
  await popup.getByRole('button', { name: /发送短信|Send SMS|發送簡訊/ }).click();
  return popup;
}

describe('company registration', () => {
  it('registers through both steps with the back, retry and error paths, then signs in', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login');
    await page.locator('.login-links').getByText('免费注册').click();
    const wizard = dialog(page, '企业免费注册');
    await wizard.waitFor();

    // Step 1 refuses empty fields, a bad username, a weak password, a mismatch and an unticked agreement.
    await wizard.getByRole('button', { name: '下一步' }).click();
    await expect.poll(() => wizard.getByText('请输入用户名').count()).toBe(1);
    await wizard.getByLabel('用户名').fill('1coal');
    await wizard.getByLabel('企业名称').fill('内蒙古伊泰煤炭贸易有限公司');
    await wizard.getByLabel('密码', { exact: true }).fill('abcdef');
    await expect.poll(() => wizard.locator('[data-strength="weak"]').count()).toBe(1);
    await wizard.getByLabel('确认密码').fill('abcdeg');
    await wizard.getByRole('button', { name: '下一步' }).click();
    await expect.poll(() => wizard.getByText('只能输入字母、数字和下划线，且以字母开头，长度为 4-20 位').count()).toBe(1);
    await expect.poll(() => wizard.getByText('密码须为 6-20 位，且至少包含大写字母、小写字母、数字、符号中的 3 种').count()).toBe(1);
    await expect.poll(() => wizard.getByText('两次输入的密码不一致').count()).toBe(1);
    await expect.poll(() => wizard.getByText('请勾选注册协议').count()).toBe(1);

    await wizard.getByLabel('用户名').fill('buyer01');
    await wizard.getByLabel('企业名称').click();
    await expect.poll(() => wizard.getByText('该用户名已存在').count()).toBe(1);
    await wizard.getByLabel('用户名').fill('coaltrade01');
    await wizard.getByLabel('密码', { exact: true }).fill('Coal@2026');
    await expect.poll(() => wizard.locator('[data-strength="complex"]').count()).toBe(1);
    await wizard.getByLabel('确认密码').fill('Coal@2026');

    // The agreement viewer shows the real text.
    await wizard.getByText('《大宗商品交易平台会员注册协议》').click();
    const viewer = dialog(page, '大宗商品交易平台会员注册协议');
    await viewer.getByText(/第一条 协议范围/).waitFor();
    await page.waitForTimeout(400);
    await screenshot(page, 'register-agreement-zh-CN');
    await viewer.getByRole('button', { name: '我已阅读' }).click();
    await wizard.getByRole('checkbox').check();
    await screenshot(page, 'register-step1-zh-CN');
    await wizard.getByRole('button', { name: '下一步' }).click();

    // Step 2: back keeps step 1's values.
    await wizard.getByLabel('手机号').waitFor();
    await wizard.getByRole('button', { name: '上一步' }).click();
    expect(await wizard.getByLabel('用户名').inputValue()).toBe('coaltrade01');
    await wizard.getByRole('button', { name: '下一步' }).click();

    // The picture-code popup comes first; a wrong picture code is cleared and the image changes.
    await wizard.getByLabel('手机号').fill('13912340001');
    await page.getByTestId('sms-send-register').click();
    const popup = dialog(page, '安全验证');
    const image = popup.locator('img');
    await image.waitFor();
    const firstImage = await image.getAttribute('src');
    await popup.getByRole('textbox', { name: '图形验证码' }).fill('ZZZZ');
    await popup.getByRole('button', { name: '发送短信' }).click();
    await expect.poll(() => popup.getByText('图形验证码错误或已失效，请重新输入').count()).toBe(1);
    expect(await popup.getByRole('textbox', { name: '图形验证码' }).inputValue()).toBe('');
    await expect.poll(() => image.getAttribute('src')).not.toBe(firstImage);
    await screenshot(page, 'register-picture-code-zh-CN');
    await popup.getByRole('textbox', { name: '图形验证码' }).fill('ABCD');
    await popup.getByRole('button', { name: '发送短信' }).click();
    await popup.waitFor({ state: 'hidden' });

    // Sent: the button counts down and is disabled.
    const sendButton = page.getByTestId('sms-send-register');
    await expect.poll(() => sendButton.textContent()).toMatch(/^(60|59) 秒后重新获取$/);
    expect(await sendButton.isDisabled()).toBe(true);
    await screenshot(page, 'register-step2-zh-CN');
    const code = await smsCode('13912340001');

    // A failed confirm clears the SMS code and stays at step 2.
    await wizard.getByLabel('短信验证码').fill(code === '000000' ? '000001' : '000000');
    await wizard.getByRole('button', { name: '立即注册' }).click();
    await expect.poll(() => wizard.getByText('短信验证码错误或已失效').count()).toBeGreaterThan(0);
    expect(await wizard.getByLabel('短信验证码').inputValue()).toBe('');
    expect(await wizard.getByLabel('手机号').inputValue()).toBe('13912340001');

    await wizard.getByLabel('短信验证码').fill(code);
    await wizard.getByRole('button', { name: '立即注册' }).click();
    await toast(page, '注册成功，请前往登录').waitFor();
    await wizard.waitFor({ state: 'hidden' });

    // Opened again, the wizard starts at step 1, empty.
    await page.locator('.login-links').getByText('免费注册').click();
    await wizard.getByLabel('用户名').waitFor();
    expect(await wizard.getByLabel('用户名').inputValue()).toBe('');
    await wizard
      .getByRole('button', { name: 'Close' })
      .or(wizard.getByRole('button', { name: '关闭' }))
      .first()
      .click();

    await signIn(page, 'coaltrade01', 'Coal@2026');
    await page.getByTestId('nickname').waitFor();
    await context.close();
  });

  it('closes the popup and re-enables sending when the number was just sent to (111051)', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login');
    const wizard = dialog(page, '企业免费注册');
    const fillStep1 = async () => {
      await page.locator('.login-links').getByText('免费注册').click();
      await wizard.getByLabel('用户名').fill('ureatrade02');
      await wizard.getByLabel('企业名称').fill('山东尿素贸易有限公司');
      await wizard.getByLabel('密码', { exact: true }).fill('Urea@2026');
      await wizard.getByLabel('确认密码').fill('Urea@2026');
      await wizard.getByRole('checkbox').check();
      await wizard.getByRole('button', { name: '下一步' }).click();
      await wizard.getByLabel('手机号').fill('13912340002');
    };
    await fillStep1();
    await sendSms(page, 'register');
    await expect.poll(() => page.getByTestId('sms-send-register').isDisabled()).toBe(true);
    // Closing resets the wizard and its countdown; the server still holds the number back.
    await wizard
      .getByRole('button', { name: /Close|关闭/ })
      .first()
      .click();
    await fillStep1();
    const popup = await sendSms(page, 'register');
    await popup.waitFor({ state: 'hidden' });
    await toast(page, /短信发送过于频繁，请 \d+ 秒后再试/).waitFor();
    expect(await page.getByTestId('sms-send-register').isDisabled()).toBe(false);
    expect(await page.getByTestId('sms-send-register').textContent()).toBe('获取验证码');
    // 111051 keeps the wizard at step 2.
    expect(await wizard.getByLabel('手机号').inputValue()).toBe('13912340002');
    await context.close();
  });

  it.each([
    ['en-US', 'Register for free', 'Register your company for free', 'Next', 'Username'],
    ['zh-TW', '免費註冊', '企業免費註冊', '下一步', '使用者名稱'],
  ])('reads well in %s', async (lang, link, title, next, username) => {
    const { context, page } = await newPage(browser, lang);
    await page.goto('/login');
    await page.locator('.login-links').getByText(link).click();
    const wizard = dialog(page, title);
    await wizard.getByRole('button', { name: next }).click();
    await wizard.getByLabel(username).fill('ab');
    await wizard.getByRole('button', { name: next }).click();
    await page.waitForTimeout(300);
    await screenshot(page, `register-step1-${lang}`);
    await context.close();
  });
});

describe('password reset', () => {
  it('resets a password through both steps; the old one fails and the new one works', { timeout: 120_000 }, async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login');
    await page.locator('.login-links').getByText('忘记密码').click();
    const wizard = dialog(page, '找回密码');

    await wizard.getByLabel('用户名').fill('nobody99');
    await wizard.getByLabel('新密码').fill('New#2026x');
    await wizard.getByLabel('确认密码').fill('New#2026x');
    await wizard.getByRole('button', { name: '下一步' }).click();
    await expect.poll(() => wizard.getByText('该用户名不存在').count()).toBe(1);

    await wizard.getByLabel('用户名').fill('methanol03');
    await wizard.getByRole('button', { name: '下一步' }).click();
    const mobile = wizard.getByRole('textbox', { name: '绑定手机号' });
    await expect.poll(() => mobile.inputValue()).toBe('139****0003');
    expect(await mobile.getAttribute('readonly')).not.toBeNull();

    await wizard.getByRole('button', { name: '上一步' }).click();
    expect(await wizard.getByLabel('用户名').inputValue()).toBe('methanol03');
    await wizard.getByRole('button', { name: '下一步' }).click();

    const before = await latestSentAt('13912340003');
    await waitForResend('13912340003');
    await sendSms(page, 'forgot');
    const code = await smsCode('13912340003', before);
    await screenshot(page, 'forgot-step2-zh-CN');
    await wizard.getByLabel('短信验证码').fill(code);
    await wizard.getByRole('button', { name: '确认重置' }).click();
    await toast(page, '密码重置成功，请使用新密码登录').waitFor();
    await wizard.waitFor({ state: 'hidden' });

    await page.getByLabel('用户名').fill('methanol03');
    await page.getByRole('textbox', { name: '密码', exact: true }).fill('Old@2026x');
    await page.getByRole('textbox', { name: '验证码' }).fill('ABCD');
    await page.getByRole('button', { name: /登\s?录$/ }).click();
    await expect.poll(() => page.getByText('用户名或密码错误，请重新输入').count()).toBeGreaterThan(0);

    await signIn(page, 'methanol03', 'New#2026x');
    await context.close();
  });
});

describe('mobile login', () => {
  it('signs in with the mobile and an SMS code; a wrong code is cleared', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login');
    await page.getByText('手机登录').click();
    await page.getByTestId('sms-send-login').click();
    await expect.poll(() => page.getByText('请输入手机号').count()).toBeGreaterThan(0);
    await page.getByLabel('手机号').fill('13800000001');
    await sendSms(page, 'login');
    const code = await smsCode('13800000001');
    await screenshot(page, 'login-mobile-zh-CN');

    await page.getByLabel('短信验证码').fill(code === '000000' ? '000001' : '000000');
    await page.getByRole('button', { name: /登\s?录$/ }).click();
    await expect.poll(() => page.getByText('短信验证码错误或已失效').count()).toBeGreaterThan(0);
    expect(await page.getByLabel('短信验证码').inputValue()).toBe('');

    await page.getByLabel('短信验证码').fill(code);
    await page.getByRole('button', { name: /登\s?录$/ }).click();
    await page.waitForURL('**/mainIndex');
    await expect.poll(() => page.getByTestId('nickname').textContent()).toBe('华北化工采购');
    await context.close();
  });

  it.each([
    ['en-US', 'Mobile'],
    ['zh-TW', '手機登入'],
  ])('shows the mobile form in %s', async (lang, tab) => {
    const { context, page } = await newPage(browser, lang);
    await page.goto('/login');
    await page.getByText(tab, { exact: true }).first().click();
    await page.waitForTimeout(200);
    await screenshot(page, `login-mobile-${lang}`);
    await context.close();
  });
});

describe('change mobile', () => {
  async function openDialog(page: Page) {
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: /修改手机号|Change mobile|修改手機號碼/ }).click();
  }

  it('changes the mobile: password, confirm popup, new number and SMS code; a wrong password starts over', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'methanol04', 'Old@2026x');
    await openDialog(page);
    const wizard = dialog(page, '修改手机号');
    await wizard.getByRole('button', { name: '下一步' }).click();
    await expect.poll(() => wizard.getByText('请输入登录密码').count()).toBe(1);

    // The password is typed, not pasted.
    await wizard.getByLabel('登录密码').dispatchEvent('paste');
    await toast(page, '为了账号安全，请手动输入密码').waitFor();

    // A wrong password is only found out at the end (111052): the dialog starts over.
    await wizard.getByLabel('登录密码').fill('Wrong@2026');
    await wizard.getByRole('button', { name: '下一步' }).click();
    const confirm = page.getByRole('dialog', { name: '确认修改手机号' });
    await confirm.getByRole('button', { name: /确\s?定/ }).click();
    await wizard.getByLabel('新手机号').waitFor();
    await wizard.getByRole('button', { name: '确认修改' }).click();
    await expect.poll(() => wizard.getByText('请输入新手机号').count()).toBe(1);
    await expect.poll(() => wizard.getByText('请输入手机验证码').count()).toBe(1);
    await wizard.getByLabel('新手机号').fill('13966660002');
    await sendSms(page, 'change-mobile');
    let code = await smsCode('13966660002');
    await wizard.getByLabel('手机验证码').fill(code);
    await wizard.getByRole('button', { name: '确认修改' }).click();
    await toast(page, '修改手机号失败，请重新操作').waitFor();
    await wizard.getByLabel('登录密码').waitFor();
    expect(await wizard.getByLabel('登录密码').inputValue()).toBe('');

    // The right password, after the resend interval of the new number.
    await wizard.getByLabel('登录密码').fill('Old@2026x');
    await wizard.getByRole('button', { name: '下一步' }).click();
    await confirm.getByText('修改后，登录和接收短信验证码都将使用新手机号。确定继续吗？').waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 'change-mobile-confirm-zh-CN');
    await confirm.getByRole('button', { name: /确\s?定/ }).click();
    await wizard.getByLabel('新手机号').fill('13966660002');
    const before = await latestSentAt('13966660002');
    await waitForResend('13966660002');
    await sendSms(page, 'change-mobile');
    code = await smsCode('13966660002', before);
    await wizard.getByLabel('手机验证码').fill(code);
    await screenshot(page, 'change-mobile-step2-zh-CN');
    await wizard.getByRole('button', { name: '确认修改' }).click();
    await toast(page, '修改成功').waitFor();
    await wizard.waitFor({ state: 'hidden' });

    const me = await page.evaluate(
      async () => (await (await fetch('/omc/api/user/getCurrUser')).json()) as { data: { mobilePhone: string } },
    );
    expect(me.data.mobilePhone).toBe('13966660002');
    await context.close();
  }, 150_000);

  it.each([
    ['en-US', 'Change mobile number', 'Next', 'Sign-in password'],
    ['zh-TW', '修改手機號碼', '下一步', '登入密碼'],
  ])('reads well in %s', async (lang, title, next, password) => {
    const { context, page } = await newPage(browser, lang);
    await signIn(page, 'buyer01', 'Buyer@2026');
    await openDialog(page);
    const wizard = dialog(page, title);
    await wizard.getByRole('button', { name: next }).click();
    await wizard.getByLabel(password).waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, `change-mobile-step1-${lang}`);
    await context.close();
  });
});
