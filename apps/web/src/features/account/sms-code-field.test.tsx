import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicSettings } from '@portal/contracts/settings';
import { ApiError } from '../../api/client';
import { initI18n } from '../../i18n/index';
import { FeedbackProvider } from '../../shared/feedback';
import { SettingsProvider } from '../../shared/settings';
import { SmsCodeField, type SmsCodeFieldProps } from './sms-code-field';

// antd renders slowly in jsdom on a busy machine; give each wait room.
configure({ asyncUtilTimeout: 5000 });

let pictures = 0;
beforeAll(async () => {
  await initI18n('zh-CN');
});
beforeEach(() => {
  pictures = 0;
  // Every picture code is a new image, so a refresh is visible.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      pictures++;
      const data = { cc: `cc${pictures}`, img: `data:image/svg+xml;base64,${btoa(`<svg id="${pictures}"/>`)}` };
      return new Response(JSON.stringify({ return_code: '0', error_no: '0', error_code: '0', error_info: '', data }), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const settings = { smsResendSeconds: 60 } as PublicSettings;
function renderField(props: Partial<SmsCodeFieldProps> = {}) {
  const send = vi.fn<SmsCodeFieldProps['send']>(async () => undefined);
  const utils = render(
    <SettingsProvider value={settings}>
      <QueryClientProvider client={new QueryClient()}>
        <FeedbackProvider>
          <Form>
            <SmsCodeField name="sms" label="短信验证码" requiredMessage="请输入短信验证码" scope="test" send={send} {...props} />
          </Form>
        </FeedbackProvider>
      </QueryClientProvider>
    </SettingsProvider>,
  );
  return { ...utils, send: (props.send as typeof send | undefined) ?? send };
}
const sendButton = () => screen.getByTestId('sms-send-test');
// Plain selectors: role queries over antd's DOM are slow in jsdom.
const popup = () => document.querySelector<HTMLElement>('.ant-modal-wrap:not([style*="display: none"]) .ant-modal');
const pictureInput = () => document.querySelector<HTMLInputElement>('input[aria-label="图形验证码"]')!;
const isDisabled = () => (sendButton() as HTMLButtonElement).disabled;
const confirmButton = () => popup()!.querySelector<HTMLButtonElement>('.ant-btn-primary')!;
async function openPopup() {
  fireEvent.click(sendButton());
  await waitFor(() => expect(popup()).not.toBeNull());
  await waitFor(() => expect(popup()!.querySelector('img')).not.toBeNull());
}
async function typePictureCode(code: string) {
  await openPopup();
  fireEvent.change(pictureInput(), { target: { value: code } });
  fireEvent.click(confirmButton());
}

describe('<SmsCodeField>', { timeout: 30_000 }, () => {
  it('opens the picture-code popup first, sends, then counts down 60 s before sending again', async () => {
    // Only the clock is faked, so the wait for the countdown's end is a jump, not a minute.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    try {
      const { send } = renderField();
      expect(popup()).toBeNull();
      await typePictureCode('AbCd');
      await waitFor(() => expect(send).toHaveBeenCalledWith({ cc: 'cc1', code: 'AbCd' }));
      await waitFor(() => expect(sendButton().textContent).toMatch(/^(60|59|58) 秒后重新获取$/));
      expect(isDisabled()).toBe(true);
      vi.setSystemTime(Date.now() + 30_000);
      await waitFor(() => expect(sendButton().textContent).toMatch(/^(30|29|28) 秒后重新获取$/));
      vi.setSystemTime(Date.now() + 31_000);
      await waitFor(() => expect(sendButton().textContent).toBe('获取验证码'));
      expect(isDisabled()).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks for the picture code before sending', async () => {
    const { send } = renderField();
    await openPopup();
    fireEvent.click(confirmButton());
    await screen.findByText('请输入验证码');
    expect(send).not.toHaveBeenCalled();
  });

  it('does not open when the number is not valid yet', async () => {
    renderField({ beforeSend: async () => false });
    fireEvent.click(sendButton());
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(popup()).toBeNull();
  });

  it('on 111000 clears the picture code, shows why and draws a new image', async () => {
    const send = vi.fn(async () => {
      throw new ApiError('111000', '图形验证码错误或已失效，请重新输入', 200);
    });
    renderField({ send });
    await typePictureCode('ZZZZ');
    await screen.findByText('图形验证码错误或已失效，请重新输入');
    expect(popup()).not.toBeNull();
    expect(pictureInput().value).toBe('');
    await waitFor(() => expect(pictures).toBe(2));
    expect(isDisabled()).toBe(false);
  });

  it.each(['111051', '111003', '111004'])('on %s closes the popup, re-enables sending and reports it', async (code) => {
    const onRefused = vi.fn();
    const onFailed = vi.fn();
    renderField({
      send: async () => {
        throw new ApiError(code, '短信发送失败，请稍后再试', 200);
      },
      onRefused,
      onFailed,
    });
    await typePictureCode('ABCD');
    await waitFor(() => expect(onRefused).toHaveBeenCalledOnce());
    expect((onRefused.mock.calls[0]![0] as ApiError).code).toBe(code);
    expect(onFailed).not.toHaveBeenCalled();
    await waitFor(() => expect(popup()).toBeNull());
    expect(isDisabled()).toBe(false);
    expect(sendButton().textContent).toBe('获取验证码');
  });

  it('on any other failure closes the popup and reports it as a failure', async () => {
    const onRefused = vi.fn();
    const onFailed = vi.fn();
    renderField({
      send: async () => {
        throw new ApiError('111109', '该手机号已被使用', 200);
      },
      onRefused,
      onFailed,
    });
    await typePictureCode('ABCD');
    await waitFor(() => expect(onFailed).toHaveBeenCalledOnce());
    expect(onRefused).not.toHaveBeenCalled();
    await waitFor(() => expect(popup()).toBeNull());
  });

  it('ends the countdown when its reset key changes', async () => {
    const { rerender } = renderField();
    await typePictureCode('ABCD');
    await waitFor(() => expect(isDisabled()).toBe(true));
    rerender(
      <SettingsProvider value={settings}>
        <QueryClientProvider client={new QueryClient()}>
          <FeedbackProvider>
            <Form>
              <SmsCodeField
                name="sms"
                label="短信验证码"
                requiredMessage="请输入短信验证码"
                scope="test"
                send={async () => undefined}
                resetKey={1}
              />
            </Form>
          </FeedbackProvider>
        </QueryClientProvider>
      </SettingsProvider>,
    );
    await waitFor(() => expect(isDisabled()).toBe(false));
  });
});
