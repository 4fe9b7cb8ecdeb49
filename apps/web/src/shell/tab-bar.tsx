import { useEffect, useRef, type CSSProperties } from 'react';
import {
  CloseCircleOutlined,
  CloseOutlined,
  DownOutlined,
  HomeOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  MinusCircleOutlined,
} from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { HOME_PATH, type TabView } from './tabs';
import { useThemeToken } from '../shared/use-theme-token';

interface TabBarProps {
  views: TabView[];
  activePath: string;
  onSelect: (path: string) => void;
  onClose: (path: string) => void;
  onCloseOthers: () => void;
  onCloseAll: () => void;
  /** Absent in framed mode, which has no sidebar. */
  sidebar?: { open: boolean; toggle: () => void };
}

/** The tab bar under the top bar: home first, one tab per visited page (the current one marked), close actions. */
export function TabBar({ views, activePath, onSelect, onClose, onCloseOthers, onCloseAll, sidebar }: TabBarProps) {
  const { t } = useTranslation('shell');
  const token = useThemeToken();
  const isTab = views.some((v) => v.path === activePath);
  const list = useRef<HTMLUListElement>(null);
  // The current page's tab is scrolled into view when the strip is wider than the bar.
  useEffect(() => {
    list.current?.querySelector('.shell-tab-active')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [activePath]);
  return (
    <div
      className="shell-tabbar"
      data-testid="tab-bar"
      style={
        {
          background: token.colorBgContainer,
          borderBottom: `1px solid ${token.colorSplit}`,
          '--shell-tab-border': token.colorBorderSecondary,
          '--shell-tab-bg': token.colorFillQuaternary,
          '--shell-tab-active-bg': token.colorBgContainer,
          '--shell-tab-text': token.colorText,
          '--shell-tab-active-text': token.colorPrimary,
        } as CSSProperties
      }
    >
      {sidebar && (
        <Button
          type="text"
          icon={sidebar.open ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
          aria-label={t(sidebar.open ? 'sidebar.collapse' : 'sidebar.expand')}
          aria-expanded={sidebar.open}
          title={t(sidebar.open ? 'sidebar.collapse' : 'sidebar.expand')}
          onClick={sidebar.toggle}
          data-testid="sidebar-toggle"
        />
      )}
      {/* The open pages: a list of page buttons, each with its own close button beside it (not inside,
          so no control is nested in another, and the list holds nothing a tab list may not). */}
      <nav className="shell-tabs" aria-label={t('tabs.label')}>
        <ul className="shell-tab-list" ref={list}>
          {views.map((v) => {
            const active = isTab && v.path === activePath;
            return (
              <li key={v.path} className={active ? 'shell-tab shell-tab-active' : 'shell-tab'} data-path={v.path}>
                <button
                  type="button"
                  className="shell-tab-open"
                  aria-current={active ? 'page' : undefined}
                  onClick={() => onSelect(v.path)}
                  onAuxClick={(e) => {
                    // A middle click closes a page, as in a browser's tab strip.
                    if (e.button === 1 && v.path !== HOME_PATH) onClose(v.path);
                  }}
                >
                  {v.path === HOME_PATH ? <HomeOutlined aria-hidden /> : null}
                  {v.path === HOME_PATH ? t('tabs.home') : v.name}
                </button>
                {v.path !== HOME_PATH ? (
                  <button
                    type="button"
                    className="shell-tab-close"
                    aria-label={t('tabs.closeTab', { name: v.name })}
                    title={t('tabs.closeTab', { name: v.name })}
                    onClick={() => onClose(v.path)}
                  >
                    <CloseOutlined aria-hidden />
                  </button>
                ) : null}
              </li>
            );
          })}
        </ul>
      </nav>
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        menu={{
          items: [
            { key: 'current', icon: <CloseOutlined />, label: t('tabs.closeCurrent'), disabled: !isTab || activePath === HOME_PATH },
            { key: 'others', icon: <MinusCircleOutlined />, label: t('tabs.closeOthers') },
            { key: 'all', icon: <CloseCircleOutlined />, label: t('tabs.closeAll') },
          ],
          onClick: ({ key }) => {
            if (key === 'current') onClose(activePath);
            else if (key === 'others') onCloseOthers();
            else onCloseAll();
          },
        }}
      >
        <Button type="text" size="small" className="shell-tab-actions" data-testid="tab-actions">
          {t('tabs.actions')} <DownOutlined style={{ fontSize: 10 }} />
        </Button>
      </Dropdown>
    </div>
  );
}
