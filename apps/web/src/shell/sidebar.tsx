import { useEffect, useMemo, useState } from 'react';
import { Layout, Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MenuNode } from '@portal/contracts/menus';
import { MenuIcon } from './menu-icons';
import { readCookie, writeCookie } from '../shared/cookies';
import { useThemeToken } from '../shared/use-theme-token';

/** The sidebar's menu area is the window height minus this. */
export const SIDEBAR_OFFSET = 164;
export const SIDEBAR_COOKIE = 'sidebarStatus';

/** Open unless the `sidebarStatus` cookie says 0. */
export function readSidebarOpen(): boolean {
  return readCookie(SIDEBAR_COOKIE) !== '0';
}
export function storeSidebarOpen(open: boolean): void {
  writeCookie(SIDEBAR_COOKIE, open ? '1' : '0');
}

/** A phone's width: the menu becomes a drawer over the page instead of a column beside it. */
const NARROW = '(max-width: 767px)';

function useNarrow(): boolean {
  const [narrow, setNarrow] = useState(() => window.matchMedia?.(NARROW).matches ?? false);
  useEffect(() => {
    const query = window.matchMedia?.(NARROW);
    if (!query) return undefined;
    const onChange = () => setNarrow(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return narrow;
}

/**
 * Whether the sidebar is open. On a wide screen it is a column the person opens or folds, and the
 * choice is remembered; on a phone it is a drawer, closed at first and again once a page is chosen.
 */
export function useSidebarState() {
  const narrow = useNarrow();
  const [wideOpen, setWideOpen] = useState(readSidebarOpen);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const open = narrow ? drawerOpen : wideOpen;
  return {
    narrow,
    open,
    toggle() {
      if (narrow) setDrawerOpen(!drawerOpen);
      else {
        storeSidebarOpen(!wideOpen);
        setWideOpen(!wideOpen);
      }
    },
    close() {
      setDrawerOpen(false);
    },
  };
}

function useWindowHeight(): number {
  const [height, setHeight] = useState(() => window.innerHeight);
  useEffect(() => {
    const onResize = () => setHeight(window.innerHeight);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return height;
}

const visible = (n: MenuNode) => !n.hidden && !n.isHidden;

function toItems(nodes: MenuNode[]): NonNullable<MenuProps['items']> {
  return nodes
    .filter(visible)
    .map((n) =>
      n.children.some(visible)
        ? { key: n.id, icon: <MenuIcon name={n.icon} />, label: n.title, children: toItems(n.children) }
        : { key: n.id, icon: <MenuIcon name={n.icon} />, label: n.title },
    );
}

interface SidebarProps {
  nodes: MenuNode[];
  header: MenuNode | undefined;
  open: boolean;
  /** A drawer over the page (a phone), closed by a tap beside it. */
  drawer?: { onClose: () => void };
  /** The ids from the top down to the current page's menu. */
  selectedTrail: string[];
  onChoose: (menuId: string) => void;
}

/** The accordion of the active top menu's children: one branch open at a time. */
export function Sidebar({ nodes, header, open, drawer, selectedTrail, onChoose }: SidebarProps) {
  const { t } = useTranslation('shell');
  const token = useThemeToken();
  const height = useWindowHeight();
  const parents = useMemo(() => {
    const map = new Map<string, string>();
    const walk = (list: MenuNode[]) =>
      list.forEach((n) => {
        n.children.forEach((c) => map.set(c.id, n.id));
        walk(n.children);
      });
    walk(nodes);
    return map;
  }, [nodes]);
  const selected = selectedTrail[selectedTrail.length - 1];
  const [openKeys, setOpenKeys] = useState<string[]>(() => selectedTrail.slice(0, -1));
  const [seen, setSeen] = useState(selected);
  if (seen !== selected) {
    // Navigating elsewhere opens the branch of the new page, closing the others.
    setSeen(selected);
    setOpenKeys(selectedTrail.slice(0, -1));
  }
  const ancestors = (id: string): string[] => {
    const up: string[] = [];
    for (let p = parents.get(id); p; p = parents.get(p)) up.unshift(p);
    return up;
  };
  return (
    <>
      {drawer && open ? <div className="shell-sider-backdrop" aria-hidden onClick={drawer.onClose} /> : null}
      <Layout.Sider
        className={drawer ? 'shell-sider is-drawer' : 'shell-sider'}
        width={drawer ? 264 : 208}
        collapsedWidth={drawer ? 0 : 56}
        collapsed={!open}
        trigger={null}
        theme="light"
        style={{ borderRight: `1px solid ${token.colorSplit}` }}
      >
        {header && (
          <div
            className="shell-sider-header"
            style={{ color: token.colorTextHeading, borderBottom: `1px solid ${token.colorSplit}` }}
            title={header.title}
          >
            <MenuIcon name={header.icon} />
            {open && <span>{header.title}</span>}
          </div>
        )}
        <nav aria-label={t('sidebar.label')} className="shell-sider-menu" style={{ height: height - SIDEBAR_OFFSET }}>
          <Menu
            mode="inline"
            items={toItems(nodes)}
            selectedKeys={selected ? [selected] : []}
            openKeys={open ? openKeys : undefined}
            onOpenChange={(keys) => {
              const latest = keys.find((k) => !openKeys.includes(k));
              setOpenKeys(latest ? [...ancestors(latest), latest] : keys);
            }}
            onClick={({ key }) => onChoose(key)}
            style={{ borderInlineEnd: 'none' }}
          />
        </nav>
      </Layout.Sider>
    </>
  );
}
