import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PublicSettings } from '@portal/contracts/settings';
import { initI18n } from '../../i18n/index';
import { FeedbackProvider } from '../../shared/feedback';
import { SettingsProvider } from '../../shared/settings';
import { ForgotPasswordModal } from './forgot-password-modal';

configure({ asyncUtilTimeout: 5000 });
beforeAll(async () => {
  await initI18n('zh-CN');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ok = (data: unknown) => ({ return_code: '0', error_no: '0', error_code: '0', error_info: '', data });
const refused = (code: string, info: string) => ({ return_code: code, error_no: code, error_code: code, error_info: info, data: null });

/** A server that knows buyer01 and answers the code-sending call with `sendAnswer`. */
function stubServer(sendAnswer: object) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      const body = url.startsWith('/gateway/getCheckCode')
        ? ok({ cc: 'cc1', img: 'data:image/svg+xml;base64,PHN2Zy8+' })
        : url.endsWith('/get_mobile_by_account')
          ? ok('138****0001')
          : url.endsWith('/send_forget_sms_code')
            ? sendAnswer
            : refused('100005', 'no such endpoint');
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

const settings = {
  smsResendSeconds: 60,
  webEncryptType: 'none',
  passwordRule: { minLength: 6, maxLength: 20, minKinds: 3 },
} as PublicSettings;
const $ = <T extends Element = HTMLElement>(selector: string) => document.querySelector<T>(selector);
const modalButton = (text: string) =>
  [...document.querySelectorAll<HTMLButtonElement>('.ant-modal-footer button')].find((b) => b.textContent?.replace(/\s/g, '') === text)!;

async function reachStep2() {
  render(
    <SettingsProvider value={settings}>
      <QueryClientProvider client={new QueryClient()}>
        <FeedbackProvider>
          <ForgotPasswordModal open onClose={() => undefined} />
        </FeedbackProvider>
      </QueryClientProvider>
    </SettingsProvider>,
  );
  fireEvent.change($('#forgot_user_account')!, { target: { value: 'buyer01' } });
  fireEvent.change($('#forgot_password')!, { target: { value: 'Reset#2026' } });
  fireEvent.change($('#forgot_confirm')!, { target: { value: 'Reset#2026' } });
  fireEvent.click(modalButton('下一步'));
  await waitFor(() => expect($<HTMLInputElement>('input[aria-label="绑定手机号"]')?.value).toBe('138****0001'));
}
async function sendWithPictureCode() {
  fireEvent.click($('[data-testid="sms-send-forgot"]')!);
  await waitFor(() => expect($('input[aria-label="图形验证码"]')).not.toBeNull());
  fireEvent.change($('input[aria-label="图形验证码"]')!, { target: { value: 'ABCD' } });
  const send = [...document.querySelectorAll<HTMLButtonElement>('.ant-modal-footer .ant-btn-primary')].find(
    (b) => b.textContent === '发送短信',
  )!;
  fireEvent.click(send);
}

describe('<ForgotPasswordModal>', { timeout: 30_000 }, () => {
  it.each([
    ['111003', '该手机号发送次数已达上限，请稍后再试'],
    ['111004', '短信发送失败，请稍后再试'],
  ])('goes back to step 1 when sending is refused with %s, keeping what was typed', async (code, info) => {
    const calls = stubServer(refused(code, info));
    await reachStep2();
    await sendWithPictureCode();
    await waitFor(() => expect($<HTMLInputElement>('#forgot_user_account')?.value).toBe('buyer01'));
    expect($('input[aria-label="绑定手机号"]')).toBeNull();
    expect(calls.some((u) => u.endsWith('/send_forget_sms_code'))).toBe(true);
  });

  it('stays at step 2 when the number was just sent to (111051)', async () => {
    stubServer(refused('111051', '短信发送过于频繁，请 42 秒后再试'));
    await reachStep2();
    await sendWithPictureCode();
    await waitFor(() => expect($<HTMLButtonElement>('[data-testid="sms-send-forgot"]')?.textContent).toBe('获取验证码'));
    await waitFor(() => expect(document.body.textContent).toContain('短信发送过于频繁，请 42 秒后再试'));
    expect($<HTMLInputElement>('input[aria-label="绑定手机号"]')?.value).toBe('138****0001');
  });
});
