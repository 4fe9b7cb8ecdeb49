import type { FastifyInstance } from 'fastify';
import { companyEndpoints as ep, suppliersResource } from '@portal/contracts/admin-company';
import { AppError } from '../../platform/errors';
import { registerEndpoint, type AccessDeps } from '../../platform/http';
import { actorOf } from '../../platform/resource';
import type { CompanyService } from './company.service';

/** The company user centre: the own company's profile and the supplier list. */
export function registerCompanyRoutes(
  app: FastifyInstance,
  d: {
    access: AccessDeps;
    company: CompanyService;
    /** Changes the buyer's note on one of its suppliers (the supplier list's own rule and log). */
    setSupplierRemark: (buyerUserId: number, supplierUserId: number, remark: string) => Promise<unknown>;
  },
): void {
  const { access, company, setSupplierRemark } = d;
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
  registerEndpoint(app, access, suppliers.update, async ({ body, session }) => {
    // Another buyer's relation, or an id that is no supplier of the caller, is not found.
    if (!/^\d{1,12}$/.test(body.id)) throw new AppError('NOT_FOUND');
    // The contract's update schema holds the remark; the resource's generic body type names only the id.
    const { remark } = body as typeof body & { remark: string };
    await setSupplierRemark(session.userId, Number(body.id), remark);
    const [row] = (await company.suppliers(session, { supplierId: Number(body.id) }, 1, 1)).rows;
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  });
  registerEndpoint(app, access, suppliers.remove, async ({ body, session, request }) => {
    await company.removeSupplier(body.id, actorOf(session, request.ip));
    return null;
  });
}
