import type { FastifyInstance } from 'fastify';
import { supplierRelationEndpoints as ep } from '@portal/contracts/supplier-relations';
import { registerEndpoint, type AccessDeps } from '../../platform/http';
import type { SupplierRelationsService } from './supplier-relations.service';

/** The supplier list under /purchase/ws/purCustomerRelation. */
export function registerSupplierRelationsRoutes(
  app: FastifyInstance,
  d: { access: AccessDeps; suppliers: SupplierRelationsService },
): void {
  const s = d.suppliers;
  registerEndpoint(app, d.access, ep.page, async ({ body, session }) => s.page(session.userId, body.pageNo, body.pageSize));
  registerEndpoint(app, d.access, ep.add, async ({ body, session }) => s.add(session.userId, body));
  registerEndpoint(app, d.access, ep.remark, async ({ body, session }) =>
    s.remark(session.userId, Number(body.supplierUserId), body.remark),
  );
  registerEndpoint(app, d.access, ep.remove, async ({ body, session }) => s.remove(session.userId, Number(body.supplierUserId)));
  registerEndpoint(app, d.access, ep.apply, async ({ body, session }) => s.apply(session.userId, Number(body.buyerUserId), body.remark));
  registerEndpoint(app, d.access, ep.decide, async ({ body, session }) =>
    s.decide(session.userId, Number(body.applicationId), body.accept),
  );
  registerEndpoint(app, d.access, ep.applications, async ({ body, session }) => s.applications({ buyerUserId: session.userId }, body));
  registerEndpoint(app, d.access, ep.myApplications, async ({ body, session }) => s.applications({ supplierUserId: session.userId }, body));
}
