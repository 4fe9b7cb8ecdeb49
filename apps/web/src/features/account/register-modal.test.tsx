import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PublicSettings } from '@portal/contracts/settings';
import { initI18n } from '../../i18n/index';
import { FeedbackProvider } from '../../shared/feedback';
import { SettingsProvider } from '../../shared/settings';
import { RegisterModal } from './register-modal';

configure({ asyncUtilTimeout: 5000 });
beforeAll(async () => {
  await initI18n('zh-CN');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ok = (data: unknown) => ({ return_code: '0', error_no: '0', error_code: '0', error_info: '', data });

/** A server with one registration agreement, where every account name is free. */
function stubServer() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const body = url.endsWith('/agreements')
        ? ok([{ id: '1', kind: 'register', articleName: '会员注册协议', articleText: '条款' }])
        : url.endsWith('/is_account_existed')
          ? ok(false)
          : ok(null);
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    }),
  );
}

const settings = {
  smsResendSeconds: 60,
  webEncryptType: 'none',
  passwordRule: { minLength: 6, maxLength: 20, minKinds: 3 },
} as PublicSettings;
const $ = <T extends Element = HTMLElement>(selector: string) => document.querySelector<T>(selector);
const nextButton = () =>
  [...document.querySelectorAll<HTMLButtonElement>('.ant-modal-footer button')].find(
    (b) => b.textContent?.replace(/\s/g, '') === '下一步',
  )!;

async function fillStep1() {
  render(
    <SettingsProvider value={settings}>
      <QueryClientProvider client={new QueryClient()}>
        <FeedbackProvider>
          <RegisterModal open onClose={() => undefined} />
        </FeedbackProvider>
      </QueryClientProvider>
    </SettingsProvider>,
  );
  await waitFor(() => expect($('#register_agreed')).not.toBeNull());
  fireEvent.change($('#register_user_account')!, { target: { value: 'coalbuyer' } });
  fireEvent.change($('#register_company_name')!, { target: { value: '内蒙古伊泰煤炭贸易有限公司' } });
  fireEvent.change($('#register_password')!, { target: { value: 'Coal@2026' } });
  fireEvent.change($('#register_confirm')!, { target: { value: 'Coal@2026' } });
  await waitFor(() => expect(nextButton().disabled).toBe(false));
}

describe('<RegisterModal> agreement', { timeout: 30_000 }, () => {
  it('shows the agreement checkbox and does not go on without the tick', async () => {
    stubServer();
    await fillStep1();
    fireEvent.click(nextButton());
    await waitFor(() => expect(document.body.textContent).toContain('请勾选注册协议'));
    expect($('#register_mobile')).toBeNull();
  });

  it('goes on to the mobile step once the agreement is ticked', async () => {
    stubServer();
    await fillStep1();
    fireEvent.click($('#register_agreed')!);
    fireEvent.click(nextButton());
    await waitFor(() => expect($('#register_mobile')).not.toBeNull());
  });
});
