/** The portal's content: its pages, the queries the layout and the home page read, and their date and figure formats. */
export { cmsManifest } from './manifest';
export { prefetchPortalContent, useArticles, useBanners, useEnterprises, useFooter, usePageConfig, usePriceIndices } from './queries';
export { cutText, formatChange, formatDate, formatIndexValue, formatShortDate, trendOf } from './format';
