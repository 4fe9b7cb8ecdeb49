import { PAGE_PATHS } from '@portal/contracts/page-paths';
import type { FeatureManifest } from '../../shared/feature-manifest';
import type { Namespace } from '../../i18n/resources';

/** Every trading page renders with the trading texts and the shared form texts. */
const TRADE: Namespace[] = ['trade', 'resource'];
/** A party's order pages also show the order's contract, signed with an SMS code. */
const ORDERS: Namespace[] = [...TRADE, 'contracts', 'account'];

/**
 * Trading in the shell: the company's listings, orders, deposit and messages; the operator's
 * review, supervision and deposits.
 */
export const tradeManifest: FeatureManifest = {
  menuPages: [
    { path: PAGE_PATHS.myListings, namespaces: TRADE, load: () => import('./my-listings-page').then((m) => m.MyListingsPage) },
    { path: PAGE_PATHS.purchaseOrders, namespaces: ORDERS, load: () => import('./orders-page').then((m) => m.PurchaseOrdersPage) },
    { path: PAGE_PATHS.salesOrders, namespaces: ORDERS, load: () => import('./orders-page').then((m) => m.SalesOrdersPage) },
    { path: PAGE_PATHS.deposit, namespaces: TRADE, load: () => import('./deposit-account-page').then((m) => m.DepositAccountPage) },
    { path: PAGE_PATHS.messages, namespaces: TRADE, load: () => import('./messages-page').then((m) => m.MessagesPage) },
    { path: '/admin/listing-review', namespaces: TRADE, load: () => import('./listing-review-page').then((m) => m.ListingReviewPage) },
    { path: '/admin/orders', namespaces: TRADE, load: () => import('./orders-page').then((m) => m.AdminOrdersPage) },
    { path: '/admin/deposits', namespaces: TRADE, load: () => import('./admin-deposits-page').then((m) => m.AdminDepositsPage) },
  ],
};
