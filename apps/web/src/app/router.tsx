import { Component, Suspense, lazy, useMemo, type ReactNode } from 'react';
import { BrowserRouter, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import type { PublicSettings } from '@portal/contracts/settings';
import { homePathOf } from '@portal/contracts/site-path';
import { loadLoginPage } from '../features/account';
import { withTexts } from '../i18n/index';
import { portalRoutes } from '../portal/routes';
import { FirstScreenReady, dropFirstScreen, useFirstScreenFor } from '../shared/first-screen';
import { FullPageSpin, RedirectIfSignedIn, RequireSession } from './guards';
import { LOGIN_NAMESPACES, SHELL_NAMESPACES } from './namespaces';

const LoginPage = lazy(() => withTexts(loadLoginPage(), LOGIN_NAMESPACES).then((m) => ({ default: m.LoginPage })));
// Opened directly on /login: its code starts loading now, beside the settings and current-user calls.
if (typeof window !== 'undefined' && window.location.pathname === '/login') void loadLoginPage();
// Error pages load on demand: a visit that never fails never downloads them.
const ErrorPage = lazy(() => import('../shell/error-page').then((m) => ({ default: m.ErrorPage })));
const ShellLayout = lazy(() => {
  // The home tab is always open, so its page starts loading with the shell rather than after it.
  void import('../shell/main-index-page');
  return withTexts(import('../shell/shell-layout'), SHELL_NAMESPACES).then((m) => ({ default: m.ShellLayout }));
});

const page = (node: ReactNode) => (
  <Suspense fallback={<FullPageSpin />}>
    {node}
    <FirstScreenReady />
  </Suspense>
);

/**
 * The fixed routes: the root, the login page, the error pages and the portal's pages (which the
 * features declare). Everything else is the shell: /mainIndex and the menu routes it builds at run
 * time from get_menu_list (unknown paths: 404 there, or /login for a visitor).
 */
export function buildRoutes(settings: PublicSettings): RouteObject[] {
  return [
    { path: '/', element: <Navigate to={homePathOf(settings)} replace /> },
    { path: '/login', element: <RedirectIfSignedIn>{page(<LoginPage />)}</RedirectIfSignedIn> },
    { path: '/errors/403', element: page(<ErrorPage status={403} />) },
    { path: '/errors/404', element: page(<ErrorPage status={404} />) },
    { path: '/errors/500', element: page(<ErrorPage status={500} />) },
    ...portalRoutes,
    { path: '*', element: <RequireSession>{page(<ShellLayout />)}</RequireSession> },
  ];
}

/**
 * A page that fails to render (or whose code fails to load) shows the 500 page instead of a blank
 * window; going to another address tries again.
 */
class RenderFailure extends Component<{ path: string; children: ReactNode }, { failedAt: string | null }> {
  override state = { failedAt: null as string | null };

  static getDerivedStateFromError(): { failedAt: string } {
    return { failedAt: window.location.pathname };
  }

  static getDerivedStateFromProps(props: { path: string }, state: { failedAt: string | null }) {
    return state.failedAt !== null && state.failedAt !== props.path ? { failedAt: null } : null;
  }

  override componentDidCatch(error: unknown): void {
    dropFirstScreen();
    console.error(error);
  }

  override render(): ReactNode {
    if (this.state.failedAt !== null) return page(<ErrorPage status={500} />);
    return this.props.children;
  }
}

/** The routes for the current address, under any router (the browser's, or the server's static one). */
export function AppRoutes({ settings }: { settings: PublicSettings }) {
  const routes = useMemo(() => buildRoutes(settings), [settings]);
  const { pathname } = useLocation();
  useFirstScreenFor(pathname);
  return <RenderFailure path={pathname}>{useRoutes(routes)}</RenderFailure>;
}

/**
 * The app's router. A declarative router: the pages use no loaders or actions, and React Router's
 * data router would add about 17 KB (gzip) to every first visit.
 */
export function AppRouter({ settings }: { settings: PublicSettings }) {
  return (
    <BrowserRouter>
      <AppRoutes settings={settings} />
    </BrowserRouter>
  );
}
