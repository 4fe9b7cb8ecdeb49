import { withTexts } from '../../i18n/index';
import type { FeatureManifest } from '../../shared/feature-manifest';

/** The portal's news, enterprise, about, finance and help pages. */
export const cmsManifest: FeatureManifest = {
  portalPages: {
    '/newsList': () => withTexts(import('./news-list-page'), ['content']).then((m) => m.NewsListPage),
    '/newsList/detail': () => withTexts(import('./news-detail-page'), ['content']).then((m) => m.NewsDetailPage),
    '/enterpriseInfo/detail': () => withTexts(import('./enterprise-detail-page'), ['content']).then((m) => m.EnterpriseDetailPage),
    '/terraceAbout': () => withTexts(import('./about-page'), ['content']).then((m) => m.AboutPage),
    '/finance': () => withTexts(import('./finance-page'), ['content']).then((m) => m.FinancePage),
    '/help': () => withTexts(import('./help-page'), ['content']).then((m) => m.HelpPage),
  },
};
