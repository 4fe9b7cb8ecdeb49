import { Suspense, lazy, useEffect, useRef, useState, type CSSProperties } from 'react';
import { MenuOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { CMS_LIMITS, DEFAULT_SITE_NAME } from '@portal/contracts/cms-constants';
import { useCurrentUser } from '../shared/use-current-user';
import { useFooter, usePageConfig } from '../features/cms';
import { RichText } from '../shared/rich-text';
import { useSettings } from '../shared/settings';
import { LanguageSelect } from './language-select';
import { PORTAL_NAV } from './nav';
import { useScrollRestoration } from './use-scroll-restoration';
import { useThemeToken } from '../shared/use-theme-token';
import './layout.css';

const MobileNav = lazy(() => import('./mobile-nav').then((m) => ({ default: m.MobileNav })));

/**
 * Sets `--bar-alpha` on the top bar from 0 (transparent over the banner) to 1 (solid) over the
 * first 30 px of scroll. Written to the element directly: no React render per scroll event.
 */
function useTopBarFade() {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const alpha = Math.min(1, Math.max(0, window.scrollY / CMS_LIMITS.topBarFadePx));
      ref.current?.style.setProperty('--bar-alpha', alpha.toFixed(3));
      ref.current?.toggleAttribute('data-solid', alpha >= 1);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);
  return ref;
}

function PageFallback() {
  return (
    <div className="portal-container portal-page-fallback">
      <Skeleton active paragraph={{ rows: 8 }} />
    </div>
  );
}

/** The public portal's frame: top bar, the page, the CMS footer and the copyright line. */
/** The portal's own footer links, shown when the operator wrote no footer. */
const FOOTER_LINKS = [
  ['/terraceAbout', 'footer.about'],
  ['/onListing', 'nav.mall'],
  ['/auctionCenter', 'nav.auction'],
  ['/biddingTender', 'nav.tender'],
  ['/finance', 'nav.finance'],
  ['/newsList', 'nav.news'],
  ['/help', 'footer.help'],
] as const;

export function PortalLayout() {
  const { t } = useTranslation('portal');
  const { t: tc } = useTranslation();
  const settings = useSettings();
  const token = useThemeToken();
  const location = useLocation();
  const barRef = useTopBarFade();
  useScrollRestoration();
  const { data: user } = useCurrentUser();
  const config = usePageConfig();
  const footer = useFooter();
  const [menuOpen, setMenuOpen] = useState(false);
  const isHome = location.pathname === '/index';
  const configured = config.data?.siteName;
  const siteName = configured && configured !== DEFAULT_SITE_NAME ? configured : tc('appName');
  const logo = config.data?.pageLogo.menuLogo;

  const vars = {
    '--portal-primary': token.colorPrimary,
    '--portal-primary-hover': token.colorPrimaryHover,
    '--portal-text': token.colorText,
    '--portal-text-secondary': token.colorTextSecondary,
    '--portal-border': token.colorBorderSecondary,
    '--portal-bg': token.colorBgLayout,
    '--portal-surface': token.colorBgContainer,
    '--portal-radius': `${token.borderRadiusLG}px`,
    // Darker shades than colorError/colorSuccess: small figures need 4.5:1 contrast on white.
    '--portal-up': token.red7,
    '--portal-down': token.green8,
  } as CSSProperties;

  return (
    <div className={isHome ? 'portal-root portal-root-home' : 'portal-root'} style={vars}>
      <a className="portal-skip-link" href="#portal-main">
        {t('nav.label')}
      </a>
      <header ref={barRef} className="portal-top-bar">
        <div className="portal-top-bar-inner">
          <Link to="/index" className="portal-logo" aria-label={siteName}>
            {logo ? (
              <img src={logo} alt="" width={36} height={36} />
            ) : (
              <span className="portal-logo-mark" aria-hidden>
                宗
              </span>
            )}
            <span className="portal-logo-text">{siteName}</span>
          </Link>
          <nav className="portal-nav" aria-label={t('nav.label')}>
            {PORTAL_NAV.map((item) => (
              <NavLink key={item.key} to={item.to} className="portal-nav-link">
                {t(`nav.${item.key}`)}
              </NavLink>
            ))}
          </nav>
          <div className="portal-account">
            {settings.isI18n && <LanguageSelect />}
            {user ? (
              <Link to="/mainIndex" className="portal-user" title={t('topBar.goUserCenter')}>
                <UserOutlined aria-hidden /> <span className="portal-user-name">{user.nickName || user.userName}</span>
              </Link>
            ) : (
              <span className="portal-auth-links">
                <Link to="/login" className="portal-login-link">
                  {t('topBar.login')}
                </Link>
                <span aria-hidden className="portal-auth-sep">
                  |
                </span>
                <Link to="/login?register=1" className="portal-register-link">
                  {t('topBar.register')}
                </Link>
              </span>
            )}
            <Button
              type="text"
              className="portal-menu-button"
              icon={<MenuOutlined />}
              aria-label={t('nav.openMenu')}
              aria-expanded={menuOpen}
              onClick={() => setMenuOpen(true)}
            />
          </div>
        </div>
      </header>
      {menuOpen && (
        <Suspense fallback={null}>
          <MobileNav open={menuOpen} onClose={() => setMenuOpen(false)} siteName={siteName} signedIn={Boolean(user)} />
        </Suspense>
      )}
      <main id="portal-main" className="portal-main" tabIndex={-1}>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="portal-footer">
        {footer.data?.footerText ? (
          <div className="portal-container portal-footer-cms">
            <RichText html={footer.data.footerText} className="portal-footer-html" />
          </div>
        ) : footer.data ? (
          // No footer of the operator's own: the product's links, in the reader's language.
          <nav className="portal-container portal-footer-links" aria-label={t('footer.links')}>
            {FOOTER_LINKS.map(([to, key]) => (
              <Link key={to} to={to}>
                {t(key)}
              </Link>
            ))}
          </nav>
        ) : null}
        <div className="portal-footer-bottom">
          <div className="portal-container">
            <span>{config.data?.copyright || `© ${new Date().getFullYear()} ${siteName}`}</span>
            {config.data?.icp ? <span>{config.data.icp}</span> : null}
            {config.data?.servicePhone ? <span>{t('footer.servicePhone', { phone: config.data.servicePhone })}</span> : null}
            {config.data?.serviceEmail ? <span>{t('footer.serviceEmail', { email: config.data.serviceEmail })}</span> : null}
          </div>
        </div>
      </footer>
    </div>
  );
}
