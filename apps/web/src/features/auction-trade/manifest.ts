import { PAGE_PATHS } from '@portal/contracts/page-paths';
import type { FeatureManifest } from '../../shared/feature-manifest';
import type { Namespace } from '../../i18n/resources';

/** Every auction page renders with the trading texts, the shared form texts and the auction texts. */
const AUCTION: Namespace[] = ['trade', 'resource', 'auction'];

/** Auction spaces in the shell: the company's own spaces and its registrations; the operator's review. */
export const auctionTradeManifest: FeatureManifest = {
  menuPages: [
    { path: PAGE_PATHS.myAuctions, namespaces: AUCTION, load: () => import('./my-auctions-page').then((m) => m.MyAuctionsPage) },
    {
      path: PAGE_PATHS.auctionRegistrations,
      namespaces: AUCTION,
      load: () => import('./auction-registrations-page').then((m) => m.AuctionRegistrationsPage),
    },
    { path: '/admin/auction-review', namespaces: AUCTION, load: () => import('./auction-review-page').then((m) => m.AuctionReviewPage) },
  ],
};
