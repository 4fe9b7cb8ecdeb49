import { withTexts } from '../../i18n/index';
import type { FeatureManifest } from '../../shared/feature-manifest';

/** The listing market, and the product and store pages (the portal's framed copies and their insides). */
export const listingsManifest: FeatureManifest = {
  portalPages: {
    '/onListing': () => import('./listing-market-page').then((m) => m.ListingMarketPage),
    '/productDetailPortal': () => withTexts(import('./frame-pages'), ['browse']).then((m) => m.ProductDetailPortalPage),
    '/storeDetailPortal': () => withTexts(import('./frame-pages'), ['browse']).then((m) => m.StoreDetailPortalPage),
  },
  framedPages: {
    '/productDetail': () => withTexts(import('./product-detail-page'), ['browse']).then((m) => m.ProductDetailPage),
    '/storeDetail': () => withTexts(import('./store-detail-page'), ['browse']).then((m) => m.StoreDetailPage),
  },
};
