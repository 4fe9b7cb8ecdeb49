import type { FeatureManifest } from '../../shared/feature-manifest';

/** The operators' report of listings by state per company: one shell page, with its own words. */
export const listingReportManifest: FeatureManifest = {
  menuPages: [
    {
      path: '/admin/listing-report',
      namespaces: ['resource'],
      load: () => import('./listing-report-page').then((m) => m.ListingReportPage),
    },
  ],
};
