import type { FeatureManifest } from '../../shared/feature-manifest';
import type { Namespace } from '../../i18n/resources';

/** Every trading page renders with the trading texts and the shared form texts. */
const TRADE: Namespace[] = ['trade', 'resource'];
const AUCTION: Namespace[] = [...TRADE, 'auction'];

/**
 * Trading in the shell: the company's listings, orders, deposit, messages and auction spaces; the
 * operator's review, supervision and deposits.
 */
export const tradeManifest: FeatureManifest = {
  menuPages: [
    { path: '/trade/listings', namespaces: TRADE, load: () => import('./my-listings-page').then((m) => m.MyListingsPage) },
    { path: '/trade/purchase-orders', namespaces: TRADE, load: () => import('./orders-page').then((m) => m.PurchaseOrdersPage) },
    { path: '/trade/sales-orders', namespaces: TRADE, load: () => import('./orders-page').then((m) => m.SalesOrdersPage) },
    { path: '/trade/deposit', namespaces: TRADE, load: () => import('./deposit-account-page').then((m) => m.DepositAccountPage) },
    { path: '/trade/messages', namespaces: TRADE, load: () => import('./messages-page').then((m) => m.MessagesPage) },
    { path: '/admin/listing-review', namespaces: TRADE, load: () => import('./listing-review-page').then((m) => m.ListingReviewPage) },
    { path: '/admin/orders', namespaces: TRADE, load: () => import('./orders-page').then((m) => m.AdminOrdersPage) },
    { path: '/admin/deposits', namespaces: TRADE, load: () => import('./admin-deposits-page').then((m) => m.AdminDepositsPage) },
    { path: '/trade/auctions', namespaces: AUCTION, load: () => import('./my-auctions-page').then((m) => m.MyAuctionsPage) },
    {
      path: '/trade/auction-registrations',
      namespaces: AUCTION,
      load: () => import('./auction-registrations-page').then((m) => m.AuctionRegistrationsPage),
    },
    { path: '/admin/auction-review', namespaces: AUCTION, load: () => import('./auction-review-page').then((m) => m.AuctionReviewPage) },
  ],
};
