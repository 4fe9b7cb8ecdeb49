import { withTexts } from '../../i18n/index';
import type { FeatureManifest } from '../../shared/feature-manifest';

/** The portal's tender list, and a tender's page (framed) where a supplier bids. */
export const tendersManifest: FeatureManifest = {
  portalPages: {
    '/biddingTender': () => withTexts(import('./bidding-tender-page'), ['browse']).then((m) => m.BiddingTenderPage),
  },
  framedPages: {
    '/bidTenderManager': () => withTexts(import('./tender-detail-page'), ['browse']).then((m) => m.TenderDetailPage),
  },
};
