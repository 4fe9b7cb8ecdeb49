import {
  CloseCircleOutlined,
  CloseOutlined,
  DownOutlined,
  HomeOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  MinusCircleOutlined,
} from '@ant-design/icons';
import { Button, Dropdown, Tabs } from 'antd';
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

/** The tab bar under the top bar: home first, one tab per visited page, close actions. */
export function TabBar({ views, activePath, onSelect, onClose, onCloseOthers, onCloseAll, sidebar }: TabBarProps) {
  const { t } = useTranslation('shell');
  const token = useThemeToken();
  const isTab = views.some((v) => v.path === activePath);
  return (
    <div
      className="shell-tabbar"
      data-testid="tab-bar"
      style={{ background: token.colorBgContainer, borderBottom: `1px solid ${token.colorSplit}` }}
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
      <Tabs
        className="shell-tabs"
        type="editable-card"
        size="small"
        hideAdd
        activeKey={isTab ? activePath : ''}
        onChange={onSelect}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') onClose(key);
        }}
        items={views.map((v) => ({
          key: v.path,
          label:
            v.path === HOME_PATH ? (
              <span>
                <HomeOutlined aria-hidden /> {t('tabs.home')}
              </span>
            ) : (
              v.name
            ),
          closable: v.path !== HOME_PATH,
          closeIcon: <CloseOutlined aria-label={t('tabs.closeTab', { name: v.name })} />,
        }))}
      />
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
