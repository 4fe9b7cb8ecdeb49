import type { FastifyInstance } from 'fastify';
import { commtradeEndpoints as ep } from '@portal/contracts/commtrade';
import { registerEndpoint, type AccessDeps } from '../../platform/http';
import type { CommtradeService } from './commtrade.service';

/** Reference data of the trading portal under /commtrade. */
export function registerCommtradeRoutes(app: FastifyInstance, d: { access: AccessDeps; commtrade: CommtradeService }): void {
  registerEndpoint(app, d.access, ep.queryMarketListByModeForCms, async ({ body }) => d.commtrade.marketsByMode(body.objMode));
  registerEndpoint(app, d.access, ep.portalQueryVarietyTree, async () => d.commtrade.varietyTree());
  registerEndpoint(app, d.access, ep.queryListingMoneyTypeList, async () => d.commtrade.moneyTypes());
  registerEndpoint(app, d.access, ep.queryEnumValues, async ({ body, lang }) => d.commtrade.enumValues(body.className, lang));
  registerEndpoint(app, d.access, ep.getRecommend, async () => d.commtrade.recommendedShops());
  registerEndpoint(app, d.access, ep.portalShopDetail, async ({ body }) => d.commtrade.shopDetail(Number(body.userId)));
}
