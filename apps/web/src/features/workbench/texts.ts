import type { Lang } from '@portal/contracts/i18n';
import type { ReviewKind } from '@portal/contracts/workbench';
import { formatNumber } from '../../shared/format';

/** The workbench's own words, in the three languages, kept with the page. */
export interface WorkbenchTexts {
  title: string;
  asOf: (time: string) => string;
  live: string;
  refresh: string;
  views: { buyer: string; supplier: string; operator: string };
  thisMonth: string;
  openOrders: string;
  available: string;
  frozen: string;
  noDeposit: string;
  purchasesByMonth: string;
  salesByMonth: string;
  /** What a chart shows, in words, for assistive technology. */
  monthChart: (what: string, months: number, total: string, best: string) => string;
  dayChart: (days: number, total: string, best: string) => string;
  otherCurrencies: string;
  byVariety: string;
  variety: string;
  orders: string;
  amount: string;
  noDeals: string;
  noOpenOrders: string;
  closingSoon: string;
  closesAt: string;
  kind: { auction: string; tender: string };
  noneClosing: string;
  bidIn: string;
  notBidYet: string;
  listingsOnSale: string;
  toAct: string;
  nothingToAct: string;
  tendersToBid: string;
  noTenders: string;
  todayDeals: string;
  dealsPerDay: string;
  noDealsDays: string;
  daysTotal: (days: number) => string;
  activeCompanies: (days: number) => string;
  liveAuctions: string;
  reviewsWaiting: string;
  reviewKinds: Record<ReviewKind, string>;
  open: string;
  ordersCount: (n: number) => string;
}

const ZH_CN: WorkbenchTexts = {
  title: '我的工作台',
  asOf: (time) => `数据截至 ${time}`,
  live: '订单或保证金变化时自动刷新',
  refresh: '刷新',
  views: { buyer: '采购', supplier: '销售', operator: '平台运营' },
  thisMonth: '本月成交额',
  openOrders: '进行中的订单',
  available: '可用保证金',
  frozen: '冻结保证金',
  noDeposit: '尚未开立保证金账户',
  purchasesByMonth: '近 12 个月采购额',
  salesByMonth: '近 12 个月销售额',
  monthChart: (what, months, total, best) => `${what}柱状图：${months} 个月合计 ${total}，最高的月份 ${best}`,
  dayChart: (days, total, best) => `每日成交额柱状图：${days} 天合计 ${total}，最高的一天 ${best}`,
  otherCurrencies: '图中为主要币种，其他币种见下表',
  byVariety: '按品种',
  variety: '品种',
  orders: '订单数',
  amount: '金额',
  noDeals: '近 12 个月暂无成交，去交易大厅看看在售的挂牌',
  noOpenOrders: '暂无进行中的订单',
  closingSoon: '即将截止',
  closesAt: '截止时间',
  kind: { auction: '竞价', tender: '招标' },
  noneClosing: '暂无即将截止的竞价或招标',
  bidIn: '已投标',
  notBidYet: '未投标',
  listingsOnSale: '在售挂牌',
  toAct: '待处理订单',
  nothingToAct: '暂无需要处理的订单',
  tendersToBid: '可投标的招标',
  noTenders: '暂无可投标的招标',
  todayDeals: '今日成交',
  dealsPerDay: '近 30 天每日成交额',
  noDealsDays: '近 30 天暂无成交',
  daysTotal: (days) => `近 ${days} 天成交额`,
  activeCompanies: (days) => `近 ${days} 天活跃企业`,
  liveAuctions: '进行中的竞价',
  reviewsWaiting: '待审核',
  reviewKinds: {
    listings: '挂牌审核',
    auctionSpaces: '竞价专场审核',
    tenders: '招标审核',
    supplierApplications: '供应商申请（待采购方处理）',
  },
  open: '查看',
  ordersCount: (n) => `${formatNumber(n, 0)} 笔`,
};

const EN_US: WorkbenchTexts = {
  title: 'My workbench',
  asOf: (time) => `Figures as of ${time}`,
  live: 'Refreshes by itself when an order or the deposit changes',
  refresh: 'Refresh',
  views: { buyer: 'Purchasing', supplier: 'Sales', operator: 'Platform' },
  thisMonth: 'This month',
  openOrders: 'Open orders',
  available: 'Deposit available',
  frozen: 'Deposit frozen',
  noDeposit: 'No deposit account yet',
  purchasesByMonth: 'Purchases, last 12 months',
  salesByMonth: 'Sales, last 12 months',
  monthChart: (what, months, total, best) => `Bar chart of ${what.toLowerCase()}: ${total} over ${months} months, best month ${best}`,
  dayChart: (days, total, best) => `Bar chart of deals per day: ${total} over ${days} days, best day ${best}`,
  otherCurrencies: 'The chart shows the main currency; the table lists the others',
  byVariety: 'By variety',
  variety: 'Variety',
  orders: 'Orders',
  amount: 'Amount',
  noDeals: 'No deals in the last 12 months: see what is on sale in the market',
  noOpenOrders: 'No open orders',
  closingSoon: 'Closing soon',
  closesAt: 'Closes',
  kind: { auction: 'Auction', tender: 'Tender' },
  noneClosing: 'No auction or tender closes soon',
  bidIn: 'Bid in',
  notBidYet: 'No bid yet',
  listingsOnSale: 'Listings on sale',
  toAct: 'Orders to act on',
  nothingToAct: 'No order waits for you',
  tendersToBid: 'Tenders you can bid in',
  noTenders: 'No tender open to you',
  todayDeals: 'Deals today',
  dealsPerDay: 'Deals per day, last 30 days',
  noDealsDays: 'No deals in the last 30 days',
  daysTotal: (days) => `Deals, last ${days} days`,
  activeCompanies: (days) => `Active companies, last ${days} days`,
  liveAuctions: 'Live auctions',
  reviewsWaiting: 'Waiting for review',
  reviewKinds: {
    listings: 'Listings',
    auctionSpaces: 'Auction spaces',
    tenders: 'Tenders',
    supplierApplications: 'Supplier applications (buyers decide)',
  },
  open: 'Open',
  ordersCount: (n) => (n === 1 ? '1 order' : `${formatNumber(n, 0)} orders`),
};

const ZH_TW: WorkbenchTexts = {
  title: '我的工作台',
  asOf: (time) => `資料截至 ${time}`,
  live: '訂單或保證金變化時自動重新整理',
  refresh: '重新整理',
  views: { buyer: '採購', supplier: '銷售', operator: '平台營運' },
  thisMonth: '本月成交額',
  openOrders: '進行中的訂單',
  available: '可用保證金',
  frozen: '凍結保證金',
  noDeposit: '尚未開立保證金帳戶',
  purchasesByMonth: '近 12 個月採購額',
  salesByMonth: '近 12 個月銷售額',
  monthChart: (what, months, total, best) => `${what}柱狀圖：${months} 個月合計 ${total}，最高的月份 ${best}`,
  dayChart: (days, total, best) => `每日成交額柱狀圖：${days} 天合計 ${total}，最高的一天 ${best}`,
  otherCurrencies: '圖中為主要幣別，其他幣別見下表',
  byVariety: '依品種',
  variety: '品種',
  orders: '訂單數',
  amount: '金額',
  noDeals: '近 12 個月暫無成交，去交易大廳看看在售的掛牌',
  noOpenOrders: '暫無進行中的訂單',
  closingSoon: '即將截止',
  closesAt: '截止時間',
  kind: { auction: '競價', tender: '招標' },
  noneClosing: '暫無即將截止的競價或招標',
  bidIn: '已投標',
  notBidYet: '未投標',
  listingsOnSale: '在售掛牌',
  toAct: '待處理訂單',
  nothingToAct: '暫無需要處理的訂單',
  tendersToBid: '可投標的招標',
  noTenders: '暫無可投標的招標',
  todayDeals: '今日成交',
  dealsPerDay: '近 30 天每日成交額',
  noDealsDays: '近 30 天暫無成交',
  daysTotal: (days) => `近 ${days} 天成交額`,
  activeCompanies: (days) => `近 ${days} 天活躍企業`,
  liveAuctions: '進行中的競價',
  reviewsWaiting: '待審核',
  reviewKinds: {
    listings: '掛牌審核',
    auctionSpaces: '競價專場審核',
    tenders: '招標審核',
    supplierApplications: '供應商申請（待採購方處理）',
  },
  open: '檢視',
  ordersCount: (n) => `${formatNumber(n, 0)} 筆`,
};

export const WORKBENCH_TEXTS: Record<Lang, WorkbenchTexts> = { 'zh-CN': ZH_CN, 'en-US': EN_US, 'zh-TW': ZH_TW };
