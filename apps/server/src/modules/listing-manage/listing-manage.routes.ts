import type { FastifyInstance } from 'fastify';
import { listingManageEndpoints as ep } from '@portal/contracts/listing-manage';
import { registerEndpoint, type AccessDeps } from '../../platform/http';
import type { ListingManageService } from './listing-manage.service';

/** A supplier's own listings and the operator's review queue under /listing/ws/listing. */
export function registerListingManageRoutes(app: FastifyInstance, d: { access: AccessDeps; listings: ListingManageService }): void {
  const l = d.listings;
  registerEndpoint(app, d.access, ep.myPage, async ({ body, session }) => l.myPage(session.userId, body));
  registerEndpoint(app, d.access, ep.myDetail, async ({ body, session }) => l.myDetail(session.userId, Number(body.id)));
  registerEndpoint(app, d.access, ep.save, async ({ body, session }) => l.save(session.userId, body));
  registerEndpoint(app, d.access, ep.submit, async ({ body, session }) => l.submit(session.userId, Number(body.id)));
  registerEndpoint(app, d.access, ep.withdraw, async ({ body, session }) => l.withdraw(session.userId, Number(body.id)));
  registerEndpoint(app, d.access, ep.reviewPage, async ({ body }) => l.reviewPage(body));
  registerEndpoint(app, d.access, ep.reviewDetail, async ({ body }) => l.reviewDetail(Number(body.id)));
  registerEndpoint(app, d.access, ep.review, async ({ body, session }) => l.review(session.userId, body));
  registerEndpoint(app, d.access, ep.suspend, async ({ body, session }) => l.suspend(session.userId, body));
  registerEndpoint(app, d.access, ep.reinstate, async ({ body, session }) => l.reinstate(session.userId, body));
}
