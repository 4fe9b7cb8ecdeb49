import type { FeatureManifest } from '../shared/feature-manifest';
import { auctionsManifest } from '../features/auctions';
import { cmsManifest } from '../features/cms';
import { contractsPortalManifest } from '../features/contracts';
import { listingsManifest } from '../features/listings';
import { priceIndexManifest } from '../features/price-index';
import { tendersManifest } from '../features/tenders';

/**
 * The features that serve portal pages: portal/routes.tsx builds its routes from their manifests,
 * and a new one adds its manifest here. This list is part of every visit's first script, so a
 * feature whose pages open only in the shell is listed in shell/shell-features.ts instead (each
 * page's loader carries the list of files that page needs).
 */
export const PORTAL_FEATURES: readonly FeatureManifest[] = [
  cmsManifest,
  listingsManifest,
  auctionsManifest,
  tendersManifest,
  priceIndexManifest,
  contractsPortalManifest,
];
