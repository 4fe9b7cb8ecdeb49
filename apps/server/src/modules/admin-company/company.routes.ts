import type { FastifyInstance } from 'fastify';
import { companyEndpoints as ep, suppliersResource } from '@portal/contracts/admin-company';
import { registerEndpoint, type AccessDeps } from '../../platform/http';
import { actorOf } from '../../platform/resource';
import type { CompanyService } from './company.service';

/** The company user centre: the own company's profile and the supplier list. */
export function registerCompanyRoutes(app: FastifyInstance, d: { access: AccessDeps; company: CompanyService }): void {
  const { access, company } = d;
  const suppliers = suppliersResource.endpoints;
  registerEndpoint(app, access, ep.getProfile, async ({ body, session }) => company.getProfile(session.userId, body?.id));
  registerEndpoint(app, access, ep.saveProfile, async ({ body, session, request }) =>
    company.saveProfile(body, actorOf(session, request.ip)),
  );
  registerEndpoint(app, access, suppliers.list, async ({ body, session }) => {
    const { pageNo, pageSize, ...filters } = body;
    return company.suppliers(session, filters, pageNo, pageSize);
  });
  registerEndpoint(app, access, suppliers.create, async ({ body, session, request }) =>
    company.addSupplier(body, actorOf(session, request.ip)),
  );
  registerEndpoint(app, access, suppliers.remove, async ({ body, session, request }) => {
    await company.removeSupplier(body.id, actorOf(session, request.ip));
    return null;
  });
}
