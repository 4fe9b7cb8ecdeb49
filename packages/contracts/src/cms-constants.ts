/*
 * Constants of the portal content (the cms.ts endpoints), apart from cms.ts so that pages use them
 * without downloading the schemas, and apart from constants.ts so that the first download, which
 * needs the home banner position, does not carry the trading labels.
 */

/**
 * News type codes (`artical_sub_type`). NEWS and helpCenter are the spec's own values; the notice
 * codes are the project's (docs/decisions/030-cms-content.md).
 */
export const NEWS_TYPE = {
  news: 'NEWS',
  bidNotice: 'BID_NOTICE',
  dealNotice: 'DEAL_NOTICE',
  policy: 'POLICY',
  platform: 'PLATFORM',
  help: 'helpCenter',
} as const;

/** The banner position of the home page carousel. */
export const HOME_BANNER_POSITION = 'web_index';

/** Page sizes, rotation intervals and cut lengths of the portal's pages, fixed once for server and browser. */
export const CMS_LIMITS = {
  homeNewsPageSize: 3,
  homeNoticePageSize: 6,
  newsListPageSize: 10,
  helpPageSize: 99,
  /** The largest page any article list may ask for (the help centre's 99). */
  pageSizeMax: 99,
  pageNoMax: 100_000,
  homeEnterprisePageSize: 6,
  enterprisePageSizeMax: 50,
  noticeTitleMax: 32,
  bannerAutoplayMs: 5000,
  enterpriseRotateMs: 5000,
  /** The portal top bar turns solid over this much scroll. */
  topBarFadePx: 30,
} as const;

/**
 * The names the news types are installed with, in every language. A type still named as installed
 * shows the reader's name; one an operator renamed shows what the operator wrote.
 */
const NEWS_TYPE_NAMES: Record<string, Record<'zh-CN' | 'en-US' | 'zh-TW', string>> = {
  [NEWS_TYPE.news]: { 'zh-CN': '行业资讯', 'en-US': 'Industry news', 'zh-TW': '產業資訊' },
  [NEWS_TYPE.bidNotice]: { 'zh-CN': '招标竞价公告', 'en-US': 'Tender and auction notices', 'zh-TW': '招標競價公告' },
  [NEWS_TYPE.dealNotice]: { 'zh-CN': '成交公告', 'en-US': 'Deal notices', 'zh-TW': '成交公告' },
  [NEWS_TYPE.policy]: { 'zh-CN': '政策法规', 'en-US': 'Policies and regulations', 'zh-TW': '政策法規' },
  [NEWS_TYPE.platform]: { 'zh-CN': '平台公告', 'en-US': 'Platform notices', 'zh-TW': '平台公告' },
  [NEWS_TYPE.help]: { 'zh-CN': '帮助中心', 'en-US': 'Help centre', 'zh-TW': '幫助中心' },
};

/** A news type's name for the reader: the installed name translated, an operator's own name as written. */
export function newsTypeName(code: string, stored: string, lang: 'zh-CN' | 'en-US' | 'zh-TW'): string {
  const names = NEWS_TYPE_NAMES[code];
  return names && stored === names['zh-CN'] ? names[lang] : stored;
}

/**
 * The site name an installation starts with. Left as it is, the portal shows the product's name in
 * the reader's language; a name an operator gave is shown as written.
 */
export const DEFAULT_SITE_NAME = '大宗商品交易平台';
