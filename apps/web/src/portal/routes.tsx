import { Suspense, lazy, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { prefetchPortalContent } from '../features/cms/queries';
import { withTexts } from '../i18n/index';
import type { Namespace } from '../i18n/resources';
import { FirstScreenReady, isFirstScreenShown } from '../shared/first-screen';

/** The translation namespaces of every portal page besides `common`. */
export const PORTAL_NAMESPACES: Namespace[] = ['portal', 'trading'];

type Loader = () => Promise<ComponentType>;
const chunkByPath = new Map<string, Loader>();

/**
 * A lazily loaded page at `path`. Its chunk is also registered so that opening the app directly
 * on that path starts downloading it at once, in parallel with the layout and the settings call.
 */
function page(path: string, load: Loader): RouteObject {
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

const loadLayout = () => import('./layout').then((m) => m.PortalLayout);
const PortalLayout = lazy(() => withTexts(loadLayout(), PORTAL_NAMESPACES).then((layout) => ({ default: layout })));
const EmbeddedPageLayout = lazy(() =>
  withTexts(import('../shared/embedded-frame'), PORTAL_NAMESPACES).then((m) => ({ default: m.EmbeddedPageLayout })),
);

/**
 * The public portal's routes, allowed without a session. Every page
 * renders inside the portal layout (top bar and footers) and loads lazily, so a first visit
 * downloads only what its page needs.
 */
export const portalRoutes: RouteObject[] = [
  {
    element: (
      <Suspense fallback={<div className="portal-boot" style={{ minHeight: '100vh' }} />}>
        <PortalLayout />
      </Suspense>
    ),
    children: [
      page('/index', () => import('./home-page').then((m) => m.PortalHomePage)),
      page('/newsList', () => import('../features/cms/news-list-page').then((m) => m.NewsListPage)),
      page('/newsList/detail', () => import('../features/cms/news-detail-page').then((m) => m.NewsDetailPage)),
      page('/enterpriseInfo/detail', () => import('../features/cms/enterprise-detail-page').then((m) => m.EnterpriseDetailPage)),
      page('/terraceAbout', () => import('../features/cms/about-page').then((m) => m.AboutPage)),
      page('/finance', () => import('../features/cms/finance-page').then((m) => m.FinancePage)),
      page('/help', () => import('../features/cms/help-page').then((m) => m.HelpPage)),
      // Trading pages: one `page('/path', () => import(...).then((m) => m.Page))` line each.
      page('/onListing', () => import('../features/listings/listing-market-page').then((m) => m.ListingMarketPage)),
      page('/productDetailPortal', () => import('../features/listings/frame-pages').then((m) => m.ProductDetailPortalPage)),
      page('/storeDetailPortal', () => import('../features/listings/frame-pages').then((m) => m.StoreDetailPortalPage)),
      page('/auctionCenter', () => import('../features/auctions/auction-center-page').then((m) => m.AuctionCenterPage)),
      page('/auctionBuyerDetail', () => import('../features/auctions/auction-detail-page').then((m) => m.AuctionDetailPage)),
      page('/biddingTender', () => import('../features/tenders/bidding-tender-page').then((m) => m.BiddingTenderPage)),
    ],
  },
  {
    // The pages the portal shows in frames (product, store, tender): no top bar or footer of their own.
    element: (
      <Suspense fallback={null}>
        <EmbeddedPageLayout />
      </Suspense>
    ),
    children: [
      page('/productDetail', () => import('../features/listings/product-detail-page').then((m) => m.ProductDetailPage)),
      page('/storeDetail', () => import('../features/listings/store-detail-page').then((m) => m.StoreDetailPage)),
      page('/bidTenderManager', () => import('../features/tenders/tender-detail-page').then((m) => m.TenderDetailPage)),
    ],
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
