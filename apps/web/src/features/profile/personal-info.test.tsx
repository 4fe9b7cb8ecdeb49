import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@portal/contracts/account';
import { initI18n } from '../../i18n/index';
import { answerCalls } from '../../test/fake-server';
import { buttonIn, fieldError, fieldInput, operator, pickOption, renderBackOffice } from '../../test/back-office-harness';
import { PersonalInfoForm } from './personal-info-form';
import { PersonalInfoPage } from './personal-info-page';

beforeAll(async () => {
  await initI18n('zh-CN', ['profile', 'common']);
});
afterEach(cleanup);

const SAVE = '/omc/api/user/modifyCurrUserInfo';
const me: CurrentUser = {
  ...operator,
  currUserId: '7',
  userId: '7',
  nickName: '煤炭采购',
  realName: '张三',
  mobilePhone: '13800000001',
  email: 'zhang@example.com',
  jobNo: 'E007',
  position: '采购经理',
  fax: '',
  certType: '0',
  certNo: '110101199001011234',
};

function show(user: CurrentUser = me, onSaved = vi.fn(), onCancel?: () => void) {
  renderBackOffice(<PersonalInfoForm user={user} onSaved={onSaved} onCancel={onCancel} />);
  return { form: screen.getByTestId('personal-info-form'), onSaved };
}

describe('the personal info form', { timeout: 120_000 }, () => {
  it('starts from the signed-in user, with the mobile number read-only', () => {
    answerCalls({});
    const { form } = show();
    expect(fieldInput('显示名称', form).value).toBe('煤炭采购');
    expect(fieldInput('真实姓名', form).value).toBe('张三');
    expect(fieldInput('电子邮箱', form).value).toBe('zhang@example.com');
    expect(fieldInput('职位', form).value).toBe('采购经理');
    expect(within(form).getByText('身份证')).toBeTruthy();
    expect(within(form).getByLabelText<HTMLInputElement>('证件号码').value).toBe('110101199001011234');
    const mobile = fieldInput('手机号', form);
    expect(mobile.value).toBe('13800000001');
    expect(mobile.readOnly).toBe(true);
    expect(within(form).getByText('手机号不可在此修改')).toBeTruthy();
  });

  it('offers "please choose" for an unknown certificate type rather than a raw code', () => {
    answerCalls({});
    const { form } = show({ ...me, certType: '9' });
    expect(within(form).getByText('请选择')).toBeTruthy();
    expect(within(form).queryByText('9')).toBeNull();
  });

  it('requires a display name and does not accept blanks for one', async () => {
    const calls = answerCalls({});
    const { form } = show();
    fireEvent.change(fieldInput('显示名称', form), { target: { value: '   ' } });
    fireEvent.click(buttonIn(form, '保存'));
    await waitFor(() => expect(fieldError('显示名称', form)).toBe('请输入显示名称'));
    expect(calls).toHaveLength(0);
  });

  it('names the malformed e-mail and fax under their fields', async () => {
    const calls = answerCalls({});
    const { form } = show();
    fireEvent.change(fieldInput('电子邮箱', form), { target: { value: 'zhang-at-example' } });
    fireEvent.change(fieldInput('传真', form), { target: { value: '12-34' } });
    fireEvent.click(buttonIn(form, '保存'));
    await waitFor(() => expect(fieldError('电子邮箱', form)).toBe('请输入正确的邮箱地址'));
    await waitFor(() => expect(fieldError('传真', form)).toBe('传真格式不正确，应为区号（可选）加 7-8 位号码，如 010-12345678'));
    expect(fieldError('显示名称', form)).toBe('');
    expect(calls).toHaveLength(0);
  });

  it('refuses a certificate number with other characters than letters and digits', async () => {
    const calls = answerCalls({});
    const { form } = show();
    fireEvent.change(within(form).getByLabelText('证件号码'), { target: { value: '1101-0119' } });
    fireEvent.click(buttonIn(form, '保存'));
    expect(await within(form).findByText('证件号码只能包含字母和数字')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('sends the edited fields with the user id but never the mobile number', async () => {
    const saved = { ...me, nickName: '焦煤采购', fax: '010-12345678', certType: '2' };
    const calls = answerCalls({ [SAVE]: { data: saved } });
    const { form, onSaved } = show();
    fireEvent.change(fieldInput('显示名称', form), { target: { value: '焦煤采购' } });
    fireEvent.change(fieldInput('传真', form), { target: { value: '010-12345678' } });
    await pickOption(form, '证件', '护照');
    fireEvent.click(buttonIn(form, '保存'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(calls).toEqual([
      {
        path: SAVE,
        body: {
          userId: '7',
          name: '焦煤采购',
          realName: '张三',
          email: 'zhang@example.com',
          jobNo: 'E007',
          position: '采购经理',
          fax: '010-12345678',
          certType: '2',
          certNo: '110101199001011234',
        },
      },
    ]);
    expect(await screen.findByText('修改成功')).toBeTruthy();
  });

  it('shows the server refusal as a toast and keeps what was typed', async () => {
    answerCalls({ [SAVE]: { error: { code: '100001', message: '邮箱已被使用', status: 400 } } });
    const { form, onSaved } = show();
    fireEvent.change(fieldInput('电子邮箱', form), { target: { value: 'taken@example.com' } });
    fireEvent.click(buttonIn(form, '保存'));
    expect(await screen.findByText('邮箱已被使用')).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
    expect(fieldInput('电子邮箱', form).value).toBe('taken@example.com');
  });

  it('puts the saved values back with "reset"', async () => {
    answerCalls({});
    const { form } = show();
    fireEvent.change(fieldInput('职位', form), { target: { value: '总经理' } });
    fireEvent.click(buttonIn(form, '重置'));
    await waitFor(() => expect(fieldInput('职位', form).value).toBe('采购经理'));
  });

  it('offers "cancel" instead of "reset" inside a dialog', () => {
    answerCalls({});
    const onCancel = vi.fn();
    const { form } = show(me, vi.fn(), onCancel);
    expect(within(form).queryByRole('button', { name: /重\s*置/ })).toBeNull();
    fireEvent.click(buttonIn(form, '取消'));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});

describe('the personal info page', { timeout: 120_000 }, () => {
  it('reads the user again after a save, so the shell shows the new name', async () => {
    answerCalls({ [SAVE]: { data: { ...me, nickName: '新名字' } } });
    const refreshUser = vi.fn(async () => undefined);
    renderBackOffice(<PersonalInfoPage />, { session: { user: me, refreshUser } });
    expect(screen.getByText('维护您在平台上展示的联系信息。手机号请通过“修改手机号”变更。')).toBeTruthy();
    const form = screen.getByTestId('personal-info-form');
    fireEvent.change(fieldInput('显示名称', form), { target: { value: '新名字' } });
    fireEvent.click(buttonIn(form, '保存'));
    await waitFor(() => expect(refreshUser).toHaveBeenCalledTimes(1));
  });
});
