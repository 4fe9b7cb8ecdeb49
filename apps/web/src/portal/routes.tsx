import { Suspense, lazy } from 'react';
import type { RouteObject } from 'react-router';
import { prefetchPortalContent } from '../features/cms';
import { withTexts } from '../i18n/index';
import type { Namespace } from '../i18n/resources';
import type { PageLoader } from '../shared/feature-manifest';
import { FirstScreenReady, isFirstScreenShown } from '../shared/first-screen';
import { PORTAL_FEATURES } from './portal-features';

/** The translation namespaces of every portal page besides `common`. */
export const PORTAL_NAMESPACES: Namespace[] = ['portal', 'trading'];

const chunkByPath = new Map<string, PageLoader>();

/**
 * A lazily loaded page at `path`. Its chunk is also registered so that opening the app directly
 * on that path starts downloading it at once, in parallel with the layout and the settings call.
 */
function page(path: string, load: PageLoader): RouteObject {
  chunkByPath.set(path, load);
  const Page = lazy(async () => ({ default: await load() }));
  return {
    path,
    element: (
      <>
        <Page />
        <FirstScreenReady />
      </>
    ),
  };
}

/** The routes of the features' pages of one kind (in the layout, or framed). */
function featurePages(kind: 'portalPages' | 'framedPages'): RouteObject[] {
  return PORTAL_FEATURES.flatMap((feature) => Object.entries(feature[kind] ?? {})).map(([path, load]) => page(path, load));
}

const loadLayout = () => import('./layout').then((m) => m.PortalLayout);
const PortalLayout = lazy(() => withTexts(loadLayout(), PORTAL_NAMESPACES).then((layout) => ({ default: layout })));
const EmbeddedPageLayout = lazy(() =>
  withTexts(import('../shared/embedded-frame'), PORTAL_NAMESPACES).then((m) => ({ default: m.EmbeddedPageLayout })),
);

/**
 * The public portal's routes, allowed without a session: the portal's home page and the pages
 * the features declare in their manifests (portal-features.ts). Every page renders inside the
 * portal layout (top bar and footers) or, framed, on its own, and loads lazily, so a first visit
 * downloads only what its page needs.
 */
export const portalRoutes: RouteObject[] = [
  {
    element: (
      <Suspense fallback={<div className="portal-boot" style={{ minHeight: '100vh' }} />}>
        <PortalLayout />
      </Suspense>
    ),
    children: [page('/index', () => import('./home-page').then((m) => m.PortalHomePage)), ...featurePages('portalPages')],
  },
  {
    // The pages the portal shows in frames (product, store, tender): no top bar or footer of their own.
    element: (
      <Suspense fallback={null}>
        <EmbeddedPageLayout />
      </Suspense>
    ),
    children: featurePages('framedPages'),
  },
];

/** Whether `pathname` is a portal page (in the portal layout or one of the framed pages). */
export function isPortalPath(pathname: string): boolean {
  return chunkByPath.has(pathname);
}

/** Starts fetching the layout, the page and its first-screen content for the address the app was opened on. */
function preloadCurrentPage(): void {
  if (typeof window === 'undefined') return;
  const { pathname } = window.location;
  const load = chunkByPath.get(pathname);
  if (!load) return;
  void load();
  // The first group renders inside the portal layout; framed pages have their own.
  if (portalRoutes[0]?.children?.some((route) => route.path === pathname)) {
    void loadLayout();
    // The server's first screen brought the page's content along (shared/first-screen.ts).
    if (!isFirstScreenShown()) prefetchPortalContent(pathname);
  }
}
preloadCurrentPage();
