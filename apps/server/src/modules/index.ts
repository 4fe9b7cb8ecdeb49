import type { ServerModule } from '../platform/module';
import { adminCompanyModule } from './admin-company/manifest';
import { adminContentModule } from './admin-content/manifest';
import { adminSystemModule } from './admin-system/manifest';
import { auctionTradeModule } from './auction-trade/manifest';
import { auctionsModule } from './auctions/manifest';
import { authModule } from './auth/manifest';
import { cmsModule } from './cms/manifest';
import { contractsModule } from './contracts/manifest';
import { commtradeModule } from './commtrade/manifest';
import { depositsModule } from './deposits/manifest';
import { filesModule } from './files/manifest';
import { listingReportModule } from './listing-report/manifest';
import { listingManageModule } from './listing-manage/manifest';
import { listingsModule } from './listings/manifest';
import { menusModule } from './menus/manifest';
import { messagesModule } from './messages/manifest';
import { mobileChangeModule } from './mobile-change/manifest';
import { oplogModule } from './oplog/manifest';
import { ordersModule } from './orders/manifest';
import { priceIndexModule } from './price-index/manifest';
import { registrationModule } from './registration/manifest';
import { smsModule } from './sms/manifest';
import { supplierRelationsModule } from './supplier-relations/manifest';
import { systemStatusModule } from './system-status/manifest';
import { tenderTradeModule } from './tender-trade/manifest';
import { tendersModule } from './tenders/manifest';
import { userModule } from './user/manifest';
import { workbenchModule } from './workbench/manifest';

/**
 * The server's modules, one line each. A module may use the services of the modules above it
 * (`ctx.need`); app.ts builds them in this order, then registers every module's routes, jobs and
 * listeners. Adding a module is its folder and one line here.
 */
export const SERVER_MODULES: readonly ServerModule[] = [
  messagesModule,
  smsModule,
  authModule,
  registrationModule,
  mobileChangeModule,
  menusModule,
  userModule,
  cmsModule,
  filesModule,
  oplogModule,
  adminSystemModule,
  commtradeModule,
  listingsModule,
  auctionsModule,
  tendersModule,
  depositsModule,
  listingManageModule,
  ordersModule,
  contractsModule,
  supplierRelationsModule,
  tenderTradeModule,
  auctionTradeModule,
  adminContentModule,
  adminCompanyModule,
  listingReportModule,
  systemStatusModule,
  workbenchModule,
  priceIndexModule,
];
