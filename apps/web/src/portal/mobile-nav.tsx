import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { PORTAL_NAV } from './nav';

/** The phone's navigation: the top bar's links in a drawer (loaded only when opened). */
export function MobileNav({
  open,
  onClose,
  siteName,
  signedIn,
}: {
  open: boolean;
  onClose: () => void;
  siteName: string;
  signedIn: boolean;
}) {
  const { t } = useTranslation('portal');
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="right"
      size={280}
      title={siteName}
      closable={{ 'aria-label': t('nav.closeMenu') }}
      classNames={{ body: 'portal-mobile-nav-body' }}
    >
      <nav aria-label={t('nav.label')} className="portal-mobile-nav">
        {PORTAL_NAV.map((item) => (
          <NavLink key={item.key} to={item.to} onClick={onClose} className="portal-mobile-nav-link">
            {t(`nav.${item.key}`)}
          </NavLink>
        ))}
        {!signedIn && (
          <div className="portal-mobile-auth">
            <Link to="/login" onClick={onClose}>
              {t('topBar.login')}
            </Link>
            <Link to="/login?register=1" onClick={onClose}>
              {t('topBar.register')}
            </Link>
          </div>
        )}
      </nav>
    </Drawer>
  );
}
