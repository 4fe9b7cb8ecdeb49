import { LISTING_REPORT_PERMISSION } from '@portal/contracts/listing-report';
import { localized as l } from '@portal/contracts/constants';
import { defineModule } from '../../platform/module';
import { createListingReportRepo } from './listing-report.repo';
import { registerListingReportRoutes } from './listing-report.routes';
import { createListingReportService } from './listing-report.service';
import { listingStatesReport } from './migrations/103-listing-states-report';

/** The operators' report of listings by state per company. */
export const listingReportModule = defineModule({
  name: 'listing-report',
  migrations: { '103-listing-states-report': listingStatesReport },
  title: l('运营报表', 'Reports', '營運報表'),
  permissions: [{ code: LISTING_REPORT_PERMISSION, title: l('查看挂牌状态报表', 'View the listing states report', '檢視掛牌狀態報表') }],
  menus: ['operator-reports', 'operator-reports-listing-states'],
  services: ({ db }) => createListingReportService({ repo: createListingReportRepo(db) }),
  routes: (app, report, ctx) => registerListingReportRoutes(app, { access: ctx.need('access'), report }),
});
