/** The top bar's section links, in order. */
export const PORTAL_NAV = [
  { to: '/index', key: 'home' },
  { to: '/onListing', key: 'mall' },
  { to: '/auctionCenter', key: 'auction' },
  { to: '/biddingTender', key: 'tender' },
  { to: '/finance', key: 'finance' },
  { to: '/newsList', key: 'news' },
  { to: '/mainIndex', key: 'userCenter' },
] as const;
