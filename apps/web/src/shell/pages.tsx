import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { withTexts } from '../i18n/index';
import type { Namespace } from '../i18n/resources';
import { listingReportPages } from '../features/listing-report/manifest';

/** A trading page, shown once its code and its texts (and the shared form texts it uses, and any more it names) have arrived. */
function tradePage(load: () => Promise<ComponentType>, more: Namespace[] = []): LazyExoticComponent<ComponentType> {
  return lazy(() => withTexts(load(), ['trade', 'resource', ...more]).then((page) => ({ default: page })));
}

/**
 * The pages of this app a menu URL may open (routes are built at run time from the menus; a menu
 * whose URL is not here and is not a frame is unknown and goes to '/'). Each page loads lazily.
 */
export const MENU_PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  '/mainIndex': lazy(() => import('./main-index-page').then((m) => ({ default: m.MainIndexPage }))),
  '/profile/info': lazy(() => import('../features/profile/personal-info-page').then((m) => ({ default: m.PersonalInfoPage }))),
  '/profile/password': lazy(() => import('../features/profile/change-password-page').then((m) => ({ default: m.ChangePasswordPage }))),
  '/profile/favorites': lazy(() => import('./favorites-page').then((m) => ({ default: m.FavoritesPage }))),
  '/admin/users': lazy(() => import('../features/admin/users-page').then((m) => ({ default: m.UsersPage }))),
  '/admin/roles': lazy(() => import('../features/admin/roles-page').then((m) => ({ default: m.RolesPage }))),
  '/admin/menus': lazy(() => import('../features/admin/menus-page').then((m) => ({ default: m.MenusPage }))),
  '/admin/tenants': lazy(() => import('../features/admin/tenants-page').then((m) => ({ default: m.TenantsPage }))),
  '/admin/sessions': lazy(() => import('../features/admin/sessions-page').then((m) => ({ default: m.SessionsPage }))),
  '/admin/login-log': lazy(() => import('../features/admin/login-log-page').then((m) => ({ default: m.LoginLogPage }))),
  '/admin/operation-log': lazy(() => import('../features/admin/operation-log-page').then((m) => ({ default: m.OperationLogPage }))),
  '/admin/articles': lazy(() => import('../features/admin/articles-page').then((m) => ({ default: m.NewsArticlesPage }))),
  '/admin/notices': lazy(() => import('../features/admin/articles-page').then((m) => ({ default: m.NoticesPage }))),
  '/admin/help-articles': lazy(() => import('../features/admin/articles-page').then((m) => ({ default: m.HelpArticlesPage }))),
  '/admin/news-types': lazy(() => import('../features/admin/news-types-page').then((m) => ({ default: m.NewsTypesPage }))),
  '/admin/banners': lazy(() => import('../features/admin/banners-page').then((m) => ({ default: m.BannersPage }))),
  '/admin/friend-links': lazy(() => import('../features/admin/banners-page').then((m) => ({ default: m.FriendLinksPage }))),
  '/admin/site-pages': lazy(() => import('../features/admin/site-pages-page').then((m) => ({ default: m.SitePagesPage }))),
  '/admin/agreements': lazy(() => import('../features/admin/portal-data-pages').then((m) => ({ default: m.AgreementsPage }))),
  '/admin/enterprises': lazy(() => import('../features/admin/portal-data-pages').then((m) => ({ default: m.EnterprisesPage }))),
  '/admin/price-indices': lazy(() => import('../features/admin/portal-data-pages').then((m) => ({ default: m.PriceIndicesPage }))),
  '/admin/recommended-shops': lazy(() => import('../features/admin/portal-data-pages').then((m) => ({ default: m.RecommendedShopsPage }))),
  '/admin/varieties': lazy(() => import('../features/admin/portal-data-pages').then((m) => ({ default: m.VarietiesPage }))),
  '/admin/markets': lazy(() => import('../features/admin/portal-data-pages').then((m) => ({ default: m.MarketsPage }))),
  '/company/profile': lazy(() => import('../features/admin/company-pages').then((m) => ({ default: m.CompanyProfilePage }))),
  '/company/suppliers': lazy(() => import('../features/admin/company-pages').then((m) => ({ default: m.SuppliersPage }))),
  // Trading: the company's listings, orders, deposit and messages; the operator's review, supervision and deposits.
  '/trade/listings': tradePage(() => import('../features/trade/my-listings-page').then((m) => m.MyListingsPage)),
  '/trade/purchase-orders': tradePage(() => import('../features/trade/orders-page').then((m) => m.PurchaseOrdersPage)),
  '/trade/sales-orders': tradePage(() => import('../features/trade/orders-page').then((m) => m.SalesOrdersPage)),
  '/trade/deposit': tradePage(() => import('../features/trade/deposit-account-page').then((m) => m.DepositAccountPage)),
  '/trade/messages': tradePage(() => import('../features/trade/messages-page').then((m) => m.MessagesPage)),
  '/admin/listing-review': tradePage(() => import('../features/trade/listing-review-page').then((m) => m.ListingReviewPage)),
  '/admin/orders': tradePage(() => import('../features/trade/orders-page').then((m) => m.AdminOrdersPage)),
  '/admin/deposits': tradePage(() => import('../features/trade/admin-deposits-page').then((m) => m.AdminDepositsPage)),
  // Sealed tenders: the buyer's tenders, the supplier's bids, the operator's review.
  '/trade/tenders': tradePage(() => import('../features/tender-trade/my-tenders-page').then((m) => m.MyTendersPage), ['tender']),
  '/trade/tender-bids': tradePage(() => import('../features/tender-trade/my-bids-page').then((m) => m.MyBidsPage), ['tender']),
  '/admin/tender-review': tradePage(
    () => import('../features/tender-trade/tender-review-page').then((m) => m.TenderReviewPage),
    ['tender'],
  ),
  // Auctions: the company's own spaces and those it registered for; the operator's review.
  '/trade/auctions': tradePage(() => import('../features/trade/my-auctions-page').then((m) => m.MyAuctionsPage), ['auction']),
  '/trade/auction-registrations': tradePage(
    () => import('../features/trade/auction-registrations-page').then((m) => m.AuctionRegistrationsPage),
    ['auction'],
  ),
  '/admin/auction-review': tradePage(() => import('../features/trade/auction-review-page').then((m) => m.AuctionReviewPage), ['auction']),
  ...listingReportPages,
};

export function hasPage(path: string): boolean {
  return Object.hasOwn(MENU_PAGES, path);
}
