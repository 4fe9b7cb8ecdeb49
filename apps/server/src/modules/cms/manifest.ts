import { cms as cmsMigration } from './migrations/003-cms';
import { articleCovers } from './migrations/062-article-covers';
import { newsTypes } from './migrations/102-news-types';
import { defineModule } from '../../platform/module';
import { createCmsRepo } from './cms.repo';
import { registerCmsRoutes } from './cms.routes';
import { createCmsService, type CmsService } from './cms.service';

declare module '../../platform/module' {
  interface ProvidedServices {
    cms: CmsService;
  }
}

/** The portal's public content: news, banners, links, site pages. */
export const cmsModule = defineModule({
  name: 'cms',
  migrations: { '003-cms': cmsMigration, '062-article-covers': articleCovers, '102-news-types': newsTypes },
  services: ({ db, now }) => createCmsService({ repo: createCmsRepo(db), now }),
  provides: (cms) => ({ cms }),
  routes: (app, cms, ctx) => registerCmsRoutes(app, { access: ctx.need('access'), cms }),
});
