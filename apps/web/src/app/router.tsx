import { Suspense, lazy, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import type { PublicSettings } from '@portal/contracts/settings';
import { portalRoutes } from '../portal/routes';
import { FullPageSpin, RedirectIfSignedIn, RequireSession } from './guards';

const LoginPage = lazy(() => import('../features/account/login-page').then((m) => ({ default: m.LoginPage })));
// Error pages load on demand: a visit that never fails never downloads them.
const ErrorPage = lazy(() => import('../shell/error-page').then((m) => ({ default: m.ErrorPage })));
const ShellLayout = lazy(() => import('../shell/shell-layout').then((m) => ({ default: m.ShellLayout })));

const page = (node: ReactNode) => <Suspense fallback={<FullPageSpin />}>{node}</Suspense>;

/**
 * The fixed routes of both specifications (decisions.md section 6). Everything else is the shell:
 * /mainIndex and the menu routes it builds at run time from get_menu_list (unknown paths: 404 there,
 * or /login for a visitor).
 */
export function buildRoutes(settings: PublicSettings): RouteObject[] {
  return [
    { path: '/', element: <Navigate to={settings.portalEnabled ? '/index' : '/mainIndex'} replace /> },
    { path: '/login', element: <RedirectIfSignedIn>{page(<LoginPage />)}</RedirectIfSignedIn> },
    { path: '/errors/403', element: page(<ErrorPage status={403} />) },
    { path: '/errors/404', element: page(<ErrorPage status={404} />) },
    { path: '/errors/500', element: page(<ErrorPage status={500} />) },
    ...portalRoutes,
    { path: '*', element: <RequireSession>{page(<ShellLayout />)}</RequireSession> },
  ];
}

export function createRouter(settings: PublicSettings) {
  return createBrowserRouter(buildRoutes(settings));
}
