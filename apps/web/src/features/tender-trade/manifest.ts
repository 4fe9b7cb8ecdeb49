import { PAGE_PATHS } from '@portal/contracts/page-paths';
import type { FeatureManifest } from '../../shared/feature-manifest';
import type { Namespace } from '../../i18n/resources';

/** The tender pages render with the trading and form texts, and the tender texts. */
const TENDER: Namespace[] = ['trade', 'resource', 'tender'];

/** Sealed tenders in the shell: the buyer's tenders, the supplier's bids, the operator's review. */
export const tenderTradeManifest: FeatureManifest = {
  menuPages: [
    { path: PAGE_PATHS.myTenders, namespaces: TENDER, load: () => import('./my-tenders-page').then((m) => m.MyTendersPage) },
    { path: PAGE_PATHS.myTenderBids, namespaces: TENDER, load: () => import('./my-bids-page').then((m) => m.MyBidsPage) },
    { path: '/admin/tender-review', namespaces: TENDER, load: () => import('./tender-review-page').then((m) => m.TenderReviewPage) },
  ],
};
