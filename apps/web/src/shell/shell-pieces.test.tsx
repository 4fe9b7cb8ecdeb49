import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MenuNode } from '@portal/contracts/menus';
import { initI18n } from '../i18n/index';
import { MenuArgProvider } from '../shared/menu-arg';
import { answerCalls } from '../test/fake-server';
import { buttonIn, fieldError, fieldInput, operator } from '../test/back-office-harness';
import { FavoritesPage } from './favorites-page';
import { LockScreen } from './lock-screen';
import { MenuSearch } from './menu-search';
import { buildMenuModel, type MenuRoute } from './menus';
import { ShellContext, type ShellContextValue } from './shell-context';
import { UserMenu, type UserAction } from './user-menu';

beforeAll(async () => {
  await initI18n('zh-CN', ['shell', 'common']);
});
afterEach(cleanup);

describe('the lock screen', { timeout: 120_000 }, () => {
  const UNLOCK = '/omc/api/user/unlock';
  function show(onLogout?: () => void) {
    const onUnlocked = vi.fn();
    render(<LockScreen user={operator} transport={async (p) => `rsa:${p}`} onUnlocked={onUnlocked} onLogout={onLogout} />);
    return { screenLock: screen.getByTestId('lock-screen'), onUnlocked };
  }

  it('greets the signed-in person and asks for the password before calling anyone', async () => {
    const calls = answerCalls({});
    const { screenLock } = show();
    expect(within(screenLock).getByText('屏幕已锁定')).toBeTruthy();
    expect(within(screenLock).getByText('平台管理员，请输入登录密码解锁')).toBeTruthy();
    fireEvent.click(buttonIn(screenLock, '解锁'));
    await waitFor(() => expect(fieldError('登录密码', screenLock)).toBe('请输入登录密码'));
    expect(calls).toHaveLength(0);
  });

  it('unlocks with the transported password', async () => {
    const calls = answerCalls({ [UNLOCK]: { data: null } });
    const { screenLock, onUnlocked } = show();
    fireEvent.change(fieldInput('登录密码', screenLock), { target: { value: 'Admin@2026' } });
    fireEvent.click(buttonIn(screenLock, '解锁'));
    await waitFor(() => expect(onUnlocked).toHaveBeenCalledTimes(1));
    expect(calls).toEqual([{ path: UNLOCK, body: { password: 'rsa:Admin@2026' } }]);
    expect(fieldInput('登录密码', screenLock).value).toBe('');
  });

  it('shows a wrong password under the field and stays locked', async () => {
    answerCalls({ [UNLOCK]: { error: { code: '111107', message: '密码错误', status: 400 } } });
    const { screenLock, onUnlocked } = show();
    fireEvent.change(fieldInput('登录密码', screenLock), { target: { value: 'nope' } });
    fireEvent.click(buttonIn(screenLock, '解锁'));
    await waitFor(() => expect(fieldError('登录密码', screenLock)).toBe('密码错误'));
    expect(onUnlocked).not.toHaveBeenCalled();
  });

  it('says the unlock failed when the network drops', async () => {
    answerCalls({ [UNLOCK]: 'network' });
    const { screenLock } = show();
    fireEvent.change(fieldInput('登录密码', screenLock), { target: { value: 'Admin@2026' } });
    fireEvent.click(buttonIn(screenLock, '解锁'));
    await waitFor(() => expect(fieldError('登录密码', screenLock)).toBe('解锁失败，请重试'));
  });

  it('offers to sign out instead only when the shell allows it', () => {
    answerCalls({});
    const onLogout = vi.fn();
    const { screenLock } = show(onLogout);
    fireEvent.click(buttonIn(screenLock, '退出登录'));
    expect(onLogout).toHaveBeenCalledTimes(1);
    cleanup();
    const again = show();
    expect(within(again.screenLock).queryByRole('button', { name: '退出登录' })).toBeNull();
  });
});

describe('the user menu', { timeout: 120_000 }, () => {
  function open(props: Partial<Parameters<typeof UserMenu>[0]> = {}) {
    const onAction = vi.fn<(a: UserAction) => void>();
    render(<UserMenu user={operator} freeLogin={false} hideLockScreen={false} hasUserManagement onAction={onAction} {...props} />);
    fireEvent.click(screen.getByTestId('user-menu'));
    return onAction;
  }
  const items = () => [...document.querySelectorAll('.ant-dropdown-menu-item')].map((i) => i.textContent);

  it('shows who is signed in and every account action', async () => {
    open();
    expect(screen.getByTestId('nickname').textContent).toBe('平台管理员');
    await screen.findByText('用户编号：1');
    expect(screen.getByText(/^上次登录：2026/)).toBeTruthy();
    expect(items()).toEqual(['个人信息', '修改密码', '修改手机号', '用户管理', '锁定屏幕', '退出登录']);
  });

  it('says "first login" when there was no previous one', async () => {
    open({ user: { ...operator, lastLoginDateTime: '' } });
    expect(await screen.findByText('上次登录：首次登录')).toBeTruthy();
  });

  it('leaves out sign-out and user management under free login, and the lock when hidden', async () => {
    open({ freeLogin: true, hideLockScreen: true });
    await screen.findByText('用户编号：1');
    expect(items()).toEqual(['个人信息', '修改密码', '修改手机号']);
  });

  it('leaves out user management when no such menu exists', async () => {
    open({ hasUserManagement: false });
    await screen.findByText('用户编号：1');
    expect(items()).not.toContain('用户管理');
  });

  it('reports the chosen action', async () => {
    const onAction = open();
    fireEvent.click(await screen.findByText('修改手机号'));
    expect(onAction).toHaveBeenCalledWith('changeMobile');
  });
});

function menu(id: string, parent: string, extra: Partial<MenuNode> = {}, children: MenuNode[] = []): MenuNode {
  return {
    id,
    parent_id: parent,
    parentId: parent,
    name: id,
    title: id,
    sysTitle: '',
    url: children.length ? '' : `/${id}`,
    icon: '',
    hidden: false,
    isHidden: false,
    menu_type: '',
    menu_arg: '',
    app_code: '',
    kind_code: '',
    system_code: '',
    optRight: '',
    otherPrefix: '',
    newparam: '',
    is_keep_alive: '1',
    has_collect: '0',
    style_type: '',
    tempMenuTplId: '',
    ext_field: '',
    search_id: id,
    children,
    ...extra,
  };
}

/** Two systems: the back office (users starred, roles) and the portal (the trading hall, framed and starred). */
function model(starUsers = true) {
  const tree = [
    menu('sys', 'root', { title: '系统管理' }, [
      menu('users', 'sys', { title: '用户管理', url: '/admin/users', has_collect: starUsers ? '1' : '0' }),
      menu('roles', 'sys', { title: '角色管理', url: '/admin/roles' }),
    ]),
    menu('portal', 'root', { title: '交易门户' }, [
      menu('hall', 'portal', { title: '交易大厅', url: '/trade/hall', menu_type: 'iframe', has_collect: '1' }),
    ]),
  ];
  return buildMenuModel(tree, { rootName: 'root', lowercaseUrls: false, isAllKeepAlive: true, hasPage: () => true });
}

function withShell(ui: React.ReactNode, value: Partial<ShellContextValue> = {}) {
  const shell: ShellContextValue = { model: model(), toggleFavourite: vi.fn(), openRoute: vi.fn(), ...value };
  render(<ShellContext.Provider value={shell}>{ui}</ShellContext.Provider>);
  return shell;
}

describe('the menu search', { timeout: 120_000 }, () => {
  const search = () => screen.getByRole('combobox');
  const optionTexts = () => [...document.querySelectorAll('.ant-select-item-option .shell-search-text > span')].map((s) => s.textContent);

  it('finds leaves by title, by the trail above them or by address', async () => {
    withShell(<MenuSearch />);
    fireEvent.mouseDown(search());
    fireEvent.change(search(), { target: { value: '角色' } });
    await waitFor(() => expect(optionTexts()).toEqual(['角色管理']));
    fireEvent.change(search(), { target: { value: '交易门户' } });
    await waitFor(() => expect(optionTexts()).toEqual(['交易大厅']));
    fireEvent.change(search(), { target: { value: '/ADMIN/' } });
    await waitFor(() => expect(optionTexts()).toEqual(['用户管理', '角色管理']));
    fireEvent.change(search(), { target: { value: '不存在的菜单' } });
    expect(await screen.findByText('没有匹配的菜单')).toBeTruthy();
  });

  it('opens the chosen menu', async () => {
    const shell = withShell(<MenuSearch />);
    fireEvent.mouseDown(search());
    fireEvent.change(search(), { target: { value: '角色' } });
    const option = await waitFor(() => document.querySelector<HTMLElement>('.ant-select-item-option')!);
    fireEvent.click(option);
    await waitFor(() => expect(shell.openRoute).toHaveBeenCalledTimes(1));
    expect((vi.mocked(shell.openRoute).mock.calls[0]![0] as MenuRoute).path).toBe('/admin/roles');
  });

  it('stars and un-stars from the list without opening the page', async () => {
    const shell = withShell(<MenuSearch />);
    fireEvent.mouseDown(search());
    const starred = await screen.findByRole('button', { name: '取消收藏“用户管理”' });
    expect(starred.getAttribute('aria-pressed')).toBe('true');
    const unstarred = screen.getByRole('button', { name: '收藏“角色管理”' });
    expect(unstarred.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(unstarred);
    expect(vi.mocked(shell.toggleFavourite).mock.calls[0]![0].menu.id).toBe('roles');
    expect(shell.openRoute).not.toHaveBeenCalled();
  });
});

describe('my favourites', { timeout: 120_000 }, () => {
  it('lists every starred menu with where it lives and what kind it is', () => {
    withShell(<FavoritesPage />);
    const users = screen.getByRole('button', { name: '用户管理' }).closest('tr')!;
    expect(within(users).getByText('系统管理')).toBeTruthy();
    expect(within(users).getByText('功能页面')).toBeTruthy();
    const hall = screen.getByRole('button', { name: '交易大厅' }).closest('tr')!;
    expect(within(hall).getByText('交易门户')).toBeTruthy();
    expect(within(hall).getByText('门户页面')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '角色管理' })).toBeNull();
  });

  it('opens a favourite and removes one', () => {
    const shell = withShell(<FavoritesPage />);
    fireEvent.click(screen.getByRole('button', { name: '交易大厅' }));
    expect(vi.mocked(shell.openRoute).mock.calls[0]![0].menu.id).toBe('hall');
    fireEvent.click(screen.getByRole('button', { name: '取消收藏“用户管理”' }));
    expect(vi.mocked(shell.toggleFavourite).mock.calls[0]![0].menu.id).toBe('users');
  });

  it('groups them by system when the menu asks for it', () => {
    const shell: ShellContextValue = { model: model(), toggleFavourite: vi.fn(), openRoute: vi.fn() };
    render(
      <ShellContext.Provider value={shell}>
        <MenuArgProvider value={{ groupBy: 'system' }}>
          <FavoritesPage />
        </MenuArgProvider>
      </ShellContext.Provider>,
    );
    const system = screen.getByRole('region', { name: '系统管理' });
    expect(within(system).getByRole('button', { name: '用户管理' })).toBeTruthy();
    expect(within(system).queryByRole('button', { name: '交易大厅' })).toBeNull();
    expect(within(screen.getByRole('region', { name: '交易门户' })).getByRole('button', { name: '交易大厅' })).toBeTruthy();
  });

  it('explains how to star a menu when there is none', () => {
    const empty = buildMenuModel([menu('roles', 'root', { title: '角色管理', url: '/admin/roles' })], {
      rootName: 'x',
      lowercaseUrls: false,
      isAllKeepAlive: true,
      hasPage: () => true,
    });
    withShell(<FavoritesPage />, { model: empty });
    expect(screen.getByText('暂无收藏。在顶部“搜索菜单”中点亮菜单旁的星标，即可收藏常用功能。')).toBeTruthy();
  });
});
