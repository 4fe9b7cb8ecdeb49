import type { FastifyInstance } from 'fastify';
import { mobileChangeEndpoints as ep } from '@portal/contracts/account';
import { registerEndpoint, type AccessDeps } from '../../platform/http';
import type { MobileChangeService } from './mobile-change.service';

/** Change mobile: send the code to the new number, then change. */
export function registerMobileChangeRoutes(app: FastifyInstance, d: { access: AccessDeps; mobileChange: MobileChangeService }): void {
  registerEndpoint(app, d.access, ep.modifyMobileSend, async ({ session, body, request, lang }) =>
    d.mobileChange.sendCode(session, body, request.ip, lang),
  );
  registerEndpoint(app, d.access, ep.modifyMobile, async ({ session, body, lang }) => d.mobileChange.change(session, body, lang));
}
