import { localized as l } from '@portal/contracts/constants';
import { PRICE_INDEX_PERMISSION } from '@portal/contracts/price-index';
import { defineModule } from '../../platform/module';
import { priceIndexTable } from './migrations/320-price-index';
import { priceIndexMenus } from './migrations/321-price-index-menus';
import { createPriceIndexRepo } from './price-index.repo';
import { registerPriceIndexRoutes } from './price-index.routes';
import { createPriceIndexService, type PriceIndexService } from './price-index.service';
import { createPublishing, PRICE_INDEX_JOB } from './publish';

declare module '../../platform/module' {
  interface ProvidedServices {
    priceIndex: PriceIndexService;
  }
}

/** How often a server checks that the next day's publication is scheduled (it always is, unless a day was given up). */
const CHAIN_CHECK_MS = 3_600_000;

/** The price index made from deals: published once a day by the scheduler, read by the portal, the price pages and other systems. */
export const priceIndexModule = defineModule({
  name: 'price-index',
  migrations: { '320-price-index': priceIndexTable, '321-price-index-menus': priceIndexMenus },
  title: l('成交价格指数', 'Deal price index', '成交價格指數'),
  permissions: [
    { code: PRICE_INDEX_PERMISSION, title: l('注释或暂停发布指数值', 'Annotate or withhold index values', '註釋或暫停發布指數值') },
  ],
  menus: ['data-price-index-publications'],
  services(ctx) {
    const repo = createPriceIndexRepo(ctx.db);
    const publishing = createPublishing({ repo, writes: ctx.writes, scheduler: ctx.scheduler, now: ctx.now });
    const cms = ctx.need('cms');
    return createPriceIndexService({ repo, writes: ctx.writes, publishing, typedIndices: () => cms.priceIndices(), now: ctx.now });
  },
  provides: (priceIndex) => ({ priceIndex }),
  jobs: (index) => ({ [PRICE_INDEX_JOB]: (trx, job, emit) => index.runJob(trx, job.key, emit) }),
  routes: (app, index, ctx) => registerPriceIndexRoutes(app, { access: ctx.need('access'), index }),
  listeners(index, ctx) {
    ctx.periodic.every('price-index-schedule', CHAIN_CHECK_MS, async () => {
      await index.ensureScheduled();
    });
  },
});
