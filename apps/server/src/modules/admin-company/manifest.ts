import { COMPANY_PERMISSION } from '@portal/contracts/admin-company';
import { companyProfile } from '../../db/migrations/063-company-profile';
import { defineModule } from '../../platform/module';
import { createCompanyRepo } from './company.repo';
import { registerCompanyRoutes } from './company.routes';
import { createCompanyService } from './company.service';

/** The company user centre: its profile and its supplier list. */
export const adminCompanyModule = defineModule({
  name: 'admin-company',
  migrations: { '063-company-profile': companyProfile },
  permissions: [COMPANY_PERMISSION],
  services: ({ db, writes, now }) => createCompanyService({ db, repo: createCompanyRepo, writes, now }),
  routes(app, company, ctx) {
    const suppliers = ctx.need('supplierRelations');
    registerCompanyRoutes(app, {
      access: ctx.need('access'),
      company,
      setSupplierRemark: (buyer, supplier, remark) => suppliers.remark(buyer, supplier, remark),
    });
  },
});
