import { localized as l } from '@portal/contracts/constants';
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
  title: l('内容管理', 'Content', '內容管理'),
  permissions: [
    { code: 'content:view', title: l('查看内容', 'View content', '檢視內容') },
    { code: 'content:edit', title: l('管理内容', 'Manage content', '管理內容') },
    { code: 'file:upload', title: l('上传图片和附件', 'Upload pictures and files', '上傳圖片和附件') },
  ],
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
