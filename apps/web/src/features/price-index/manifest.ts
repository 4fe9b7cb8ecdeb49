import { PAGE_PATHS } from '@portal/contracts/page-paths';
import type { FeatureManifest } from '../../shared/feature-manifest';

/** The price page of the portal (its chart library loads with it, on this page only). */
export const priceIndexManifest: FeatureManifest = {
  portalPages: {
    [PAGE_PATHS.priceIndex]: () => import('./price-page').then((m) => m.PricePage),
  },
};

/** The operators' page of the published index: annotate or withhold a value. */
export const priceIndexShellManifest: FeatureManifest = {
  menuPages: [
    {
      path: '/admin/price-index-publications',
      namespaces: ['resource', 'trade'],
      load: () => import('./publications-page').then((m) => m.PublicationsPage),
    },
  ],
};
