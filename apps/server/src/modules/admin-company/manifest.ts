import { COMPANY_PERMISSION } from '@portal/contracts/admin-company';
import { localized as l } from '@portal/contracts/constants';
import { companyProfile } from './migrations/063-company-profile';
import { defineModule } from '../../platform/module';
import { createCompanyRepo } from './company.repo';
import { registerCompanyRoutes } from './company.routes';
import { createCompanyService } from './company.service';

/** The company user centre: its profile and its supplier list. */
export const adminCompanyModule = defineModule({
  name: 'admin-company',
  migrations: { '063-company-profile': companyProfile },
  title: l('企业中心', 'Company centre', '企業中心'),
  permissions: [
    { code: 'portal:view', title: l('访问门户', 'Use the portal', '存取入口網站') },
    {
      code: COMPANY_PERMISSION,
      title: l('维护本企业资料与供应商名单', "Edit the own company's profile and supplier list", '維護本企業資料與供應商名單'),
    },
  ],
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
