import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CONTRACT_VERIFY_BODY_LIMIT, contractEndpoints as ep } from '@portal/contracts/contracts';
import { AppError } from '../../platform/errors';
import { registerEndpoint, type AccessDeps } from '../../platform/http';
import type { ContractsService, RequestOrigin } from './contracts.service';
import type { TemplatesService } from './templates.service';

/** A PDF runs no script and may be shown in the portal's own frame (the signing page). */
const PDF_POLICY = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'";

const originOf = (request: FastifyRequest): RequestOrigin => ({
  ip: request.ip,
  userAgent: String(request.headers['user-agent'] ?? '').slice(0, 300),
});

/**
 * The PDF endpoints answer the file itself, so they are registered directly; who may read it is
 * checked as registerEndpoint checks it (session, then permission), before the query is looked at.
 */
function registerPdf(
  app: FastifyInstance,
  access: AccessDeps,
  endpoint: typeof ep.pdf | typeof ep.adminPdf,
  read: (userId: number, contractNo: string, request: FastifyRequest) => Promise<{ bytes: Uint8Array; name: string }>,
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    schema: { summary: endpoint.summary, querystring: endpoint.query },
    onRequest: async (request) => {
      const session = request.session;
      if (!session) throw new AppError(request.sessionError ?? 'PLEASE_LOGIN');
      if (session.locked) throw new AppError('SCREEN_LOCKED');
      if (!(await access.permissionsOf(session.userId)).has(endpoint.access.permission)) throw new AppError('NO_PERMISSION');
    },
    handler: async (request, reply: FastifyReply) => {
      const file = await read(request.session!.userId, request.query.contractNo, request);
      return reply
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', PDF_POLICY)
        .header('x-frame-options', 'SAMEORIGIN')
        .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.name)}`)
        .type('application/pdf')
        .send(Buffer.from(file.bytes));
    },
  });
}

/** Contracts under /commtrade/ws/contract: the parties' list, detail, signing; the operators' pages; the public check. */
export function registerContractsRoutes(
  app: FastifyInstance,
  d: { access: AccessDeps; contracts: ContractsService; templates: TemplatesService },
): void {
  const { access, contracts: s, templates: t } = d;
  registerEndpoint(app, access, ep.page, async ({ body, session }) => s.page(session.userId, body));
  registerEndpoint(app, access, ep.detail, async ({ body, session }) => s.detail(session.userId, body.contractNo));
  registerEndpoint(app, access, ep.ofOrder, async ({ body, session }) => s.ofOrder(session.userId, body.orderNo));
  registerEndpoint(app, access, ep.sendCode, async ({ body, session, request, lang }) =>
    s.sendCode(session.userId, body.contractNo, originOf(request), lang),
  );
  registerEndpoint(app, access, ep.sign, async ({ body, session, request }) => {
    await s.sign(session.userId, body, originOf(request));
    return s.detail(session.userId, body.contractNo);
  });
  registerEndpoint(app, access, ep.decline, async ({ body, session, request }) => {
    await s.decline(session.userId, body, originOf(request));
    return s.detail(session.userId, body.contractNo);
  });
  registerPdf(app, access, ep.pdf, (userId, no, request) => s.pdf(userId, no, originOf(request), false));
  registerPdf(app, access, ep.adminPdf, (userId, no, request) => s.pdf(userId, no, originOf(request), true));
  registerEndpoint(app, access, ep.adminPage, async ({ body }) => s.adminPage(body));
  registerEndpoint(app, access, ep.adminDetail, async ({ body }) => s.adminDetail(body.contractNo));
  registerEndpoint(app, access, ep.templatePage, async ({ body }) => t.page(body));
  registerEndpoint(app, access, ep.templateDetail, async ({ body }) => t.detail(body.templateId));
  registerEndpoint(app, access, ep.templateCreate, async ({ body, session }) => t.create(session.userId, body));
  registerEndpoint(app, access, ep.templateVersion, async ({ body, session }) => t.newVersion(session.userId, body));
  registerEndpoint(app, access, ep.templateActivate, async ({ body, session }) => t.activate(session.userId, body.templateId));
  registerEndpoint(app, access, ep.settingList, async () => t.settingList());
  registerEndpoint(app, access, ep.settingSave, async ({ body, session }) => t.settingSave(session.userId, body));
  registerEndpoint(app, access, ep.verify, async ({ body }) => s.verify(body.data), { bodyLimit: CONTRACT_VERIFY_BODY_LIMIT });
}
