import type { FastifyInstance } from 'fastify';
import { cmsEndpoints as ep } from '@portal/contracts/cms';
import { registerEndpoint, type AccessDeps } from '../../platform/http';
import type { CmsService } from './cms.service';

/** The portal's content under /cms: news, banners, enterprises, price indices, pages. */
export function registerCmsRoutes(app: FastifyInstance, d: { access: AccessDeps; cms: CmsService }): void {
  const { access, cms } = d;
  registerEndpoint(app, access, ep.newsTypes, async () => cms.newsTypes());
  registerEndpoint(app, access, ep.searchArticles, async ({ body }) => cms.searchArticles(body));
  registerEndpoint(app, access, ep.getArticle, async ({ query }) => cms.getArticle(Number(query.news_id)));
  registerEndpoint(app, access, ep.pageConfig, async () => cms.pageConfig());
  registerEndpoint(app, access, ep.footer, async () => cms.footer());
  registerEndpoint(app, access, ep.banners, async ({ body }) => cms.banners(body.ad_position_code));
  // ep.priceIndices is answered by the price-index module (the index from deals, these besides).
  registerEndpoint(app, access, ep.enterprises, async ({ query }) => cms.enterprises(query));
  registerEndpoint(app, access, ep.getEnterprise, async ({ body }) => cms.getEnterprise(Number(body.id)));
  registerEndpoint(app, access, ep.aboutUs, async () => cms.aboutUs());
  registerEndpoint(app, access, ep.friendLinks, async () => cms.friendLinks());
}
