import type { FeatureManifest } from '../../shared/feature-manifest';

/** The listing market, and the product and store pages (the portal's framed copies and their insides). */
export const listingsManifest: FeatureManifest = {
  portalPages: {
    '/onListing': () => import('./listing-market-page').then((m) => m.ListingMarketPage),
    '/productDetailPortal': () => import('./frame-pages').then((m) => m.ProductDetailPortalPage),
    '/storeDetailPortal': () => import('./frame-pages').then((m) => m.StoreDetailPortalPage),
  },
  framedPages: {
    '/productDetail': () => import('./product-detail-page').then((m) => m.ProductDetailPage),
    '/storeDetail': () => import('./store-detail-page').then((m) => m.StoreDetailPage),
  },
};
