import type { FastifyInstance } from 'fastify';
import { depositEndpoints as ep } from '@portal/contracts/deposits';
import { registerEndpoint, type AccessDeps } from '../../platform/http';
import type { DepositsService } from './deposits.service';

/** Deposit accounts under /commtrade/ws/deposit: the company's own, and the operator's. */
export function registerDepositsRoutes(app: FastifyInstance, d: { access: AccessDeps; deposits: DepositsService }): void {
  registerEndpoint(app, d.access, ep.account, async ({ session }) => d.deposits.accounts(session.userId));
  registerEndpoint(app, d.access, ep.entries, async ({ body, session }) => d.deposits.entries(session.userId, body));
  registerEndpoint(app, d.access, ep.credit, async ({ body, session, request }) => d.deposits.credit(session.userId, body, request.ip));
  registerEndpoint(app, d.access, ep.debit, async ({ body, session, request }) => d.deposits.debit(session.userId, body, request.ip));
  registerEndpoint(app, d.access, ep.adminPage, async ({ body }) => d.deposits.adminPage(body));
  registerEndpoint(app, d.access, ep.adminEntries, async ({ body }) => d.deposits.adminEntries(body));
}
