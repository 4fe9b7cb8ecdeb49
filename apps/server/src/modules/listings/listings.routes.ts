import type { FastifyInstance } from 'fastify';
import { listingEndpoints as ep } from '@portal/contracts/listings';
import { registerEndpoint, type AccessDeps } from '../../platform/http';
import type { ListingsService } from './listings.service';

/** The listing market and product detail under /listing. */
export function registerListingsRoutes(app: FastifyInstance, d: { access: AccessDeps; listings: ListingsService }): void {
  registerEndpoint(app, d.access, ep.portalSalePage, async ({ body }) => d.listings.search(body));
  registerEndpoint(app, d.access, ep.portalListingDetail, async ({ body }) => d.listings.detail(body.tradeListingCode));
}
