import type { FastifyInstance } from 'fastify';
import { tenderTradeEndpoints as ep } from '@portal/contracts/tender-trade';
import { registerEndpoint, type AccessDeps } from '../../platform/http';
import type { TenderBidsService } from './bids';
import type { TenderTradeService } from './tender-trade.service';

/** The buyer's tenders, the operator's review and the suppliers' sealed bids under /purchase/ws. */
export function registerTenderTradeRoutes(
  app: FastifyInstance,
  d: { access: AccessDeps; tenders: TenderTradeService; bids: TenderBidsService },
): void {
  const t = d.tenders;
  const b = d.bids;
  registerEndpoint(app, d.access, ep.save, async ({ body, session }) => t.save(session.userId, body));
  registerEndpoint(app, d.access, ep.publish, async ({ body, session }) => t.publish(session.userId, Number(body.id)));
  registerEndpoint(app, d.access, ep.cancel, async ({ body, session }) => t.cancel(session.userId, Number(body.id), body.reason));
  registerEndpoint(app, d.access, ep.myPage, async ({ body, session }) => t.myPage(session.userId, body));
  registerEndpoint(app, d.access, ep.detail, async ({ body, session }) => t.detail(session.userId, Number(body.id)));
  registerEndpoint(app, d.access, ep.bids, async ({ body, session }) => t.bids(session.userId, Number(body.id)));
  registerEndpoint(app, d.access, ep.evaluate, async ({ body, session }) => t.evaluate(session.userId, body));
  registerEndpoint(app, d.access, ep.negotiate, async ({ body, session }) => t.negotiate(session.userId, body));
  registerEndpoint(app, d.access, ep.award, async ({ body, session }) => t.award(session.userId, body));
  registerEndpoint(app, d.access, ep.reviewPage, async ({ body }) => t.reviewPage(body));
  registerEndpoint(app, d.access, ep.review, async ({ body, session }) => t.review(session.userId, body));
  registerEndpoint(app, d.access, ep.bidSave, async ({ body, session }) => b.bidSave(session.userId, body));
  registerEndpoint(app, d.access, ep.bidWithdraw, async ({ body, session }) => b.bidWithdraw(session.userId, Number(body.tenderId)));
  registerEndpoint(app, d.access, ep.bidMine, async ({ body, session }) => b.bidMine(session.userId, Number(body.tenderId)));
  registerEndpoint(app, d.access, ep.bidMyPage, async ({ body, session }) => b.bidMyPage(session.userId, body));
  registerEndpoint(app, d.access, ep.bidAnswer, async ({ body, session }) => b.bidAnswer(session.userId, body));
}
