import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '@portal/contracts/admin';
import { initI18n } from '../../i18n/index';
import { answerCalls, type RecordedCall } from '../../test/fake-server';
import { buttonIn, confirmPopover, fieldError, fieldInput, openDialog, pickOption, renderBackOffice } from '../../test/back-office-harness';
import { UsersPage } from './users-page';

beforeAll(async () => {
  await initI18n('zh-CN', ['admin', 'resource', 'common']);
});
afterEach(cleanup);

const BASE = '/omc/api/admin/users';

const user = (id: string, account: string, extra: Partial<UserRow> = {}): UserRow => ({
  id,
  account,
  nick_name: `${account}-nick`,
  real_name: '李四',
  mobile: '13900000000',
  email: '',
  user_type: 'comp',
  company_name: '山西焦煤集团有限责任公司',
  tenant_id: 'default',
  tenant_name: '默认租户',
  enabled: true,
  locked: false,
  defaultPassword: false,
  roleIds: ['2'],
  roleNames: ['采购员'],
  last_login_at: '',
  last_login_ip: '',
  created_at: '2026-11-01T00:00:00.000Z',
  ...extra,
});

const options = {
  data: {
    roles: [
      { id: '2', code: 'buyer', name: '采购员' },
      { id: '3', code: 'seller', name: '销售员' },
    ],
    tenants: [{ tenant_id: 'default', tenant_name: '默认租户' }],
  },
};

function server(rows: UserRow[], extra: Parameters<typeof answerCalls>[0] = {}): RecordedCall[] {
  return answerCalls({
    [`${BASE}/list`]: { data: { rows, total: rows.length } },
    [`${BASE}/options`]: options,
    ...extra,
  });
}

const editor = { 'user:view': true, 'user:edit': true };
const lastBody = (calls: RecordedCall[], path: string) => calls.filter((c) => c.path === path).at(-1)?.body;
const row = (account: string) => screen.getByText(account).closest('tr')!;
describe('system management · users', { timeout: 120_000 }, () => {
  it('shows each account with its type, roles and the states that need attention', async () => {
    server([
      user('1', 'admin', { user_type: 'operator', company_name: '', roleNames: ['超级管理员'] }),
      user('7', 'buyer01', { locked: true, defaultPassword: true }),
      user('8', 'seller02', { enabled: false, user_type: 'toVerified' }),
    ]);
    renderBackOffice(<UsersPage />, { permissions: editor });
    await screen.findByText('buyer01');
    expect(within(row('admin')).getByText('平台运营')).toBeTruthy();
    expect(within(row('buyer01')).getByText('企业用户')).toBeTruthy();
    expect(within(row('buyer01')).getByText('已锁定')).toBeTruthy();
    expect(within(row('buyer01')).getByText('初始密码')).toBeTruthy();
    expect(within(row('seller02')).getByText('待认证企业')).toBeTruthy();
    expect(within(row('seller02')).getByText('停用')).toBeTruthy();
    expect(screen.getByText('共 3 条')).toBeTruthy();
  });

  it('searches with the trimmed keyword and the chosen status, starting again at page one', async () => {
    const calls = server([user('7', 'buyer01')]);
    renderBackOffice(<UsersPage />, { permissions: editor });
    await screen.findByText('buyer01');
    const search = document.querySelector<HTMLFormElement>('form#users-search')!;
    fireEvent.change(fieldInput('关键字', search), { target: { value: '  buyer  ' } });
    await pickOption(search, '状态', '停用');
    fireEvent.click(buttonIn(search, '查询'));
    await waitFor(() => expect(lastBody(calls, `${BASE}/list`)).toEqual({ keyword: 'buyer', status: 'disabled', pageNo: 1, pageSize: 10 }));
    fireEvent.click(buttonIn(search, '重置'));
    await waitFor(() => expect(lastBody(calls, `${BASE}/list`)).toEqual({ pageNo: 1, pageSize: 10 }));
    expect(fieldInput('关键字', search).value).toBe('');
  });

  it('offers no writes to someone who may only look', async () => {
    server([user('7', 'buyer01', { locked: true })]);
    renderBackOffice(<UsersPage />, { permissions: { 'user:view': true } });
    await screen.findByText('buyer01');
    expect(screen.queryByRole('button', { name: /新增/ })).toBeNull();
    expect(within(row('buyer01')).queryByRole('button', { name: /编辑/ })).toBeNull();
    expect(within(row('buyer01')).queryByRole('button', { name: /停用/ })).toBeNull();
    expect(within(row('buyer01')).queryByRole('button', { name: /重置密码/ })).toBeNull();
  });

  it('never offers to disable or reset the signed-in operator', async () => {
    server([user('1', 'admin', { user_type: 'operator' }), user('7', 'buyer01')]);
    renderBackOffice(<UsersPage />, { permissions: editor });
    await screen.findByText('buyer01');
    expect(within(row('admin')).queryByRole('button', { name: /停用/ })).toBeNull();
    expect(within(row('admin')).queryByRole('button', { name: /重置密码/ })).toBeNull();
    expect(within(row('buyer01')).getByRole('button', { name: /停用/ })).toBeTruthy();
    expect(within(row('buyer01')).getByRole('button', { name: /重置密码/ })).toBeTruthy();
  });

  it('names the missing fields of a new account and sends nothing until they are filled', async () => {
    const calls = server([]);
    renderBackOffice(<UsersPage />, { permissions: editor });
    fireEvent.click(await screen.findByRole('button', { name: /新增/ }));
    const dialog = openDialog();
    expect(within(dialog).getByText('新增用户')).toBeTruthy();
    fireEvent.click(buttonIn(dialog, '保存'));
    await waitFor(() => expect(fieldError('账号', dialog)).toBe('不能为空'));
    await waitFor(() => expect(fieldError('昵称', dialog)).toBe('不能为空'));
    expect(fieldError('姓名', dialog)).toBe('');
    fireEvent.change(fieldInput('手机号', dialog), { target: { value: '12345' } });
    await waitFor(() => expect(fieldError('手机号', dialog)).toBe('不是有效的手机号'));
    expect(calls.some((c) => c.path === `${BASE}/create`)).toBe(false);
  });

  it('creates an account with the password as the transport sends it and the chosen defaults', async () => {
    const calls = server([], { [`${BASE}/create`]: { data: user('9', 'coal_buyer') } });
    const { client } = renderBackOffice(<UsersPage />, {
      permissions: editor,
      session: { transportPassword: async (plain) => `rsa(${plain})` },
    });
    // The first tenant is the default once the options have come.
    await waitFor(() => expect(client.getQueryData(['admin', 'userOptions'])).toBeDefined());
    fireEvent.click(await screen.findByRole('button', { name: /新增/ }));
    const dialog = openDialog();
    fireEvent.change(fieldInput('账号', dialog), { target: { value: 'coal_buyer' } });
    fireEvent.change(fieldInput('初始密码', dialog), { target: { value: 'Coal@2026' } });
    fireEvent.change(fieldInput('昵称', dialog), { target: { value: '煤炭采购' } });
    fireEvent.change(fieldInput('所属企业', dialog), { target: { value: '内蒙古伊泰煤炭股份有限公司' } });
    fireEvent.click(buttonIn(dialog, '保存'));
    await waitFor(() =>
      expect(lastBody(calls, `${BASE}/create`)).toEqual({
        account: 'coal_buyer',
        password: 'rsa(Coal@2026)',
        nick_name: '煤炭采购',
        user_type: 'comp',
        company_name: '内蒙古伊泰煤炭股份有限公司',
        tenant_id: 'default',
        roleIds: [],
      }),
    );
    expect(await screen.findByText('保存成功')).toBeTruthy();
  });

  it('hides the company for a platform operator', async () => {
    server([]);
    renderBackOffice(<UsersPage />, { permissions: editor });
    fireEvent.click(await screen.findByRole('button', { name: /新增/ }));
    const dialog = openDialog();
    expect(fieldInput('所属企业', dialog)).toBeTruthy();
    await pickOption(dialog, '用户类型', '平台运营');
    await waitFor(() => expect(dialog.querySelector('label[title="所属企业"]')).toBeNull());
  });

  it('shows a refusal of the save as a toast and keeps the dialog open', async () => {
    server([user('7', 'buyer01')], {
      [`${BASE}/update`]: { error: { code: '100001', message: '该手机号已被其他账号使用', status: 400 } },
    });
    renderBackOffice(<UsersPage />, { permissions: editor });
    await screen.findByText('buyer01');
    fireEvent.click(within(row('buyer01')).getByRole('button', { name: /编辑/ }));
    const dialog = openDialog();
    expect(within(dialog).getByText('编辑用户')).toBeTruthy();
    expect(fieldInput('账号', dialog).disabled).toBe(true);
    fireEvent.click(buttonIn(dialog, '保存'));
    expect(await screen.findByText('该手机号已被其他账号使用')).toBeTruthy();
    expect(openDialog()).toBe(dialog);
  });

  it('sends the account, not the read-only field, when an existing user is saved', async () => {
    const calls = server([user('7', 'buyer01')], { [`${BASE}/update`]: { data: user('7', 'buyer01') } });
    renderBackOffice(<UsersPage />, { permissions: editor });
    await screen.findByText('buyer01');
    fireEvent.click(within(row('buyer01')).getByRole('button', { name: /编辑/ }));
    const dialog = openDialog();
    fireEvent.change(fieldInput('昵称', dialog), { target: { value: '新昵称' } });
    fireEvent.click(buttonIn(dialog, '保存'));
    await waitFor(() => expect(lastBody(calls, `${BASE}/update`)).toBeDefined());
    const body = lastBody(calls, `${BASE}/update`) as Record<string, unknown>;
    expect(body.id).toBe('7');
    expect(body.nick_name).toBe('新昵称');
    expect(body).not.toHaveProperty('account');
  });

  it('disables an account after a confirmation that names it', async () => {
    const calls = server([user('7', 'buyer01')], { [`${BASE}/status`]: { data: user('7', 'buyer01', { enabled: false }) } });
    renderBackOffice(<UsersPage />, { permissions: editor });
    await screen.findByText('buyer01');
    fireEvent.click(within(row('buyer01')).getByRole('button', { name: /停用/ }));
    expect(await screen.findByText('确定停用账号 buyer01 吗？')).toBeTruthy();
    expect(screen.getByText('停用后该账号的在线会话将立即结束，且无法再登录。')).toBeTruthy();
    expect(calls.some((c) => c.path === `${BASE}/status`)).toBe(false);
    await confirmPopover();
    await waitFor(() => expect(lastBody(calls, `${BASE}/status`)).toEqual({ id: '7', enabled: false }));
    expect(await screen.findByText('账号已停用，其在线会话已结束')).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.path === `${BASE}/list`).length).toBeGreaterThan(1));
  });

  it('shows a refused disable as a toast and leaves the account as it was', async () => {
    const calls = server([user('7', 'buyer01')], {
      [`${BASE}/status`]: { error: { code: '100001', message: '该账号有未完成的订单', status: 400 } },
    });
    renderBackOffice(<UsersPage />, { permissions: editor });
    await screen.findByText('buyer01');
    fireEvent.click(within(row('buyer01')).getByRole('button', { name: /停用/ }));
    await screen.findByText('确定停用账号 buyer01 吗？');
    await confirmPopover();
    expect(await screen.findByText('该账号有未完成的订单')).toBeTruthy();
    expect(lastBody(calls, `${BASE}/status`)).toEqual({ id: '7', enabled: false });
    expect(within(row('buyer01')).getByRole('button', { name: /停用/ })).toBeTruthy();
  });

  it('enables a disabled account and unlocks a locked one', async () => {
    const calls = server([user('8', 'seller02', { enabled: false, locked: true })], {
      [`${BASE}/status`]: { data: user('8', 'seller02') },
      [`${BASE}/unlock`]: { data: user('8', 'seller02') },
    });
    renderBackOffice(<UsersPage />, { permissions: editor });
    await screen.findByText('seller02');
    fireEvent.click(within(row('seller02')).getByRole('button', { name: /启用/ }));
    await screen.findByText('确定启用账号 seller02 吗？');
    await confirmPopover();
    await waitFor(() => expect(lastBody(calls, `${BASE}/status`)).toEqual({ id: '8', enabled: true }));
    expect(await screen.findByText('账号已启用')).toBeTruthy();
    fireEvent.click(within(row('seller02')).getByRole('button', { name: /解锁/ }));
    await screen.findByText('确定解除账号 seller02 的登录锁定吗？');
    await confirmPopover();
    await waitFor(() => expect(lastBody(calls, `${BASE}/unlock`)).toEqual({ id: '8' }));
    expect(await screen.findByText('账号已解锁')).toBeTruthy();
  });
});

describe('resetting a password', { timeout: 120_000 }, () => {
  async function openReset(calls: () => void = () => undefined) {
    calls();
    renderBackOffice(<UsersPage />, { permissions: editor, session: { transportPassword: async (p) => `enc:${p}` } });
    await screen.findByText('buyer01');
    fireEvent.click(within(row('buyer01')).getByRole('button', { name: /重置密码/ }));
    const dialog = await waitFor(() => {
      const d = openDialog();
      within(d).getByText('重置 buyer01 的密码');
      return d;
    });
    return dialog;
  }

  it('refuses two different passwords under the confirmation field', async () => {
    const calls = server([user('7', 'buyer01')]);
    const dialog = await openReset();
    fireEvent.change(fieldInput('新密码', dialog), { target: { value: 'Coal@2026' } });
    fireEvent.change(fieldInput('确认新密码', dialog), { target: { value: 'Coal@2027' } });
    fireEvent.click(buttonIn(dialog, '重置密码'));
    await waitFor(() => expect(fieldError('确认新密码', dialog)).toBe('两次输入的密码不一致'));
    expect(calls.some((c) => c.path === `${BASE}/reset-password`)).toBe(false);
  });

  it('refuses a too-short password with the contract reason', async () => {
    server([user('7', 'buyer01')]);
    const dialog = await openReset();
    fireEvent.change(fieldInput('新密码', dialog), { target: { value: 'a1' } });
    fireEvent.change(fieldInput('确认新密码', dialog), { target: { value: 'a1' } });
    fireEvent.click(buttonIn(dialog, '重置密码'));
    await waitFor(() => expect(fieldError('新密码', dialog)).not.toBe(''));
  });

  it('sends the transported password and closes with a confirmation', async () => {
    const calls = server([user('7', 'buyer01')], { [`${BASE}/reset-password`]: { data: user('7', 'buyer01', { defaultPassword: true }) } });
    const dialog = await openReset();
    fireEvent.change(fieldInput('新密码', dialog), { target: { value: 'Coal@2026' } });
    fireEvent.change(fieldInput('确认新密码', dialog), { target: { value: 'Coal@2026' } });
    fireEvent.click(buttonIn(dialog, '重置密码'));
    await waitFor(() => expect(lastBody(calls, `${BASE}/reset-password`)).toEqual({ id: '7', password: 'enc:Coal@2026' }));
    expect(await screen.findByText('密码已重置')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('重置 buyer01 的密码')).toBeNull());
  });

  it('shows the server refusal under the new password and stays open', async () => {
    server([user('7', 'buyer01')], {
      [`${BASE}/reset-password`]: { error: { code: '100020', message: '新密码不能与最近使用的密码相同', status: 400 } },
    });
    const dialog = await openReset();
    fireEvent.change(fieldInput('新密码', dialog), { target: { value: 'Coal@2026' } });
    fireEvent.change(fieldInput('确认新密码', dialog), { target: { value: 'Coal@2026' } });
    fireEvent.click(buttonIn(dialog, '重置密码'));
    await waitFor(() => expect(fieldError('新密码', dialog)).toBe('新密码不能与最近使用的密码相同'));
    expect(screen.getByText('重置 buyer01 的密码')).toBeTruthy();
  });
});
