import { LISTING_PERMISSION, REVIEW_PERMISSION } from '@portal/contracts/listing-manage';
import { localized as l } from '@portal/contracts/constants';
import { tradingMenus } from './migrations/101-trading-menus';
import { defineModule } from '../../platform/module';
import { createListingManageRepo } from './listing-manage.repo';
import { registerListingManageRoutes } from './listing-manage.routes';
import { createListingManageService, LISTING_EXPIRE_JOB } from './listing-manage.service';

/** A company's own listings and the operators' review; listings expire by a timed job. */
export const listingManageModule = defineModule({
  name: 'listing-manage',
  // The trading menus and permission codes (listings, orders, deposits, messages) arrived together.
  migrations: { '101-trading-menus': tradingMenus },
  title: l('挂牌', 'Listings', '掛牌'),
  permissions: [
    { code: LISTING_PERMISSION, title: l('管理本企业挂牌', "Manage the own company's listings", '管理本企業掛牌') },
    { code: REVIEW_PERMISSION, title: l('挂牌审核、暂停与恢复', 'Review, suspend and reinstate listings', '掛牌審核、暫停與恢復') },
  ],
  menus: ['trading', 'trading-admin', 'trading-listings'],
  services: (ctx) =>
    createListingManageService({
      repo: createListingManageRepo(ctx.db, ctx.dialect),
      writes: ctx.writes,
      scheduler: ctx.scheduler,
      notifyCompany: ctx.need('messages').notifyCompany,
      now: ctx.now,
    }),
  jobs: (listings) => ({ [LISTING_EXPIRE_JOB]: (trx, job, emit) => listings.expire(trx, job.key, job.runAt, emit) }),
  routes: (app, listings, ctx) => registerListingManageRoutes(app, { access: ctx.need('access'), listings }),
});
