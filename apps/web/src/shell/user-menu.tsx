import { DownOutlined, IdcardOutlined, KeyOutlined, LockOutlined, LogoutOutlined, MobileOutlined, TeamOutlined } from '@ant-design/icons';
import { Avatar, Dropdown, Typography, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@portal/contracts/account';
import { formatDateTime } from './format';
import { useThemeToken } from '../shared/use-theme-token';

export type UserAction = 'personalInfo' | 'changePassword' | 'changeMobile' | 'userManagement' | 'lockScreen' | 'logout';

interface UserMenuProps {
  user: CurrentUser;
  freeLogin: boolean;
  hideLockScreen: boolean;
  /** False while no user-management menu exists. */
  hasUserManagement: boolean;
  onAction: (action: UserAction) => void;
}

/** The user dropdown: nickname, user id, last login time, and the account actions. */
export function UserMenu({ user, freeLogin, hideLockScreen, hasUserManagement, onAction }: UserMenuProps) {
  const { t, i18n } = useTranslation('shell');
  const token = useThemeToken();
  const items: MenuProps['items'] = [
    { key: 'personalInfo', icon: <IdcardOutlined />, label: t('user.personalInfo') },
    { key: 'changePassword', icon: <KeyOutlined />, label: t('user.changePassword') },
    { key: 'changeMobile', icon: <MobileOutlined />, label: t('user.changeMobile') },
    ...(hasUserManagement && !freeLogin ? [{ key: 'userManagement', icon: <TeamOutlined />, label: t('user.userManagement') }] : []),
    ...(hideLockScreen ? [] : [{ key: 'lockScreen', icon: <LockOutlined />, label: t('user.lockScreen') }]),
    ...(freeLogin
      ? []
      : [{ type: 'divider' as const }, { key: 'logout', icon: <LogoutOutlined />, label: t('user.logout'), danger: true }]),
  ];
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{ items, onClick: ({ key }) => onAction(key as UserAction) }}
      popupRender={(menu) => (
        <div
          className="shell-user-popup"
          style={{ background: token.colorBgElevated, borderRadius: token.borderRadiusLG, boxShadow: token.boxShadowSecondary }}
        >
          <div className="shell-user-card" style={{ borderBottom: `1px solid ${token.colorSplit}` }}>
            <Typography.Text strong>{user.nickName}</Typography.Text>
            <Typography.Text type="secondary" className="tabular">
              {t('user.userIdLine', { id: user.currUserId })}
            </Typography.Text>
            <Typography.Text type="secondary" className="tabular">
              {t('user.lastLoginLine', {
                time: user.lastLoginDateTime ? formatDateTime(user.lastLoginDateTime, i18n.language) : t('user.firstLogin'),
              })}
            </Typography.Text>
          </div>
          {menu}
        </div>
      )}
    >
      <button type="button" className="shell-user-trigger shell-on-dark" aria-haspopup="menu" data-testid="user-menu">
        {/* Named by what it shows (so a spoken command with the visible name finds it), after what it opens. */}
        <span className="sr-only">{`${t('user.menu')}: `}</span>
        <Avatar size={28} style={{ background: token.colorPrimary }} aria-hidden>
          {user.nickName.slice(0, 1)}
        </Avatar>
        <span className="shell-user-name" data-testid="nickname">
          {user.nickName}
        </span>
        <DownOutlined style={{ fontSize: 10 }} aria-hidden />
      </button>
    </Dropdown>
  );
}
