import type { commtradeEndpoints } from '../commtrade';
import { routeTable } from '../endpoint';

/** What the browser calls of `commtradeEndpoints`: method and path only (see `routeTable`). */
export const commtradeRoutes = routeTable<typeof commtradeEndpoints>()({
  queryMarketListByModeForCms: { method: 'POST', path: '/commtrade/ext/cb/queryMarketListByModeForCms' },
  portalQueryVarietyTree: { method: 'POST', path: '/commtrade/ws/variety/portalQueryVarietyTree' },
  queryListingMoneyTypeList: { method: 'POST', path: '/commtrade/comm/queryListingMoneyTypeList' },
  getRecommend: { method: 'POST', path: '/commtrade/ws/shop/getRecommend' },
  portalShopDetail: { method: 'POST', path: '/commtrade/ws/shop/portalShopDetail' },
});
