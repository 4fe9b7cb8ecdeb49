import type { FastifyInstance } from 'fastify';
import { auctionTradeEndpoints as ep } from '@portal/contracts/auction-trade';
import { registerEndpoint, type AccessDeps } from '../../platform/http';
import type { Metrics } from '../../platform/metrics';
import type { AuctionBiddingService } from './bidding';
import type { AuctionSpacesService } from './spaces';
import type { AuctionStreams } from './auction-stream';

/** Live auctions under /auction/ws: spaces and their review, registration, bids, the room, its stream and the result. */
export function registerAuctionTradeRoutes(
  app: FastifyInstance,
  d: { access: AccessDeps; spaces: AuctionSpacesService; bidding: AuctionBiddingService; streams: AuctionStreams; metrics: Metrics },
): void {
  const { spaces, bidding } = d;
  registerEndpoint(app, d.access, ep.save, async ({ body, session }) => spaces.save(session.userId, body));
  registerEndpoint(app, d.access, ep.submit, async ({ body, session }) => spaces.submit(session.userId, Number(body.spaceId)));
  registerEndpoint(app, d.access, ep.withdraw, async ({ body, session }) => spaces.withdraw(session.userId, Number(body.spaceId)));
  registerEndpoint(app, d.access, ep.myPage, async ({ body, session }) => spaces.myPage(session.userId, body));
  registerEndpoint(app, d.access, ep.myDetail, async ({ body, session }) => spaces.myDetail(session.userId, Number(body.spaceId)));
  registerEndpoint(app, d.access, ep.registeredPage, async ({ body, session }) => spaces.registeredPage(session.userId, body));
  registerEndpoint(app, d.access, ep.reviewPage, async ({ body }) => spaces.reviewPage(body));
  registerEndpoint(app, d.access, ep.reviewDetail, async ({ body }) => spaces.reviewDetail(Number(body.spaceId)));
  registerEndpoint(app, d.access, ep.review, async ({ body, session }) => spaces.review(session.userId, body));
  registerEndpoint(app, d.access, ep.suspend, async ({ body, session }) => spaces.suspend(session.userId, body));
  registerEndpoint(app, d.access, ep.resume, async ({ body, session }) => spaces.resume(session.userId, body));
  registerEndpoint(app, d.access, ep.adminWithdraw, async ({ body, session }) => spaces.adminWithdraw(session.userId, body));
  registerEndpoint(app, d.access, ep.register, async ({ body, session }) => spaces.register(session.userId, Number(body.spaceId)));
  registerEndpoint(app, d.access, ep.room, async ({ body, session }) => bidding.room(session?.userId ?? null, Number(body.spaceId)));
  registerEndpoint(app, d.access, ep.place, async ({ body, session }) => bidding.place(session.userId, body), {
    onRefused: (key) => d.metrics.refused('bid', key),
  });
  registerEndpoint(app, d.access, ep.result, async ({ body, session }) => bidding.result(session?.userId ?? null, Number(body.spaceId)));
  registerEndpoint(app, d.access, ep.decideReserve, async ({ body, session }) =>
    bidding.decideReserve(session.userId, Number(body.pieceId), body.accept),
  );
  d.streams.register(app);
}
