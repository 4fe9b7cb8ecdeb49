import { defineModule } from '../../platform/module';
import { createCmsRepo } from '../cms';
import { createFilesRepo } from '../files';
import { createArticlesAdminRepo, createNewsTypesAdminRepo } from './articles.repo';
import { registerContentAdminRoutes } from './content.routes';
import { createContentAdminServices } from './content.service';
import {
  createAgreementsAdminRepo,
  createBannersAdminRepo,
  createEnterprisesAdminRepo,
  createFriendLinksAdminRepo,
  createPriceIndicesAdminRepo,
} from './site.repo';
import { createMarketsAdminRepo, createRecommendedShopsRepo, createTradingLookups, createVarietiesAdminRepo } from './trading-data.repo';
import { createUploadService } from './upload.service';

/** Content management: the portal's content, its trading reference data, and image uploads. */
export const adminContentModule = defineModule({
  name: 'admin-content',
  permissions: ['content:view', 'content:edit', 'file:upload'],
  settings: ['UPLOAD_QUOTA_MB_PER_COMPANY'],
  services: ({ db, writes, now, settings, need }) => ({
    content: createContentAdminServices({
      db,
      writes,
      cms: need('cms'),
      repos: {
        newsTypes: createNewsTypesAdminRepo,
        articles: (on) => createArticlesAdminRepo(on, now),
        banners: createBannersAdminRepo,
        friendLinks: createFriendLinksAdminRepo,
        enterprises: (on) => createEnterprisesAdminRepo(on, now),
        priceIndices: createPriceIndicesAdminRepo,
        agreements: (on) => createAgreementsAdminRepo(on, now),
        recommendedShops: createRecommendedShopsRepo,
        varieties: createVarietiesAdminRepo,
        markets: createMarketsAdminRepo,
        tradingLookups: createTradingLookups,
        sitePages: createCmsRepo(db),
      },
    }),
    uploads: createUploadService({
      writes,
      files: createFilesRepo,
      now,
      quotaBytes: settings.UPLOAD_QUOTA_MB_PER_COMPANY * 1024 * 1024,
    }),
  }),
  routes: (app, { content, uploads }, ctx) => registerContentAdminRoutes(app, { access: ctx.need('access'), content, uploads }),
});
