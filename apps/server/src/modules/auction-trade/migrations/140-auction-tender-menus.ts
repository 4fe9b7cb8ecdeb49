import { PAGE_PATHS } from '@portal/contracts/page-paths';
import type { Kysely } from 'kysely';
import { ADMIN, applyReferenceData, COMPANY, tradingPage } from '../../../db/reference-data';

/*
 * Auctions and tenders join the trading menus. Permission codes:
 *   company users (role company_user):
 *     trade:auction         my auction spaces (create, edit, submit, withdraw, reserve decision),
 *                           registration and bidding in others' spaces
 *     trade:tender          my tenders (create, publish, evaluate, negotiate, award) and my tender bids
 *   operators (role platform_admin):
 *     trade:auction-review  auction space review, suspension and resumption
 *     trade:tender-review   tender review (when review is on)
 * The pages follow the order a trader works in: listings, orders, auctions, tenders, then the
 * supplier list, the deposit account and messages; the earlier pages are re-sorted to make room
 * (an operator's own sort order is kept, as for any reference column).
 */
export function auctionTenderMenus() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await applyReferenceData(db, {
        roles: [
          { code: 'company_user', name: '企业用户', permissions: ['trade:auction', 'trade:tender'] },
          { code: 'platform_admin', name: '平台管理员', permissions: ['trade:auction-review', 'trade:tender-review'] },
        ],
        menus: [
          tradingPage('trading-auctions', 'trading', 'myAuctions', '我的竞价', PAGE_PATHS.myAuctions, 'ThunderboltOutlined', 4, COMPANY, {
            'en-US': 'My auctions',
            'zh-TW': '我的競價',
          }),
          tradingPage(
            'trading-auction-registrations',
            'trading',
            'joinedAuctions',
            '参与的竞价',
            PAGE_PATHS.auctionRegistrations,
            'FlagOutlined',
            5,
            COMPANY,
            { 'en-US': 'Joined auctions', 'zh-TW': '參與的競價' },
          ),
          tradingPage('trading-tenders', 'trading', 'myTenders', '我的招标', PAGE_PATHS.myTenders, 'FileTextOutlined', 6, COMPANY, {
            'en-US': 'My tenders',
            'zh-TW': '我的招標',
          }),
          tradingPage(
            'trading-tender-bids',
            'trading',
            'myTenderBids',
            '我的投标',
            PAGE_PATHS.myTenderBids,
            'FileDoneOutlined',
            7,
            COMPANY,
            {
              'en-US': 'My tender bids',
              'zh-TW': '我的投標',
            },
          ),
          tradingPage('company-suppliers', 'trading', 'supplierList', '供应商管理', '/company/suppliers', 'TeamOutlined', 8, COMPANY, {
            'en-US': 'Suppliers',
            'zh-TW': '供應商管理',
          }),
          tradingPage('trading-deposit', 'trading', 'depositAccount', '保证金账户', PAGE_PATHS.deposit, 'BankOutlined', 9, COMPANY, {
            'en-US': 'Deposit account',
            'zh-TW': '保證金帳戶',
          }),
          tradingPage(
            'trading-messages',
            'trading',
            'messageCenter',
            '消息中心',
            PAGE_PATHS.messages,
            'NotificationOutlined',
            10,
            COMPANY,
            {
              'en-US': 'Messages',
              'zh-TW': '訊息中心',
            },
          ),
          tradingPage(
            'trading-admin-auction-review',
            'trading-admin',
            'auctionReview',
            '竞价审核',
            '/admin/auction-review',
            'SafetyCertificateOutlined',
            2,
            ADMIN,
            { 'en-US': 'Auction review', 'zh-TW': '競價審核' },
          ),
          tradingPage(
            'trading-admin-tender-review',
            'trading-admin',
            'tenderReview',
            '招标审核',
            '/admin/tender-review',
            'FileProtectOutlined',
            3,
            ADMIN,
            { 'en-US': 'Tender review', 'zh-TW': '招標審核' },
          ),
          tradingPage(
            'trading-admin-orders',
            'trading-admin',
            'orderSupervision',
            '订单监管',
            '/admin/orders',
            'FileSearchOutlined',
            4,
            ADMIN,
            {
              'en-US': 'Order supervision',
              'zh-TW': '訂單監管',
            },
          ),
          tradingPage(
            'trading-admin-deposits',
            'trading-admin',
            'depositManagement',
            '保证金管理',
            '/admin/deposits',
            'DollarOutlined',
            5,
            ADMIN,
            {
              'en-US': 'Deposit management',
              'zh-TW': '保證金管理',
            },
          ),
        ],
      });
    },
  };
}
