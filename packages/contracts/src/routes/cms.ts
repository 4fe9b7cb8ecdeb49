import type { cmsEndpoints } from '../cms';
import { routeTable } from '../endpoint';

/** What the browser calls of `cmsEndpoints`: method and path only (see `routeTable`). */
export const cmsRoutes = routeTable<typeof cmsEndpoints>()({
  newsTypes: { method: 'POST', path: '/cms/api/portal/cms/get_newstype_by_page' },
  searchArticles: { method: 'POST', path: '/cms/api/portal/cms/content/news/search' },
  getArticle: { method: 'GET', path: '/cms/api/portal/cms/content/news/get' },
  pageConfig: { method: 'GET', path: '/cms/api/portal/cms/sys/get_system_page_config' },
  footer: { method: 'GET', path: '/cms/api/portal/cms/content/page/footer/get' },
  banners: { method: 'POST', path: '/cms/api/portal/cms/site/query_by_site_position_code' },
  priceIndices: { method: 'GET', path: '/cms/admin/content/price_index/getPriceIndexList' },
  enterprises: { method: 'GET', path: '/cms/admin/content/enterprise_info/getEnterpriseInfoList' },
  getEnterprise: { method: 'POST', path: '/cms/admin/content/enterprise_info/get' },
  aboutUs: { method: 'POST', path: '/cms/api/portal/cms/content/about_us/get' },
  friendLinks: { method: 'POST', path: '/cms/api/portal/cms/content/friend_link/query' },
});
