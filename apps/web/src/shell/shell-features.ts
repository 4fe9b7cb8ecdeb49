import type { FeatureManifest } from '../shared/feature-manifest';
import { adminManifest } from '../features/admin/manifest';
import { listingReportManifest } from '../features/listing-report/manifest';
import { profileManifest } from '../features/profile/manifest';
import { tenderTradeManifest } from '../features/tender-trade/manifest';
import { tradeManifest } from '../features/trade/manifest';

/**
 * The features that serve the back-office shell's menu pages: shell/pages.tsx builds its page table
 * from their manifests, and a new one adds its manifest here. It loads with the shell's code, so a
 * portal visit never downloads it.
 */
export const SHELL_FEATURES: readonly FeatureManifest[] = [
  profileManifest,
  adminManifest,
  tradeManifest,
  tenderTradeManifest,
  listingReportManifest,
];
