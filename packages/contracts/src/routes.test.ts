import { describe, expect, it } from 'vitest';
import { accountEndpoints, mobileChangeEndpoints } from './account';
import { auctionEndpoints } from './auctions';
import { auctionTradeEndpoints } from './auction-trade';
import { cmsEndpoints } from './cms';
import { commtradeEndpoints } from './commtrade';
import { contractEndpoints } from './contracts';
import { depositEndpoints } from './deposits';
import type { Endpoint, Route } from './endpoint';
import { listingEndpoints } from './listings';
import { listingManageEndpoints } from './listing-manage';
import { orderEndpoints } from './orders';
import { supplierRelationEndpoints } from './supplier-relations';
import { menuEndpoints } from './menus';
import { registrationEndpoints } from './registration';
import { tenderEndpoints } from './tenders';
import { tenderTradeEndpoints } from './tender-trade';
import { accountRoutes, mobileChangeRoutes } from './routes/account';
import { auctionRoutes } from './routes/auctions';
import { auctionTradeRoutes } from './routes/auction-trade';
import { cmsRoutes } from './routes/cms';
import { commtradeRoutes } from './routes/commtrade';
import { contractRoutes } from './routes/contracts';
import { depositRoutes } from './routes/deposits';
import { listingRoutes } from './routes/listings';
import { listingManageRoutes } from './routes/listing-manage';
import { orderRoutes } from './routes/orders';
import { supplierRelationRoutes } from './routes/supplier-relations';
import { menuRoutes } from './routes/menus';
import { registrationRoutes } from './routes/registration';
import { tenderRoutes } from './routes/tenders';
import { tenderTradeRoutes } from './routes/tender-trade';
import { userRoutes } from './routes/user';
import { userEndpoints } from './user';
import { messageEndpoints } from './messages';
import { messageRoutes } from './routes/messages';
import { systemStatusRoutes } from './routes/system-status';
import { systemStatusEndpoints } from './system-status';
import { workbenchRoutes } from './routes/workbench';
import { workbenchEndpoints } from './workbench';
import { priceIndexEndpoints } from './price-index';
import { priceIndexRoutes } from './routes/price-index';

/** Each route table beside the endpoint table it stands for. */
const PAIRS: [string, Record<string, Route>, Record<string, Endpoint>][] = [
  ['accountRoutes', accountRoutes, accountEndpoints],
  ['mobileChangeRoutes', mobileChangeRoutes, mobileChangeEndpoints],
  ['userRoutes', userRoutes, userEndpoints],
  ['messageRoutes', messageRoutes, messageEndpoints],
  ['registrationRoutes', registrationRoutes, registrationEndpoints],
  ['menuRoutes', menuRoutes, menuEndpoints],
  ['cmsRoutes', cmsRoutes, cmsEndpoints],
  ['listingRoutes', listingRoutes, listingEndpoints],
  ['commtradeRoutes', commtradeRoutes, commtradeEndpoints],
  ['tenderRoutes', tenderRoutes, tenderEndpoints],
  ['auctionRoutes', auctionRoutes, auctionEndpoints],
  ['auctionTradeRoutes', auctionTradeRoutes, auctionTradeEndpoints],
  ['listingManageRoutes', listingManageRoutes, listingManageEndpoints],
  ['orderRoutes', orderRoutes, orderEndpoints],
  ['supplierRelationRoutes', supplierRelationRoutes, supplierRelationEndpoints],
  ['depositRoutes', depositRoutes, depositEndpoints],
  ['contractRoutes', contractRoutes, contractEndpoints],
  ['tenderTradeRoutes', tenderTradeRoutes, tenderTradeEndpoints],
  ['systemStatusRoutes', systemStatusRoutes, systemStatusEndpoints],
  ['workbenchRoutes', workbenchRoutes, workbenchEndpoints],
  ['priceIndexRoutes', priceIndexRoutes, priceIndexEndpoints],
];

describe('the browser route tables', () => {
  it.each(PAIRS)('%s names the method and path the server registers', (_name, table, endpoints) => {
    for (const [key, route] of Object.entries(table)) {
      const endpoint = endpoints[key];
      expect(endpoint, key).toBeDefined();
      expect({ method: route.method, path: route.path }, key).toEqual({ method: endpoint!.method, path: endpoint!.path });
    }
  });
});
