import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/index';
import { answerCalls } from '../../test/fake-server';
import { buttonIn, fieldError, fieldInput, renderBackOffice } from '../../test/back-office-harness';
import { ChangePasswordPage } from './change-password-page';
import { ForcedPasswordDialog } from './forced-password-dialog';

beforeAll(async () => {
  await initI18n('zh-CN', ['profile', 'common']);
});
afterEach(cleanup);

const RESET = '/omc/api/user/resetPwd';
const RULE_TEXT = '密码须为 6-20 位，且至少包含数字、大写字母、小写字母、符号中的 3 种';

function showPage(forceLogout = vi.fn(), transport = async (plain: string) => `enc(${plain})`) {
  renderBackOffice(<ChangePasswordPage />, { session: { forceLogout, transportPassword: transport } });
  return { form: screen.getByTestId('change-password-form'), forceLogout };
}

function fill(form: HTMLElement, values: { old?: string; next?: string; confirm?: string }) {
  if (values.old !== undefined) fireEvent.change(fieldInput('原密码', form), { target: { value: values.old } });
  if (values.next !== undefined) fireEvent.change(fieldInput('新密码', form), { target: { value: values.next } });
  if (values.confirm !== undefined) fireEvent.change(fieldInput('确认新密码', form), { target: { value: values.confirm } });
}

describe('changing one’s password', { timeout: 120_000 }, () => {
  it('says which fields are missing, under each, and sends nothing', async () => {
    const calls = answerCalls({});
    const { form } = showPage();
    expect(screen.getByText('修改成功后，所有已登录的会话都会退出，请使用新密码重新登录。')).toBeTruthy();
    fireEvent.click(buttonIn(form, '确认修改'));
    await waitFor(() => expect(fieldError('原密码', form)).toBe('请输入原密码'));
    await waitFor(() => expect(fieldError('新密码', form)).toBe('请输入新密码'));
    expect(fieldError('确认新密码', form)).toBe('请再次输入新密码');
    expect(calls).toHaveLength(0);
  });

  it('shows the configured rule before typing, then the strength as the password grows', async () => {
    answerCalls({});
    const { form } = showPage();
    expect(within(form).getByText(RULE_TEXT)).toBeTruthy();
    fill(form, { next: 'abcdef' });
    expect(await within(form).findByText('密码强度：弱')).toBeTruthy();
    expect(within(form).queryByText(RULE_TEXT)).toBeNull();
    fill(form, { next: 'abcdef12' });
    expect(await within(form).findByText('密码强度：一般')).toBeTruthy();
    fill(form, { next: 'Abcdef12' });
    expect(await within(form).findByText('密码强度：复杂')).toBeTruthy();
  });

  it('refuses a new password that breaks the rule, with the rule as the reason', async () => {
    const calls = answerCalls({});
    const { form } = showPage();
    fill(form, { old: 'Old@2025', next: 'abcdef12', confirm: 'abcdef12' });
    fireEvent.click(buttonIn(form, '确认修改'));
    await waitFor(() => expect(fieldError('新密码', form)).toBe(RULE_TEXT));
    expect(calls).toHaveLength(0);
  });

  it('follows a stricter rule from the settings', async () => {
    answerCalls({});
    renderBackOffice(<ChangePasswordPage />, { settings: { passwordRule: { minLength: 10, maxLength: 16, minKinds: 4 } } });
    const form = screen.getByTestId('change-password-form');
    const strict = '密码须为 10-16 位，且至少包含数字、大写字母、小写字母、符号中的 4 种';
    expect(within(form).getByText(strict)).toBeTruthy();
    fill(form, { old: 'x', next: 'Abcdef12', confirm: 'Abcdef12' });
    fireEvent.click(buttonIn(form, '确认修改'));
    await waitFor(() => expect(fieldError('新密码', form)).toBe(strict));
  });

  it('refuses a confirmation that differs from the new password', async () => {
    const calls = answerCalls({});
    const { form } = showPage();
    fill(form, { old: 'Old@2025', next: 'New@2026a', confirm: 'New@2026b' });
    fireEvent.click(buttonIn(form, '确认修改'));
    await waitFor(() => expect(fieldError('确认新密码', form)).toBe('两次输入的密码不一致'));
    expect(calls).toHaveLength(0);
  });

  it('sends both passwords as the transport encodes them and then logs out', async () => {
    const calls = answerCalls({ [RESET]: { data: null } });
    const { form, forceLogout } = showPage();
    fill(form, { old: 'Old@2025', next: 'New@2026a', confirm: 'New@2026a' });
    fireEvent.click(buttonIn(form, '确认修改'));
    await waitFor(() => expect(forceLogout).toHaveBeenCalledTimes(1));
    expect(calls).toEqual([{ path: RESET, body: { pwd: 'enc(Old@2025)', resetedPwd: 'enc(New@2026a)', pwdType: 'password' } }]);
    expect(await screen.findByText('密码修改成功，请重新登录')).toBeTruthy();
  });

  it('puts a wrong old password under the old password and stays signed in', async () => {
    answerCalls({ [RESET]: { error: { code: '111107', message: '原密码不正确', status: 400 } } });
    const { form, forceLogout } = showPage();
    fill(form, { old: 'Wrong@2025', next: 'New@2026a', confirm: 'New@2026a' });
    fireEvent.click(buttonIn(form, '确认修改'));
    await waitFor(() => expect(fieldError('原密码', form)).toBe('原密码不正确'));
    expect(fieldError('新密码', form)).toBe('');
    expect(forceLogout).not.toHaveBeenCalled();
  });

  it('puts a refused new password (used before) under the new password', async () => {
    answerCalls({ [RESET]: { error: { code: '111301', message: '新密码不能与原密码相同', status: 400 } } });
    const { form, forceLogout } = showPage();
    fill(form, { old: 'Same@2025', next: 'Same@2025', confirm: 'Same@2025' });
    fireEvent.click(buttonIn(form, '确认修改'));
    await waitFor(() => expect(fieldError('新密码', form)).toBe('新密码不能与原密码相同'));
    expect(forceLogout).not.toHaveBeenCalled();
  });

  it('shows any other refusal as a toast', async () => {
    answerCalls({ [RESET]: { error: { code: '100500', message: '服务暂不可用', status: 500 } } });
    const { form, forceLogout } = showPage();
    fill(form, { old: 'Old@2025', next: 'New@2026a', confirm: 'New@2026a' });
    fireEvent.click(buttonIn(form, '确认修改'));
    expect(await screen.findByText('服务暂不可用')).toBeTruthy();
    expect(fieldError('原密码', form)).toBe('');
    expect(forceLogout).not.toHaveBeenCalled();
  });

  it('says the change failed when the network drops', async () => {
    answerCalls({ [RESET]: 'network' });
    const { form } = showPage();
    fill(form, { old: 'Old@2025', next: 'New@2026a', confirm: 'New@2026a' });
    fireEvent.click(buttonIn(form, '确认修改'));
    expect(await screen.findByText(/修改失败，请稍后重试|网络/)).toBeTruthy();
  });

  it('sends once however often the form is submitted while the first is in flight', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const transport = vi.fn(async (plain: string) => {
      await gate;
      return plain;
    });
    const calls = answerCalls({ [RESET]: { data: null } });
    const { form, forceLogout } = showPage(vi.fn(), transport);
    fill(form, { old: 'Old@2025', next: 'New@2026a', confirm: 'New@2026a' });
    fireEvent.click(buttonIn(form, '确认修改'));
    await waitFor(() => expect(transport).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(form.querySelector('.ant-btn-loading')).not.toBeNull());
    fireEvent.submit(form);
    fireEvent.submit(form);
    // Both repeats have passed validation by now; neither may reach the transport.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(transport).toHaveBeenCalledTimes(2);
    release();
    await waitFor(() => expect(forceLogout).toHaveBeenCalled());
    expect(calls.filter((c) => c.path === RESET)).toHaveLength(1);
  });
});

describe('the forced change of a default password', { timeout: 120_000 }, () => {
  it('cannot be closed: no close button, Escape does nothing', async () => {
    answerCalls({});
    renderBackOffice(<ForcedPasswordDialog open />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('首次登录，请修改初始密码')).toBeTruthy();
    expect(within(dialog).getByText('为了您的账号安全，请先修改初始密码；修改成功后请使用新密码重新登录。')).toBeTruthy();
    expect(dialog.querySelector('.ant-modal-close')).toBeNull();
    fireEvent.keyDown(dialog, { key: 'Escape', code: 'Escape', keyCode: 27 });
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /取消/ })).toBeNull();
  });

  it('ends with the forced logout once the password changed', async () => {
    const calls = answerCalls({ [RESET]: { data: null } });
    const forceLogout = vi.fn();
    renderBackOffice(<ForcedPasswordDialog open />, { session: { forceLogout } });
    const form = await screen.findByTestId('change-password-form');
    fill(form, { old: 'Init@123', next: 'Mine@2026', confirm: 'Mine@2026' });
    fireEvent.click(buttonIn(form, '确认修改'));
    await waitFor(() => expect(forceLogout).toHaveBeenCalledTimes(1));
    expect(calls[0]!.body).toEqual({ pwd: 'Init@123', resetedPwd: 'Mine@2026', pwdType: 'password' });
  });
});
