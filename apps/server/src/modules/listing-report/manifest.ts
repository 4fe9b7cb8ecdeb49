import { LISTING_REPORT_PERMISSION } from '@portal/contracts/listing-report';
import { defineModule } from '../../platform/module';
import { createListingReportRepo } from './listing-report.repo';
import { registerListingReportRoutes } from './listing-report.routes';
import { createListingReportService } from './listing-report.service';
import { listingStatesReport } from './migrations/103-listing-states-report';

/** The operators' report of listings by state per company. */
export const listingReportModule = defineModule({
  name: 'listing-report',
  migrations: { '103-listing-states-report': listingStatesReport },
  permissions: [LISTING_REPORT_PERMISSION],
  menus: ['operator-reports', 'operator-reports-listing-states'],
  services: ({ db }) => createListingReportService({ repo: createListingReportRepo(db) }),
  routes: (app, report, ctx) => registerListingReportRoutes(app, { access: ctx.need('access'), report }),
});
