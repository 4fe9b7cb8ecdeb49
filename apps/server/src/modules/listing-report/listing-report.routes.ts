import type { FastifyInstance } from 'fastify';
import { listingReportListing } from '@portal/contracts/listing-report';
import { registerEndpoint, type AccessDeps } from '../../platform/http';
import type { ListingReportService } from './listing-report.service';

export function registerListingReportRoutes(app: FastifyInstance, d: { access: AccessDeps; report: ListingReportService }): void {
  registerEndpoint(app, d.access, listingReportListing.endpoints.list, async ({ body }) => d.report.statesByCompany(body));
}
