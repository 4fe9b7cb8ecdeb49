import type { FastifyInstance } from 'fastify';
import { auctionEndpoints as ep } from '@portal/contracts/auctions';
import { registerEndpoint, type AccessDeps } from '../../platform/http';
import type { AuctionsService } from './auctions.service';

/** The auction centre under /auction. */
export function registerAuctionsRoutes(app: FastifyInstance, d: { access: AccessDeps; auctions: AuctionsService }): void {
  registerEndpoint(app, d.access, ep.buyerPageNoLogin, async ({ body }) => d.auctions.search(body));
  registerEndpoint(app, d.access, ep.spaceDetailNoLogin, async ({ body }) => d.auctions.detail(Number(body.spaceId)));
}
