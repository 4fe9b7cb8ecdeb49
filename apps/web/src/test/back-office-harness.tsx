import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { CurrentUser } from '@portal/contracts/account';
import type { PublicSettings } from '@portal/contracts/settings';
import type { PermissionMap } from '@portal/contracts/user';
import { setTransport } from '../api/client';
import { FeedbackProvider } from '../shared/feedback';
import { PermissionsProvider } from '../shared/permission';
import { ShellSessionProvider, type ShellSession } from '../shared/session-context';
import { SettingsProvider } from '../shared/settings';

// The machine running these is shared and slow at times: antd dialogs may take seconds to appear.
configure({ asyncUtilTimeout: 10_000 });

/** Public settings as a default installation serves them; a test overrides what it is about. */
export function testSettings(overrides: Partial<PublicSettings> = {}): PublicSettings {
  return {
    registerButton: true,
    tenantMode: false,
    isUnderscore: false,
    xssEscape: true,
    lowercaseUrls: false,
    mergedMenu: false,
    authVerification: true,
    isToken: false,
    isCasLogin: false,
    isIARCasLogin: false,
    isCasAdapter: false,
    casUrl: '',
    isFrame: false,
    isUcf: false,
    isI18n: true,
    webEncryptType: 'none',
    menusRootName: '',
    isAllKeepAlive: false,
    keepVisitedViewsOnReload: false,
    jumpToHomeOnLocaleChange: false,
    theme: 'default',
    portalEnabled: true,
    portalJump: false,
    freeLogin: false,
    firstPasswordCheck: true,
    hideLockScreen: false,
    tabLimit: 10,
    loginCheckCode: false,
    buttonAuthList: null,
    passwordRule: { minLength: 6, maxLength: 20, minKinds: 3 },
    smsResendSeconds: 60,
    thirdPartyLogin: false,
    ...overrides,
  } as PublicSettings;
}

/** The operator signed in to the back office in these tests. */
export const operator: CurrentUser = {
  currUserId: '1',
  userId: '1',
  userName: 'admin',
  nickName: '平台管理员',
  realName: '王五',
  mobilePhone: '13800000000',
  email: 'admin@example.com',
  jobNo: '',
  position: '',
  fax: '',
  certType: '',
  certNo: '',
  userType: 'operator',
  companyName: '',
  tenantId: 'default',
  tenantName: '默认租户',
  kindCode: '',
  roleCodes: ['admin'],
  lastLoginDateTime: '2026-11-25T08:00:00.000Z',
  user_agent_name: '平台管理员',
  last_login_date_time: '2026-11-25T08:00:00.000Z',
  clientIp: '127.0.0.1',
  defaultPassword: false,
  locked: false,
  publishedDemoPasswords: false,
};

export interface BackOfficeOptions {
  permissions?: PermissionMap;
  settings?: Partial<PublicSettings>;
  session?: Partial<ShellSession>;
  route?: string;
  client?: QueryClient;
}

/**
 * Renders a back-office page inside what the shell gives it: settings, the permission map, the
 * signed-in session, toasts and a router; queries are not retried, so an error shows at once.
 */
export function renderBackOffice(ui: ReactNode, options: BackOfficeOptions = {}) {
  const client = options.client ?? new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const session: ShellSession = {
    user: operator,
    refreshUser: async () => undefined,
    forceLogout: () => undefined,
    transportPassword: async (plain) => plain,
    ...options.session,
  };
  const view = render(
    <SettingsProvider value={testSettings(options.settings)}>
      <QueryClientProvider client={client}>
        <PermissionsProvider value={options.permissions ?? {}}>
          <ShellSessionProvider value={session}>
            <FeedbackProvider>
              <MemoryRouter initialEntries={[options.route ?? '/']}>{ui}</MemoryRouter>
            </FeedbackProvider>
          </ShellSessionProvider>
        </PermissionsProvider>
      </QueryClientProvider>
    </SettingsProvider>,
  );
  return { ...view, client };
}

/**
 * The form item whose label reads `label`, to find the message shown under that very field: an antd
 * form item, or a field of the login page's own form (features/account/login-field.tsx).
 */
export function formItem(label: string, scope: HTMLElement = document.body): HTMLElement {
  const labels = [...scope.querySelectorAll<HTMLElement>('.ant-form-item-label label, .login-field-label label')].filter(
    (l) => l.textContent?.trim() === label,
  );
  if (labels.length !== 1) throw new Error(`expected one field labelled ${label}, found ${labels.length}`);
  return labels[0]!.closest<HTMLElement>('.ant-form-item, .login-field')!;
}

/** The error text shown under the field labelled `label` ('' when none). */
export function fieldError(label: string, scope?: HTMLElement): string {
  return formItem(label, scope).querySelector('.ant-form-item-explain, .login-field-help')?.textContent ?? '';
}

/** The input of the field labelled `label`. */
export function fieldInput<T extends HTMLElement = HTMLInputElement>(label: string, scope?: HTMLElement): T {
  const item = formItem(label, scope);
  const input = item.querySelector<T>('input, textarea');
  if (!input) throw new Error(`no input under ${label}`);
  return input;
}

/** The open antd dialog (not the confirm popovers). */
export function openDialog(): HTMLElement {
  const dialogs = [...document.querySelectorAll<HTMLElement>('.ant-modal-wrap')].filter((d) => d.style.display !== 'none');
  if (dialogs.length === 0) throw new Error('no open dialog');
  return dialogs[dialogs.length - 1]!;
}

/** A button by its visible text (antd spaces two-character Chinese labels). */
export function buttonIn(scope: HTMLElement, text: string): HTMLButtonElement {
  const found = within(scope)
    .queryAllByRole('button')
    .filter((b) => b.textContent?.replace(/\s/g, '') === text);
  if (found.length === 0) throw new Error(`no button ${text}`);
  return found[0] as HTMLButtonElement;
}

/** Opens the select of the field labelled `label` and picks the option reading `option`. */
export async function pickOption(scope: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(formItem(label, scope).querySelector('[role="combobox"]')!);
  const choice = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((o) => o.textContent === option);
    if (!found) throw new Error(`no option ${option}`);
    return found;
  });
  fireEvent.click(choice);
}

/** Confirms the open Popconfirm. */
export async function confirmPopover() {
  const ok = await waitFor(() => {
    const button = document.querySelector<HTMLButtonElement>(
      '.ant-popover:not(.ant-popover-hidden) .ant-popconfirm-buttons .ant-btn-primary',
    );
    if (!button) throw new Error('no confirmation open');
    return button;
  });
  fireEvent.click(ok);
}

export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/**
 * Like `answerCalls`, for pages that read with GET: each answer is chosen from the request (path
 * and query), and every request is recorded with its query. 'network' fails as a dropped
 * connection does; no answer is a 404.
 */
export function answerRequests(
  answer: (
    request: SeenRequest,
  ) => { data: unknown } | { error: { code: string; message: string; status: number; data?: unknown } } | 'network' | undefined,
) {
  const seen: SeenRequest[] = [];
  setTransport(async (url, init) => {
    const parsed = new URL(url, 'http://localhost');
    const request: SeenRequest = {
      method: init.method ?? 'GET',
      path: parsed.pathname,
      query: parsed.searchParams,
      body: init.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
    };
    seen.push(request);
    const result = answer(request);
    const json = (value: unknown, status = 200) =>
      new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
    if (result === 'network') throw new TypeError('Failed to fetch');
    if (!result) return json({ return_code: '404', error_no: '404', error_info: 'not found', data: null }, 404);
    if ('error' in result)
      return json(
        { return_code: result.error.code, error_no: result.error.code, error_info: result.error.message, data: result.error.data ?? null },
        result.error.status,
      );
    return json({ return_code: '0', error_no: '0', error_info: '', data: result.data });
  });
  return seen;
}
