import type { FastifyInstance } from 'fastify';
import { listingEndpoints as ep, type ListingPage } from '@portal/contracts/listings';
import { prewritten } from '../../platform/answer-writer';
import { registerEndpoint, type AccessDeps } from '../../platform/http';
import type { ListingCardPage, ListingsService } from './listings.service';

/** A page of the market written out: the cards' kept JSON as the database joined them, the rest beside them. */
function writePage({ cards, ...rest }: ListingCardPage): ListingPage {
  return prewritten<ListingPage>('{"items":[', cards ?? '', `],${JSON.stringify(rest).slice(1)}`);
}

/** The listing market and product detail under /listing. */
export function registerListingsRoutes(app: FastifyInstance, d: { access: AccessDeps; listings: ListingsService }): void {
  registerEndpoint(app, d.access, ep.portalSalePage, async ({ body }) => writePage(await d.listings.search(body)));
  registerEndpoint(app, d.access, ep.portalListingDetail, async ({ body }) => d.listings.detail(body.tradeListingCode));
}
