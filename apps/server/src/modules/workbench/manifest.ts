import { localized as l } from '@portal/contracts/constants';
import { WORKBENCH_BUYER_PERMISSION, WORKBENCH_OPERATOR_PERMISSION, WORKBENCH_SUPPLIER_PERMISSION } from '@portal/contracts/workbench';
import { defineModule } from '../../platform/module';
import { createAuctionFigures } from '../auction-trade';
import { createDepositsRepo } from '../deposits';
import { createListingFigures } from '../listing-manage';
import { createOrderFigures, createOrdersRepo } from '../orders';
import { createSupplierFigures } from '../supplier-relations';
import { createTenderFigures } from '../tender-trade';
import { workbenchPage } from './migrations/340-workbench';
import { registerWorkbenchRoutes } from './workbench.routes';
import { createWorkbenchService } from './workbench.service';

/** The workbench: what a buyer, a supplier or an operator sees first, read from the trading modules' public reads. */
export const workbenchModule = defineModule({
  name: 'workbench',
  migrations: { '340-workbench': workbenchPage },
  title: l('工作台', 'Workbench', '工作台'),
  permissions: [
    { code: WORKBENCH_BUYER_PERMISSION, title: l('查看采购概况', 'View the purchasing overview', '檢視採購概況') },
    { code: WORKBENCH_SUPPLIER_PERMISSION, title: l('查看销售概况', 'View the sales overview', '檢視銷售概況') },
    { code: WORKBENCH_OPERATOR_PERMISSION, title: l('查看平台运营概况', 'View the platform overview', '檢視平台營運概況') },
  ],
  menus: ['workbench-overview'],
  services(ctx) {
    const orders = createOrdersRepo(ctx.db, ctx.dialect);
    const deposits = createDepositsRepo(ctx.db);
    return createWorkbenchService({
      now: ctx.now,
      orders: createOrderFigures(ctx.db),
      orderCounts: (side, companyId) => orders.counts(side, companyId),
      companyOf: async (userId) => (await deposits.companyOfUser(userId))?.companyId ?? null,
      deposits: (companyId) => deposits.accounts(companyId),
      auctions: createAuctionFigures(ctx.db),
      tenders: createTenderFigures(ctx.db),
      listings: createListingFigures(ctx.db),
      suppliers: createSupplierFigures(ctx.db),
    });
  },
  routes: (app, workbench, ctx) => registerWorkbenchRoutes(app, { access: ctx.need('access'), workbench }),
});
