import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/index';
import { answerCalls, type RecordedCall } from '../../test/fake-server';
import { buttonIn, fieldError, fieldInput, renderBackOffice } from '../../test/back-office-harness';
import { CURRENT_USER_KEY } from '../../shared/use-current-user';
import { ChangeMobileDialog } from './change-mobile-dialog';

beforeAll(async () => {
  await initI18n('zh-CN', ['account', 'common', 'login']);
});
afterEach(cleanup);

const SEND = '/omc/api/user/modify_mobile_send';
const CHANGE = '/omc/api/user/modify_mobile';
const PICTURE = '/gateway/getCheckCode';

const dialog = () => document.querySelector<HTMLElement>('.ant-modal-wrap:not([style*="display: none"]) .ant-modal')!;
const confirmDialog = () => document.querySelector<HTMLElement>('.ant-modal-confirm');

function server(changeAnswer: Parameters<typeof answerCalls>[0][string] = { data: null }): RecordedCall[] {
  return answerCalls({
    [PICTURE]: { data: { cc: 'cc1', img: 'data:image/svg+xml;base64,PHN2Zy8+' } },
    [SEND]: { data: null },
    [CHANGE]: changeAnswer,
    '/omc/api/user/getCurrUser': { data: null },
  });
}

function show(onClose = vi.fn()) {
  const view = renderBackOffice(<ChangeMobileDialog open onClose={onClose} />);
  return { ...view, onClose };
}

async function passStep1(password = 'Login@2026') {
  fireEvent.change(fieldInput('登录密码', dialog()), { target: { value: password } });
  fireEvent.click(buttonIn(dialog(), '下一步'));
  const confirm = await waitFor(() => {
    const found = confirmDialog();
    if (!found) throw new Error('no confirmation');
    return found;
  });
  fireEvent.click(confirm.querySelector('.ant-modal-confirm-btns .ant-btn-primary')!);
  await waitFor(() => expect(dialog().querySelector('input[autocomplete="tel"]')).not.toBeNull());
}

async function requestSmsCode(phone: string) {
  fireEvent.change(fieldInput('新手机号', dialog()), { target: { value: phone } });
  fireEvent.click(screen.getByTestId('sms-send-change-mobile'));
  const picture = await waitFor(() => {
    const input = document.querySelector<HTMLInputElement>('input[aria-label="图形验证码"]');
    if (!input) throw new Error('no picture code');
    return input;
  });
  fireEvent.change(picture, { target: { value: 'AbCd' } });
  const popup = picture.closest<HTMLElement>('.ant-modal')!;
  fireEvent.click(popup.querySelector('.ant-btn-primary')!);
}

describe('changing the mobile number', { timeout: 120_000 }, () => {
  it('asks for the login password first and says so under the field', async () => {
    const calls = server();
    show();
    expect(within(dialog()).getByText('修改手机号')).toBeTruthy();
    fireEvent.click(buttonIn(dialog(), '下一步'));
    await waitFor(() => expect(fieldError('登录密码', dialog())).toBe('请输入登录密码'));
    expect(confirmDialog()).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('refuses a pasted password with a warning', async () => {
    server();
    show();
    const input = fieldInput('登录密码', dialog());
    const pasted = fireEvent.paste(input, { clipboardData: { getData: () => 'Login@2026' } });
    expect(pasted).toBe(false);
    expect(await screen.findByText('为了账号安全，请手动输入密码')).toBeTruthy();
    expect(fireEvent.copy(input)).toBe(false);
  });

  it('asks to confirm before the second step, and stays on the first when declined', async () => {
    server();
    show();
    fireEvent.change(fieldInput('登录密码', dialog()), { target: { value: 'Login@2026' } });
    fireEvent.click(buttonIn(dialog(), '下一步'));
    const confirm = await waitFor(() => {
      const found = confirmDialog();
      if (!found) throw new Error('no confirmation');
      return found;
    });
    expect(confirm.textContent).toContain('修改后，登录和接收短信验证码都将使用新手机号。确定继续吗？');
    fireEvent.click(
      within(confirm)
        .getAllByRole('button')
        .find((b) => !b.classList.contains('ant-btn-primary'))!,
    );
    await waitFor(() => expect(confirmDialog()).toBeNull());
    expect(fieldInput('登录密码', dialog()).value).toBe('Login@2026');
    expect(dialog().querySelector('input[autocomplete="tel"]')).toBeNull();
  });

  it('names a missing or malformed new number and the missing code on the second step', async () => {
    const calls = server();
    show();
    await passStep1();
    fireEvent.click(buttonIn(dialog(), '确认修改'));
    await waitFor(() => expect(fieldError('新手机号', dialog())).toBe('请输入新手机号'));
    // The form checks its fields one by one: the code's message may come a moment after the number's.
    await waitFor(() => expect(dialog().textContent).toContain('请输入手机验证码'));
    fireEvent.change(fieldInput('新手机号', dialog()), { target: { value: '2380000' } });
    await waitFor(() => expect(fieldError('新手机号', dialog())).toBe('不是有效的手机号'));
    expect(calls.some((c) => c.path === CHANGE)).toBe(false);
  });

  it('does not ask for a picture code while the new number is wrong', async () => {
    const calls = server();
    show();
    await passStep1();
    fireEvent.change(fieldInput('新手机号', dialog()), { target: { value: '123' } });
    fireEvent.click(screen.getByTestId('sms-send-change-mobile'));
    await waitFor(() => expect(fieldError('新手机号', dialog())).toBe('不是有效的手机号'));
    expect(document.querySelector('input[aria-label="图形验证码"]')).toBeNull();
    expect(calls.some((c) => c.path === SEND)).toBe(false);
  });

  it('sends the code to the new number, then changes it with the password, code and number', async () => {
    const calls = server();
    const onClose = vi.fn();
    const { client } = show(onClose);
    client.setQueryData(CURRENT_USER_KEY, { currUserId: '7', userId: '7' });
    await passStep1('Login@2026');
    await requestSmsCode(' 13912345678 ');
    await waitFor(() =>
      expect(calls.find((c) => c.path === SEND)?.body).toEqual({ chkcode_req_id: 'cc1', chkcode: 'AbCd', mobile: '13912345678' }),
    );
    fireEvent.change(screen.getByLabelText('手机验证码'), { target: { value: '123456' } });
    fireEvent.click(buttonIn(dialog(), '确认修改'));
    await waitFor(() =>
      expect(calls.find((c) => c.path === CHANGE)?.body).toEqual({ password: 'Login@2026', sms_code: '123456', mobile: '13912345678' }),
    );
    expect(await screen.findByText('修改成功')).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    // The signed-in user is read again, so the menu shows the new number.
    expect(client.getQueryState(CURRENT_USER_KEY)?.isInvalidated).toBe(true);
  });

  it('clears a refused code and names the reason under it', async () => {
    server({ error: { code: '111051', message: '短信验证码错误', status: 400 } });
    const onClose = vi.fn();
    show(onClose);
    await passStep1();
    await requestSmsCode('13912345678');
    const code = screen.getByLabelText<HTMLInputElement>('手机验证码');
    await waitFor(() => expect(screen.getByTestId('sms-send-change-mobile').textContent).toMatch(/秒后重新获取/));
    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.click(buttonIn(dialog(), '确认修改'));
    await waitFor(() => expect(dialog().textContent).toContain('短信验证码错误'));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('手机验证码').value).toBe(''));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('starts over at the password when the server says the change must begin again', async () => {
    server({ error: { code: '111052', message: '验证已失效，请重新操作', status: 400 } });
    show();
    await passStep1();
    await requestSmsCode('13912345678');
    fireEvent.change(screen.getByLabelText('手机验证码'), { target: { value: '123456' } });
    fireEvent.click(buttonIn(dialog(), '确认修改'));
    expect(await screen.findByText('验证已失效，请重新操作')).toBeTruthy();
    await waitFor(() => expect(fieldInput('登录密码', dialog()).value).toBe(''));
    expect(dialog().querySelector('input[autocomplete="tel"]')).toBeNull();
  });

  it('goes back to the password with "previous"', async () => {
    server();
    show();
    await passStep1();
    fireEvent.click(buttonIn(dialog(), '上一步'));
    await waitFor(() => expect(fieldInput('登录密码', dialog())).toBeTruthy());
  });
});
