import type { FeatureManifest } from '../../shared/feature-manifest';

/** The operators' system page: one shell page, with its own words. */
export const systemStatusManifest: FeatureManifest = {
  menuPages: [
    {
      path: '/admin/system-status',
      load: () => import('./system-status-page').then((m) => m.SystemStatusPage),
    },
  ],
};
