import type { Kysely } from 'kysely';
import { PAGE_PATHS } from '@portal/contracts/page-paths';
import { ADMIN, applyReferenceData, COMPANY, tradingPage, type MenuDeclaration } from '../../../db/reference-data';

/*
 * Trading permission codes (endpoint `access.permission` uses them):
 *   company users (role company_user):
 *     trade:listing        my listings: create, edit, submit, withdraw
 *     trade:order          purchase and sales orders, supplier list
 *     trade:deposit        the company's deposit account and ledger
 *     trade:message        the message centre and its live stream
 *   operators (role platform_admin):
 *     trade:review         listing review: approve, reject, suspend, reinstate
 *     trade:order-watch    every order, read-only supervision
 *     trade:deposit-admin  deposit accounts: record money in and out
 * Sort numbers leave room for the auction and tender pages a later migration adds between them.
 * Menu groups: `trading` (交易中心, company users) and `trading-admin` (交易管理, operators); a later
 * migration adds a page under them with applyReferenceData and parent_id set to the group.
 */

const group = (id: string, name: string, title: string, icon: string, sort: number, roles: string[], titles: MenuDeclaration['titles']) =>
  tradingPage(id, 'root', name, title, '', icon, sort, roles, titles);

const TRADING_MENUS: MenuDeclaration[] = [
  group('trading', 'tradingCenter', '交易中心', 'ContainerOutlined', 5, COMPANY, { 'en-US': 'Trading', 'zh-TW': '交易中心' }),
  tradingPage('trading-listings', 'trading', 'myListings', '我的挂牌', PAGE_PATHS.myListings, 'ShopOutlined', 1, COMPANY, {
    'en-US': 'My listings',
    'zh-TW': '我的掛牌',
  }),
  tradingPage(
    'trading-purchase-orders',
    'trading',
    'purchaseOrders',
    '采购订单',
    PAGE_PATHS.purchaseOrders,
    'ShoppingCartOutlined',
    2,
    COMPANY,
    {
      'en-US': 'Purchase orders',
      'zh-TW': '採購訂單',
    },
  ),
  tradingPage('trading-sales-orders', 'trading', 'salesOrders', '销售订单', PAGE_PATHS.salesOrders, 'ProfileOutlined', 3, COMPANY, {
    'en-US': 'Sales orders',
    'zh-TW': '銷售訂單',
  }),
  // The supplier list moves from the company centre into trading; its id stays, so favourites keep working.
  tradingPage('company-suppliers', 'trading', 'supplierList', '供应商管理', '/company/suppliers', 'TeamOutlined', 8, COMPANY, {
    'en-US': 'Suppliers',
    'zh-TW': '供應商管理',
  }),
  tradingPage('trading-deposit', 'trading', 'depositAccount', '保证金账户', PAGE_PATHS.deposit, 'BankOutlined', 9, COMPANY, {
    'en-US': 'Deposit account',
    'zh-TW': '保證金帳戶',
  }),
  tradingPage('trading-messages', 'trading', 'messageCenter', '消息中心', PAGE_PATHS.messages, 'NotificationOutlined', 10, COMPANY, {
    'en-US': 'Messages',
    'zh-TW': '訊息中心',
  }),

  group('trading-admin', 'tradingManagement', '交易管理', 'AuditOutlined', 7, ADMIN, {
    'en-US': 'Trading management',
    'zh-TW': '交易管理',
  }),
  tradingPage(
    'trading-admin-listing-review',
    'trading-admin',
    'listingReview',
    '挂牌审核',
    '/admin/listing-review',
    'SafetyOutlined',
    1,
    ADMIN,
    {
      'en-US': 'Listing review',
      'zh-TW': '掛牌審核',
    },
  ),
  tradingPage('trading-admin-orders', 'trading-admin', 'orderSupervision', '订单监管', '/admin/orders', 'FileSearchOutlined', 4, ADMIN, {
    'en-US': 'Order supervision',
    'zh-TW': '訂單監管',
  }),
  tradingPage('trading-admin-deposits', 'trading-admin', 'depositManagement', '保证金管理', '/admin/deposits', 'DollarOutlined', 5, ADMIN, {
    'en-US': 'Deposit management',
    'zh-TW': '保證金管理',
  }),
];

/** The trading menus of company users and operators, and the permission codes their calls need. */
export function tradingMenus() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await applyReferenceData(db, {
        roles: [
          { code: 'company_user', name: '企业用户', permissions: ['trade:listing', 'trade:order', 'trade:deposit', 'trade:message'] },
          { code: 'platform_admin', name: '平台管理员', permissions: ['trade:review', 'trade:order-watch', 'trade:deposit-admin'] },
        ],
        menus: TRADING_MENUS,
      });
    },
  };
}
