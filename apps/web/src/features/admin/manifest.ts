import type { FeatureManifest } from '../../shared/feature-manifest';

/** The back office: users, roles, menus, tenants, logs, portal content and the company's own pages. */
export const adminManifest: FeatureManifest = {
  menuPages: [
    { path: '/admin/users', load: () => import('./users-page').then((m) => m.UsersPage) },
    { path: '/admin/roles', load: () => import('./roles-page').then((m) => m.RolesPage) },
    { path: '/admin/menus', load: () => import('./menus-page').then((m) => m.MenusPage) },
    { path: '/admin/tenants', load: () => import('./tenants-page').then((m) => m.TenantsPage) },
    { path: '/admin/sessions', load: () => import('./sessions-page').then((m) => m.SessionsPage) },
    { path: '/admin/login-log', load: () => import('./login-log-page').then((m) => m.LoginLogPage) },
    { path: '/admin/operation-log', load: () => import('./operation-log-page').then((m) => m.OperationLogPage) },
    { path: '/admin/articles', load: () => import('./articles-page').then((m) => m.NewsArticlesPage) },
    { path: '/admin/notices', load: () => import('./articles-page').then((m) => m.NoticesPage) },
    { path: '/admin/help-articles', load: () => import('./articles-page').then((m) => m.HelpArticlesPage) },
    { path: '/admin/news-types', load: () => import('./news-types-page').then((m) => m.NewsTypesPage) },
    { path: '/admin/banners', load: () => import('./banners-page').then((m) => m.BannersPage) },
    { path: '/admin/friend-links', load: () => import('./banners-page').then((m) => m.FriendLinksPage) },
    { path: '/admin/site-pages', load: () => import('./site-pages-page').then((m) => m.SitePagesPage) },
    { path: '/admin/agreements', load: () => import('./portal-data-pages').then((m) => m.AgreementsPage) },
    { path: '/admin/enterprises', load: () => import('./portal-data-pages').then((m) => m.EnterprisesPage) },
    { path: '/admin/price-indices', load: () => import('./portal-data-pages').then((m) => m.PriceIndicesPage) },
    { path: '/admin/recommended-shops', load: () => import('./portal-data-pages').then((m) => m.RecommendedShopsPage) },
    { path: '/admin/varieties', load: () => import('./portal-data-pages').then((m) => m.VarietiesPage) },
    { path: '/admin/markets', load: () => import('./portal-data-pages').then((m) => m.MarketsPage) },
    { path: '/company/profile', load: () => import('./company-pages').then((m) => m.CompanyProfilePage) },
    { path: '/company/suppliers', load: () => import('./company-pages').then((m) => m.SuppliersPage) },
  ],
};
