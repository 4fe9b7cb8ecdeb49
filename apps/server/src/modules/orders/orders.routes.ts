import type { FastifyInstance } from 'fastify';
import { orderEndpoints as ep } from '@portal/contracts/orders';
import { ORDER_ACTION_VALUES } from '@portal/contracts/trade-constants';
import { registerEndpoint, type AccessDeps } from '../../platform/http';
import type { Metrics } from '../../platform/metrics';
import type { OrdersService } from './orders.service';

/** Orders under /commtrade/ws/order: placing, the parties' lists and actions, the operator's watch. */
export function registerOrdersRoutes(app: FastifyInstance, d: { access: AccessDeps; orders: OrdersService; metrics: Metrics }): void {
  const o = d.orders;
  registerEndpoint(app, d.access, ep.place, async ({ body, session }) => o.place(session.userId, body), {
    onRefused: (key) => d.metrics.refused('order', key),
  });
  registerEndpoint(app, d.access, ep.buyPage, async ({ body, session }) => o.page(session.userId, 'buyer', body));
  registerEndpoint(app, d.access, ep.sellPage, async ({ body, session }) => o.page(session.userId, 'seller', body));
  registerEndpoint(app, d.access, ep.detail, async ({ body, session }) => o.detail(session.userId, body.orderNo));
  for (const action of ORDER_ACTION_VALUES) {
    registerEndpoint(app, d.access, ep[action], async ({ body, session }) => o.act(session.userId, action, body));
  }
  registerEndpoint(app, d.access, ep.adminPage, async ({ body }) => o.adminPage(body));
  registerEndpoint(app, d.access, ep.adminDetail, async ({ body }) => o.adminDetail(body.orderNo));
}
