import type { FastifyInstance } from 'fastify';
import { tenderEndpoints as ep } from '@portal/contracts/tenders';
import { registerEndpoint, type AccessDeps } from '../../platform/http';
import type { TendersService } from './tenders.service';

/** The tender hall under /purchase. */
export function registerTendersRoutes(app: FastifyInstance, d: { access: AccessDeps; tenders: TendersService }): void {
  registerEndpoint(app, d.access, ep.biddingPageForCommon, async ({ body }) => d.tenders.searchPublic(body));
  registerEndpoint(app, d.access, ep.biddingPage, async ({ body, session }) => d.tenders.searchForSupplier(body, session.userId));
  registerEndpoint(app, d.access, ep.checkRelation, async ({ body, session }) =>
    d.tenders.checkRelation(session.userId, Number(body.buyerUserId), Number(body.currUserNo)),
  );
  registerEndpoint(app, d.access, ep.tenderDetailForCommon, async ({ body }) => d.tenders.detail(Number(body.id)));
}
