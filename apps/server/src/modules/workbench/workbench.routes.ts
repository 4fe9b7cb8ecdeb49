import type { FastifyInstance } from 'fastify';
import { workbenchEndpoints as ep } from '@portal/contracts/workbench';
import { registerEndpoint, type AccessDeps } from '../../platform/http';
import type { WorkbenchService } from './workbench.service';

/** The workbench's three views, one call each. */
export function registerWorkbenchRoutes(app: FastifyInstance, d: { access: AccessDeps; workbench: WorkbenchService }): void {
  registerEndpoint(app, d.access, ep.buyer, async ({ session }) => d.workbench.buyer(session.userId));
  registerEndpoint(app, d.access, ep.supplier, async ({ session }) => d.workbench.supplier(session.userId));
  registerEndpoint(app, d.access, ep.operator, async () => d.workbench.operator());
}
