import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n/index';
import { TabBar } from './tab-bar';
import { HOME_PATH, type TabView } from './tabs';

beforeAll(async () => {
  await initI18n('zh-CN', ['shell', 'common']);
});
afterEach(cleanup);

const views: TabView[] = [
  { name: '首页', path: HOME_PATH, id: 'home' },
  { name: '用户管理', path: '/admin/users', id: 'users' },
  { name: '我的订单', path: '/trade/orders', id: 'orders' },
];

function show(activePath: string, sidebar?: { open: boolean; toggle: () => void }) {
  const handlers = { onSelect: vi.fn(), onClose: vi.fn(), onCloseOthers: vi.fn(), onCloseAll: vi.fn() };
  render(<TabBar views={views} activePath={activePath} sidebar={sidebar} {...handlers} />);
  return handlers;
}
/** The open pages' buttons (each page's close button is a separate button beside it). */
const pageButtons = () => [...document.querySelectorAll<HTMLButtonElement>('.shell-tab-open')];
const tab = (name: string | RegExp) => within(screen.getByRole('navigation', { name: '已打开的页面' })).getByRole('button', { name });
async function menuItem(label: string) {
  fireEvent.click(screen.getByTestId('tab-actions'));
  return waitFor(() => {
    const item = [...document.querySelectorAll<HTMLElement>('.ant-dropdown-menu-item')].find((i) => i.textContent === label);
    if (!item) throw new Error(`no ${label}`);
    return item;
  });
}

describe('the tab bar', { timeout: 120_000 }, () => {
  it('shows home first, then a tab per visited page, marking the current one', () => {
    show('/admin/users');
    expect(pageButtons().map((t) => t.textContent?.trim())).toEqual(['首页', '用户管理', '我的订单']);
    expect(tab('用户管理').getAttribute('aria-current')).toBe('page');
    expect(tab(/^首页$/).getAttribute('aria-current')).toBeNull();
  });

  it('lets every tab but home be closed, each by its own button', () => {
    const handlers = show('/admin/users');
    expect(screen.queryByLabelText('关闭“首页”')).toBeNull();
    fireEvent.click(screen.getByLabelText('关闭“我的订单”'));
    expect(handlers.onClose).toHaveBeenCalledWith('/trade/orders');
    expect(handlers.onSelect).not.toHaveBeenCalled();
  });

  it('opens a tab on click', () => {
    const handlers = show('/admin/users');
    fireEvent.click(tab('我的订单'));
    expect(handlers.onSelect).toHaveBeenCalledWith('/trade/orders');
  });

  it('holds nothing but the open pages in its list: each close button sits beside its page, not in it', () => {
    show('/admin/users');
    // A tab list may hold only tabs; a close button inside one (or inside a tab) is what screen
    // readers cannot announce. The strip is a list of pages instead.
    expect(screen.queryByRole('tablist')).toBeNull();
    const items = within(screen.getByRole('navigation', { name: '已打开的页面' })).getAllByRole('listitem');
    expect(
      items.map((item) =>
        within(item)
          .getAllByRole('button')
          .map((b) => b.getAttribute('aria-label') ?? b.textContent),
      ),
    ).toEqual([['首页'], ['用户管理', '关闭“用户管理”'], ['我的订单', '关闭“我的订单”']]);
  });

  it('closes the current tab, the others or all from the actions menu', async () => {
    const handlers = show('/trade/orders');
    fireEvent.click(await menuItem('关闭当前'));
    expect(handlers.onClose).toHaveBeenCalledWith('/trade/orders');
    fireEvent.click(await menuItem('关闭其他'));
    expect(handlers.onCloseOthers).toHaveBeenCalledTimes(1);
    fireEvent.click(await menuItem('关闭全部'));
    expect(handlers.onCloseAll).toHaveBeenCalledTimes(1);
  });

  it('cannot close home from the menu, nor a page that has no tab', async () => {
    const onHome = show(HOME_PATH);
    const current = await menuItem('关闭当前');
    expect(current.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(current);
    expect(onHome.onClose).not.toHaveBeenCalled();
    cleanup();
    const elsewhere = show('/not/a/tab');
    expect(pageButtons().every((t) => !t.hasAttribute('aria-current'))).toBe(true);
    const again = await menuItem('关闭当前');
    expect(again.getAttribute('aria-disabled')).toBe('true');
    expect(elsewhere.onClose).not.toHaveBeenCalled();
  });

  it('folds and unfolds the sidebar, saying which it will do', () => {
    const toggle = vi.fn();
    show(HOME_PATH, { open: true, toggle });
    const button = screen.getByTestId('sidebar-toggle');
    expect(button.getAttribute('aria-label')).toBe('收起侧边栏');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(button);
    expect(toggle).toHaveBeenCalledTimes(1);
    cleanup();
    show(HOME_PATH, { open: false, toggle });
    expect(screen.getByTestId('sidebar-toggle').getAttribute('aria-label')).toBe('展开侧边栏');
  });

  it('has no sidebar button in framed mode', () => {
    show(HOME_PATH);
    expect(screen.queryByTestId('sidebar-toggle')).toBeNull();
  });
});
