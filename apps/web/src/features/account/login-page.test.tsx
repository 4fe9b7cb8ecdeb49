import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LoginAnswer } from '@portal/contracts/account';
import type { PublicSettings } from '@portal/contracts/settings';
import { initI18n } from '../../i18n/index';
import {
  answerRequests,
  buttonIn,
  fieldError,
  fieldInput,
  operator,
  renderBackOffice,
  type SeenRequest,
} from '../../test/back-office-harness';
import { CURRENT_USER_KEY } from '../../shared/use-current-user';
import { LoginPage, showRegisterLink } from './login-page';

beforeAll(async () => {
  await initI18n('zh-CN', ['login', 'common']);
});
beforeEach(() => sessionStorage.clear());
afterEach(cleanup);

const LOGIN = '/omc/submitLogin';
const PICTURE = '/gateway/getCheckCode';
const NEEDS_CODE = '/gateway/loginHasValidateCode';
const ME = '/omc/api/user/getCurrUser';

const answer: LoginAnswer = {
  utoken: 't',
  user_token: 't',
  tn: 'tn',
  user_agent_name: '煤炭采购',
  user_agent_operator_name: '',
  user_agent_user_name: 'buyer01',
  user_agent_user_id: '7',
  user_agent_operator_code: '',
  user_agent_raw_role_code: 'buyer',
  user_agent_role_code: 'buyer',
  last_login_date_time: '',
  optAuths: ['portal:view', 'message:view'],
  user_type: 'comp',
};

function Address() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

let pictures = 0;
function serve(options: { needsCode?: boolean; login?: () => ReturnType<Parameters<typeof answerRequests>[0]> } = {}) {
  pictures = 0;
  return answerRequests((request) => {
    if (request.path === NEEDS_CODE) return { data: options.needsCode ?? true };
    if (request.path === PICTURE) {
      pictures++;
      return { data: { cc: `cc${pictures}`, img: `data:image/svg+xml;base64,${btoa(`<svg id="${pictures}"/>`)}` } };
    }
    if (request.path === LOGIN) return options.login ? options.login() : { data: answer };
    if (request.path === ME) return { data: { ...operator, currUserId: '7', userId: '7', nickName: '煤炭采购' } };
    return undefined;
  });
}

function show(path = '/login', settings: Partial<PublicSettings> = {}) {
  return renderBackOffice(
    <>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="*" element={<p>signed-in page</p>} />
      </Routes>
      <Address />
    </>,
    { route: path, settings: { isI18n: false, ...settings } },
  );
}
const card = () => document.querySelector<HTMLElement>('.login-card')!;
const form = () => card().querySelector<HTMLFormElement>('form')!;
const logins = (seen: SeenRequest[]) => seen.filter((r) => r.path === LOGIN).map((r) => r.body);
const submit = () => fireEvent.click(buttonIn(form(), '登录'));
async function fill(account: string, password: string, code?: string) {
  fireEvent.change(fieldInput('用户名', form()), { target: { value: account } });
  fireEvent.change(fieldInput('密码', form()), { target: { value: password } });
  if (code !== undefined) {
    await waitFor(() => expect(sessionStorage.getItem('cc')).not.toBeNull());
    fireEvent.change(within(form()).getByLabelText('验证码'), { target: { value: code } });
  }
}

describe('signing in with a password', { timeout: 120_000 }, () => {
  it('names each missing field and sends nothing', async () => {
    const seen = serve();
    show();
    await within(form()).findByLabelText('验证码');
    submit();
    await waitFor(() => expect(fieldError('用户名', form())).toBe('请输入用户名'));
    await waitFor(() => expect(fieldError('密码', form())).toBe('请输入密码'));
    expect(form().textContent).toContain('请输入验证码');
    expect(logins(seen)).toHaveLength(0);
  });

  it('checks a field as it changes and ties its message to it for screen readers', async () => {
    serve();
    show();
    const password = fieldInput('密码', form());
    expect(password.getAttribute('aria-required')).toBe('true');
    expect(password.getAttribute('aria-invalid')).toBeNull();
    fireEvent.change(password, { target: { value: '123' } });
    await waitFor(() => expect(fieldError('密码', form())).toBe('密码至少 6 位'));
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(password.getAttribute('aria-describedby')!)?.textContent).toBe('密码至少 6 位');
    // Nothing else is checked before it is touched or the form is sent.
    expect(fieldError('用户名', form())).toBe('');
    fireEvent.change(password, { target: { value: '123456' } });
    await waitFor(() => expect(fieldError('密码', form())).toBe(''));
    expect(password.getAttribute('aria-invalid')).toBeNull();
    fireEvent.change(fieldInput('用户名', form()), { target: { value: '   ' } });
    await waitFor(() => expect(fieldError('用户名', form())).toBe('请输入用户名'));
  });

  it('refuses a password shorter than six characters', async () => {
    const seen = serve();
    show();
    await fill('buyer01', '12345', 'ABCD');
    submit();
    await waitFor(() => expect(fieldError('密码', form())).toBe('密码至少 6 位'));
    expect(logins(seen)).toHaveLength(0);
  });

  it('sends the trimmed account and code with the picture code’s id, keeps the grants and opens the workbench', async () => {
    const seen = serve();
    const { client } = show();
    await fill('  buyer01 ', 'Coal@2026', ' AbCd ');
    submit();
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/mainIndex'));
    expect(logins(seen)).toEqual([
      { account: 'buyer01', password: 'Coal@2026', check_code: 'AbCd', req_code_session_id: 'cc1', terminal_type: 'pc' },
    ]);
    expect(JSON.parse(sessionStorage.getItem('userPermissions')!)).toEqual({ 'portal:view': true, 'message:view': true });
    expect(sessionStorage.getItem('userName')).toBe('buyer01');
    expect((client.getQueryData(CURRENT_USER_KEY) as { nickName: string }).nickName).toBe('煤炭采购');
    expect(await screen.findByText('登录成功')).toBeTruthy();
  });

  it('returns to the page the person was sent away from', async () => {
    serve();
    sessionStorage.setItem('loginUrl', '/trade/orders?tab=2');
    show();
    await fill('buyer01', 'Coal@2026', 'ABCD');
    submit();
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/trade/orders?tab=2'));
  });

  it('never follows a remembered address to another site', async () => {
    serve();
    sessionStorage.setItem('loginUrl', '//evil.example.com/phish');
    show();
    await fill('buyer01', 'Coal@2026', 'ABCD');
    submit();
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/mainIndex'));
  });

  it('asks for no picture code when the server does not want one', async () => {
    const seen = serve({ needsCode: false });
    show();
    await waitFor(() => expect(seen.some((r) => r.path === NEEDS_CODE)).toBe(true));
    await waitFor(() => expect(within(form()).queryByLabelText('验证码')).toBeNull());
    await fill('buyer01', 'Coal@2026');
    submit();
    await waitFor(() => expect(logins(seen)).toHaveLength(1));
    expect((logins(seen)[0] as Record<string, unknown>).check_code).toBeUndefined();
  });

  it('puts a wrong picture code under the code, clears it and shows a new picture', async () => {
    const seen = serve({ login: () => ({ error: { code: '111000', message: '验证码错误', status: 400 } }) });
    show();
    await fill('buyer01', 'Coal@2026', 'ABCD');
    submit();
    await waitFor(() => expect(form().textContent).toContain('验证码错误'));
    expect(within(form()).getByLabelText<HTMLInputElement>('验证码').value).toBe('');
    await waitFor(() => expect(seen.filter((r) => r.path === PICTURE)).toHaveLength(2));
    expect(screen.getByTestId('address').textContent).toBe('/login');
  });

  it('puts wrong credentials under the password and says so in a toast', async () => {
    serve({ login: () => ({ error: { code: '-104', message: '用户名或密码错误', status: 400 } }) });
    show();
    await fill('buyer01', 'Wrong@2026', 'ABCD');
    submit();
    await waitFor(() => expect(fieldError('密码', form())).toBe('用户名或密码错误'));
    // The toast's code loads on its first use, so it may show a moment after the field's message.
    await waitFor(() => expect(screen.getAllByText('用户名或密码错误').length).toBeGreaterThan(1));
    expect(fieldError('用户名', form())).toBe('');
  });

  it('says the sign-in failed when the network drops', async () => {
    serve({ needsCode: false, login: () => 'network' });
    show();
    await waitFor(() => expect(within(form()).queryByLabelText('验证码')).toBeNull());
    await fill('buyer01', 'Coal@2026');
    submit();
    expect(await screen.findByText('用户名或密码错误，请重新输入')).toBeTruthy();
    expect(screen.getByTestId('address').textContent).toBe('/login');
  });
});

describe('the login page around the form', { timeout: 120_000 }, () => {
  it('links the logo to the portal when the portal is the landing page, else to the workbench', async () => {
    serve();
    show('/login', { portalJump: true });
    expect(screen.getByRole('link', { name: '大宗商品交易平台' }).getAttribute('href')).toBe('/index');
    cleanup();
    show('/login', { portalJump: false });
    expect(screen.getByRole('link', { name: '大宗商品交易平台' }).getAttribute('href')).toBe('/mainIndex');
  });

  it('offers registration only to company users and only where it is switched on', () => {
    expect(showRegisterLink(true, null)).toBe(true);
    expect(showRegisterLink(true, 'comp')).toBe(true);
    expect(showRegisterLink(true, 'toVerified')).toBe(true);
    expect(showRegisterLink(true, 'operator')).toBe(false);
    expect(showRegisterLink(false, 'comp')).toBe(false);
  });

  it('hides the register link for an operator’s login address', async () => {
    serve();
    show('/login?user_type=operator');
    expect(screen.getByRole('button', { name: '忘记密码' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '免费注册' })).toBeNull();
    cleanup();
    show('/login');
    expect(screen.getByRole('button', { name: '免费注册' })).toBeTruthy();
  });

  it('titles the browser tab', async () => {
    serve();
    show();
    await waitFor(() => expect(document.title).toBe('账号登录 - 大宗商品交易平台'));
  });
});
