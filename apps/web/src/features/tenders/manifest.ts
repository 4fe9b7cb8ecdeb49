import type { FeatureManifest } from '../../shared/feature-manifest';

/** The portal's tender list, and a tender's page (framed) where a supplier bids. */
export const tendersManifest: FeatureManifest = {
  portalPages: {
    '/biddingTender': () => import('./bidding-tender-page').then((m) => m.BiddingTenderPage),
  },
  framedPages: {
    '/bidTenderManager': () => import('./tender-detail-page').then((m) => m.TenderDetailPage),
  },
};
