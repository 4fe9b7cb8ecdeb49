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
