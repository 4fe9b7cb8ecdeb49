import type { FeatureManifest } from '../../shared/feature-manifest';

/** The portal's news, enterprise, about, finance and help pages. */
export const cmsManifest: FeatureManifest = {
  portalPages: {
    '/newsList': () => import('./news-list-page').then((m) => m.NewsListPage),
    '/newsList/detail': () => import('./news-detail-page').then((m) => m.NewsDetailPage),
    '/enterpriseInfo/detail': () => import('./enterprise-detail-page').then((m) => m.EnterpriseDetailPage),
    '/terraceAbout': () => import('./about-page').then((m) => m.AboutPage),
    '/finance': () => import('./finance-page').then((m) => m.FinancePage),
    '/help': () => import('./help-page').then((m) => m.HelpPage),
  },
};
