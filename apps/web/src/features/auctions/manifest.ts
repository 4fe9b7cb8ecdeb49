import { withTexts } from '../../i18n/index';
import type { FeatureManifest } from '../../shared/feature-manifest';

/** The portal's auction centre and an auction's page (with its live room). */
export const auctionsManifest: FeatureManifest = {
  portalPages: {
    '/auctionCenter': () => withTexts(import('./auction-center-page'), ['browse']).then((m) => m.AuctionCenterPage),
    '/auctionBuyerDetail': () => import('./auction-detail-page').then((m) => m.AuctionDetailPage),
  },
};
