import type { FeatureManifest } from '../shared/feature-manifest';
import { adminManifest } from '../features/admin';
import { auctionTradeManifest } from '../features/auction-trade';
import { contractsShellManifest } from '../features/contracts';
import { listingReportManifest } from '../features/listing-report';
import { priceIndexShellManifest } from '../features/price-index';
import { profileManifest } from '../features/profile';
import { systemStatusManifest } from '../features/system-status';
import { tenderTradeManifest } from '../features/tender-trade';
import { tradeManifest } from '../features/trade';
import { workbenchManifest } from '../features/workbench';

/**
 * The features that serve the back-office shell's menu pages: shell/pages.tsx builds its page table
 * from their manifests, and a new one adds its manifest here. It loads with the shell's code, so a
 * portal visit never downloads it.
 */
export const SHELL_FEATURES: readonly FeatureManifest[] = [
  profileManifest,
  adminManifest,
  tradeManifest,
  auctionTradeManifest,
  tenderTradeManifest,
  listingReportManifest,
  systemStatusManifest,
  workbenchManifest,
  priceIndexShellManifest,
  contractsShellManifest,
];
