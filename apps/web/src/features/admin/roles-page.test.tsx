import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RoleRow } from '@portal/contracts/admin';
import { initI18n } from '../../i18n/index';
import { answerCalls, type RecordedCall } from '../../test/fake-server';
import { buttonIn, fieldError, fieldInput, openDialog, renderBackOffice } from '../../test/back-office-harness';
import { RolesPage } from './roles-page';

beforeAll(async () => {
  await initI18n('zh-CN', ['admin', 'resource', 'common']);
});
afterEach(cleanup);

const BASE = '/omc/api/admin/roles';
const role = (id: string, code: string, name: string, extra: Partial<RoleRow> = {}): RoleRow => ({
  id,
  code,
  name,
  permissions: ['user:view'],
  menuIds: ['sys', 'users'],
  userCount: 3,
  builtin: false,
  created_at: '2026-11-01T00:00:00.000Z',
  ...extra,
});
const menus = {
  data: {
    rootName: 'root',
    menus: [
      { id: 'sys', parent_id: 'root', title: '系统管理', sort: 1 },
      { id: 'users', parent_id: 'sys', title: '用户管理', sort: 1 },
      { id: 'roles', parent_id: 'sys', title: '角色管理', sort: 2 },
      { id: 'trade', parent_id: 'root', title: '交易中心', sort: 2 },
    ],
  },
};

/** What the server's modules declare, as permission-options answers it. */
const permissionGroups = {
  data: {
    groups: [
      {
        key: 'admin-system',
        title: '系统管理',
        permissions: [
          { code: 'user:view', title: '查看用户' },
          { code: 'session:view', title: '查看在线用户' },
          { code: 'log:view', title: '查看日志' },
        ],
      },
      { key: 'listing-manage', title: '挂牌', permissions: [{ code: 'trade:review', title: '挂牌审核、暂停与恢复' }] },
    ],
  },
};

function server(rows: RoleRow[], extra: Parameters<typeof answerCalls>[0] = {}): RecordedCall[] {
  return answerCalls({
    [`${BASE}/list`]: { data: { rows, total: rows.length } },
    [`${BASE}/menu-options`]: menus,
    [`${BASE}/permission-options`]: permissionGroups,
    ...extra,
  });
}
const editor = { 'role:view': true, 'role:edit': true };
const lastBody = (calls: RecordedCall[], path: string) => calls.filter((c) => c.path === path).at(-1)?.body as Record<string, unknown>;

/** Ticks the box of a tree node by its title, inside the picker labelled `picker`. */
function tick(dialog: HTMLElement, picker: string, title: string) {
  const group = within(dialog).getByRole('group', { name: picker });
  const node = [...group.querySelectorAll<HTMLElement>('.ant-tree-treenode')].find(
    (n) => n.querySelector('.ant-tree-title')?.textContent === title,
  );
  if (!node) throw new Error(`no node ${title} in ${picker}`);
  fireEvent.click(node.querySelector('.ant-tree-checkbox')!);
}

describe('system management · roles', { timeout: 120_000 }, () => {
  it('lists each role with its counts and marks the built-in ones', async () => {
    server([
      role('1', 'admin', '超级管理员', { builtin: true, permissions: ['user:view', 'user:edit', 'role:view'], userCount: 1 }),
      role('2', 'buyer', '采购员'),
    ]);
    renderBackOffice(<RolesPage />, { permissions: editor });
    const admin = (await screen.findByText('admin')).closest('tr')!;
    expect(within(admin).getByText('内置')).toBeTruthy();
    const cells = [...admin.querySelectorAll('td')].map((td) => td.textContent);
    expect(cells.slice(2, 5)).toEqual(['3', '2', '1']);
    expect(within(screen.getByText('buyer').closest('tr')!).queryByText('内置')).toBeNull();
  });

  it('names the required code and name, and refuses a code with capitals', async () => {
    const calls = server([]);
    renderBackOffice(<RolesPage />, { permissions: editor });
    fireEvent.click(await screen.findByRole('button', { name: /新增/ }));
    const dialog = openDialog();
    fireEvent.click(buttonIn(dialog, '保存'));
    await waitFor(() => expect(fieldError('角色编码', dialog)).toBe('不能为空'));
    await waitFor(() => expect(fieldError('角色名称', dialog)).toBe('不能为空'));
    fireEvent.change(fieldInput('角色编码', dialog), { target: { value: 'Buyer' } });
    await waitFor(() => expect(fieldError('角色编码', dialog)).toBe('格式不正确'));
    expect(calls.some((c) => c.path === `${BASE}/create`)).toBe(false);
  });

  it('offers the permissions the server declares and grants the ticked ones and menus, a menu bringing its parent but never a group heading', async () => {
    const calls = server([], { [`${BASE}/create`]: { data: role('3', 'auditor', '审计员') } });
    const { client } = renderBackOffice(<RolesPage />, { permissions: editor });
    // The menu tree opens expanded when the menus have arrived before the dialog.
    await waitFor(() => expect(client.getQueryData(['admin', 'menuOptions', 'zh-CN'])).toBeDefined());
    fireEvent.click(await screen.findByRole('button', { name: /新增/ }));
    const dialog = openDialog();
    fireEvent.change(fieldInput('角色编码', dialog), { target: { value: 'auditor' } });
    fireEvent.change(fieldInput('角色名称', dialog), { target: { value: '审计员' } });
    await waitFor(() => within(dialog).getByText('挂牌'));
    tick(dialog, '权限', '查看日志 (log:view)');
    tick(dialog, '权限', '挂牌审核、暂停与恢复 (trade:review)');
    await waitFor(() => within(dialog).getByText('角色管理'));
    tick(dialog, '可见菜单', '角色管理');
    fireEvent.click(buttonIn(dialog, '保存'));
    await waitFor(() => expect(lastBody(calls, `${BASE}/create`)).toBeDefined());
    const body = lastBody(calls, `${BASE}/create`);
    expect(body.code).toBe('auditor');
    expect(body.name).toBe('审计员');
    expect([...(body.permissions as string[])].sort()).toEqual(['log:view', 'trade:review']);
    expect([...(body.menuIds as string[])].sort()).toEqual(['roles', 'sys']);
    expect(await screen.findByText('保存成功')).toBeTruthy();
  });

  it('edits a role without sending its code, which cannot change', async () => {
    const calls = server([role('2', 'buyer', '采购员')], { [`${BASE}/update`]: { data: role('2', 'buyer', '高级采购员') } });
    renderBackOffice(<RolesPage />, { permissions: editor });
    const row = (await screen.findByText('buyer')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: /编辑/ }));
    const dialog = openDialog();
    expect(fieldInput('角色编码', dialog).disabled).toBe(true);
    fireEvent.change(fieldInput('角色名称', dialog), { target: { value: '高级采购员' } });
    fireEvent.click(buttonIn(dialog, '保存'));
    await waitFor(() => expect(lastBody(calls, `${BASE}/update`)).toBeDefined());
    const body = lastBody(calls, `${BASE}/update`);
    expect(body).toMatchObject({ id: '2', name: '高级采购员', permissions: ['user:view'] });
    expect(body).not.toHaveProperty('code');
    expect([...(body.menuIds as string[])].sort()).toEqual(['sys', 'users']);
  });

  it('asks before deleting a role and sends its id', async () => {
    const calls = server([role('2', 'buyer', '采购员')], { [`${BASE}/delete`]: { data: null } });
    renderBackOffice(<RolesPage />, { permissions: editor });
    const row = (await screen.findByText('buyer')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: /删除/ }));
    expect(await screen.findByText('确定删除这条记录吗？')).toBeTruthy();
    expect(calls.some((c) => c.path === `${BASE}/delete`)).toBe(false);
    fireEvent.click(document.querySelector('.ant-popover:not(.ant-popover-hidden) .ant-popconfirm-buttons .ant-btn-primary')!);
    await waitFor(() => expect(lastBody(calls, `${BASE}/delete`)).toEqual({ id: '2' }));
    expect(await screen.findByText('删除成功')).toBeTruthy();
  });

  it('shows no writes to someone who may only look', async () => {
    server([role('2', 'buyer', '采购员')]);
    renderBackOffice(<RolesPage />, { permissions: { 'role:view': true } });
    const row = (await screen.findByText('buyer')).closest('tr')!;
    expect(screen.queryByRole('button', { name: /新增/ })).toBeNull();
    expect(within(row).queryByRole('button', { name: /编辑/ })).toBeNull();
    expect(within(row).queryByRole('button', { name: /删除/ })).toBeNull();
  });
});
