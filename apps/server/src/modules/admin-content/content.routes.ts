import type { FastifyInstance } from 'fastify';
import {
  agreementsResource,
  articlesResource,
  bannersResource,
  enterprisesResource,
  friendLinksResource,
  marketsResource,
  newsTypesResource,
  priceIndicesResource,
  recommendedShopsResource,
  shopOptionsEndpoint,
  sitePageEndpoints,
  UPLOAD_BODY_LIMIT,
  uploadEndpoints,
  varietiesResource,
} from '@portal/contracts/admin-content';
import { registerEndpoint, type AccessDeps } from '../../platform/http';
import { actorOf, registerResource } from '../../platform/resource';
import type { ContentAdminServices } from './content.service';
import type { UploadService } from './upload.service';

/** Content management: the portal's content, its trading reference data, and image uploads. */
export function registerContentAdminRoutes(
  app: FastifyInstance,
  d: { access: AccessDeps; content: ContentAdminServices; uploads: UploadService },
): void {
  const { access, content: c } = d;
  registerResource(app, access, newsTypesResource, c.newsTypes);
  registerResource(app, access, articlesResource, c.articles);
  registerResource(app, access, bannersResource, c.banners);
  registerResource(app, access, friendLinksResource, c.friendLinks);
  registerResource(app, access, enterprisesResource, c.enterprises);
  registerResource(app, access, priceIndicesResource, c.priceIndices);
  registerResource(app, access, agreementsResource, c.agreements);
  registerResource(app, access, recommendedShopsResource, c.recommendedShops);
  registerResource(app, access, varietiesResource, c.varieties);
  registerResource(app, access, marketsResource, c.markets);
  registerEndpoint(app, access, shopOptionsEndpoint, async () => c.shopOptions());

  registerEndpoint(app, access, sitePageEndpoints.get, async () => c.pages.read());
  registerEndpoint(app, access, sitePageEndpoints.saveAboutUs, async ({ body, session, request }) =>
    c.pages.saveAboutUs(body, actorOf(session, request.ip)),
  );
  registerEndpoint(app, access, sitePageEndpoints.saveFooter, async ({ body, session, request }) =>
    c.pages.saveFooter(body, actorOf(session, request.ip)),
  );
  registerEndpoint(app, access, sitePageEndpoints.savePageConfig, async ({ body, session, request }) =>
    c.pages.savePageConfig(body, actorOf(session, request.ip)),
  );

  registerEndpoint(
    app,
    access,
    uploadEndpoints.upload,
    async ({ body, session, request }) => d.uploads.upload(body, actorOf(session, request.ip)),
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
    },
  );
}
