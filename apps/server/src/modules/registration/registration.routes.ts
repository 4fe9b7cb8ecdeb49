import type { FastifyInstance } from 'fastify';
import { registrationEndpoints as ep } from '@portal/contracts/registration';
import { registerEndpoint, type AccessDeps } from '../../platform/http';
import type { RegistrationService } from './registration.service';

/** Company self-registration and password reset. */
export function registerRegistrationRoutes(app: FastifyInstance, d: { access: AccessDeps; registration: RegistrationService }): void {
  const r = d.registration;
  registerEndpoint(app, d.access, ep.isAccountExisted, async ({ body, request }) => r.accountExists(body.user_account, request.ip));
  registerEndpoint(app, d.access, ep.getMobileByAccount, async ({ body, request }) => r.mobileOf(body.userAccount, request.ip));
  registerEndpoint(app, d.access, ep.agreements, async () => r.agreements());
  registerEndpoint(app, d.access, ep.sendRegCode, async ({ body, request, lang }) => r.sendRegisterCode(body, request.ip, lang));
  registerEndpoint(app, d.access, ep.sendForgetSmsCode, async ({ body, request, lang }) => r.sendResetCode(body, request.ip, lang));
  registerEndpoint(app, d.access, ep.quickReg, async ({ body, lang }) => r.register(body, lang));
  registerEndpoint(app, d.access, ep.forgetResetPwd, async ({ body, request, lang }) => r.resetPassword(body, request.ip, lang));
}
