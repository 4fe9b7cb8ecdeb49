import { PAGE_PATHS } from '@portal/contracts/page-paths';
import type { FeatureManifest } from '../../shared/feature-manifest';

/** The workbench: one shell page, with its own words; its chart library loads with it. */
export const workbenchManifest: FeatureManifest = {
  menuPages: [{ path: PAGE_PATHS.workbench, load: () => import('./workbench-page').then((m) => m.WorkbenchPage) }],
};
