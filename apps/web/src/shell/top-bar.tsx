import { HomeOutlined } from '@ant-design/icons';
import { Button, Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { CurrentUser } from '@portal/contracts/account';
import type { MenuNode } from '@portal/contracts/menus';
import { LanguageSwitch } from '../shared/language-switch';
import { useSettings } from '../shared/settings';
import { FavoritesMenu } from './favorites-menu';
import { MenuSearch } from './menu-search';
import { MessageBell } from './message-bell';
import { RootMenu } from './root-menu';
import { HOME_PATH } from './tabs';
import { UserMenu, type UserAction } from './user-menu';

interface TopBarProps {
  user: CurrentUser;
  /** Top menus for the horizontal root menu; empty hides it (no root, merged menu). */
  tops: MenuNode[];
  activeTopId: string | undefined;
  onChooseTop: (id: string) => void;
  hasUserManagement: boolean;
  onUserAction: (action: UserAction) => void;
}

/** The user-centre top bar, 50 px high: logo, root menu, search, favourites, home, messages, language, user. */
export function TopBar({ user, tops, activeTopId, onChooseTop, hasUserManagement, onUserAction }: TopBarProps) {
  const { t } = useTranslation('shell');
  const { t: tc } = useTranslation();
  const settings = useSettings();
  const navigate = useNavigate();
  return (
    <Layout.Header className="shell-header">
      <Link to="/index" className="shell-logo" title={t('topBar.logo')}>
        <span className="shell-logo-mark" aria-hidden>
          宗
        </span>
        <span className="shell-logo-text">{tc('appName')}</span>
      </Link>
      {tops.length > 0 ? <RootMenu tops={tops} activeId={activeTopId} onChoose={onChooseTop} /> : <div className="shell-root-menu" />}
      <div className="shell-header-tools">
        <MenuSearch />
        <FavoritesMenu />
        <Button
          type="text"
          className="shell-on-dark"
          icon={<HomeOutlined />}
          aria-label={t('topBar.home')}
          title={t('topBar.home')}
          onClick={() => navigate(HOME_PATH)}
          data-testid="home-button"
        />
        <MessageBell />
        {settings.isI18n && (
          <span className="shell-on-dark shell-lang">
            <LanguageSwitch jumpToHome={settings.jumpToHomeOnLocaleChange} />
          </span>
        )}
        <UserMenu
          user={user}
          freeLogin={settings.freeLogin}
          hideLockScreen={settings.hideLockScreen}
          hasUserManagement={hasUserManagement}
          onAction={onUserAction}
        />
      </div>
    </Layout.Header>
  );
}
