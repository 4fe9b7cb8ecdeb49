import type { FastifyInstance } from 'fastify';
import { systemStatusEndpoints as ep } from '@portal/contracts/system-status';
import { registerEndpoint, type AccessDeps } from '../../platform/http';
import type { SystemStatusService } from './system-status.service';

export function registerSystemStatusRoutes(app: FastifyInstance, d: { access: AccessDeps; status: SystemStatusService }): void {
  registerEndpoint(app, d.access, ep.status, async () => d.status.status());
}
