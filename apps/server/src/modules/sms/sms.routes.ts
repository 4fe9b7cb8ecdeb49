import type { FastifyInstance } from 'fastify';
import { smsEndpoints as ep } from '@portal/contracts/sms';
import { registerEndpoint, type AccessDeps } from '../../platform/http';
import type { SmsService } from './sms.service';

/** The test hook that lists outbox messages; app.ts registers it only with TEST_HOOKS=on. */
export function registerSmsTestRoutes(app: FastifyInstance, d: { access: AccessDeps; sms: SmsService }): void {
  registerEndpoint(app, d.access, ep.smsOutbox, async ({ query }) => d.sms.outbox(query.mobile));
}
