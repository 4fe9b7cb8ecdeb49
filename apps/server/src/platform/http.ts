import { randomBytes } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError, type ZodTypeProvider } from 'fastify-type-provider-zod';
import pg from 'pg';
import type { z } from 'zod';
import type { Endpoint } from '@portal/contracts/endpoint';
import { envelopeOf, okEnvelope } from '@portal/contracts/envelope';
import { SESSION_HINT_COOKIE } from '@portal/contracts/session-codes';
import { ERRORS, type ErrorKey } from '@portal/contracts/errors';
import type { Lang } from '@portal/contracts/i18n';
import { VALIDATION_REASONS, reasonOf } from '@portal/contracts/validation-messages';
import { answerSerializerCompiler } from './answer-writer';
import { AppError } from './errors';
import { readerParams, type Reader } from '@portal/contracts/reader';
import { langOf, messageOf, readerOf } from './i18n';
import { isStoreUnavailable } from './outage';
import { sendCachedAnswer, type PublicCache } from './public-cache';
import { csrfOf, type SessionRecord, type Sessions } from './sessions';
import { inCall } from './transitions';

export const SESSION_COOKIE = 'portal_session';

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionRecord | null;
    /** Why the presented token did not give a session (absent: no token at all). */
    sessionError: ErrorKey | null;
    authVia: 'cookie' | 'header' | null;
  }
  interface FastifyInstance {
    /** Short-lived copies of the public answers every visitor gets alike (decision 160). */
    publicCache: PublicCache | null;
  }
}

export interface HandlerContext<E extends Endpoint> {
  body: E['body'] extends z.ZodType ? z.output<E['body']> : undefined;
  query: E['query'] extends z.ZodType ? z.output<E['query']> : undefined;
  request: FastifyRequest;
  reply: FastifyReply;
  lang: Lang;
  /** The caller's language and time zone, for texts that name times. */
  reader: Reader;
}
export interface SessionContext<E extends Endpoint> extends HandlerContext<E> {
  session: SessionRecord;
}
type Ctx<E extends Endpoint> = E['access'] extends 'public' ? HandlerContext<E> & { session: SessionRecord | null } : SessionContext<E>;

export interface EndpointOptions {
  /** Answer even while the session is locked (unlock, logout). */
  allowLocked?: boolean;
  /** A larger body limit than BODY_LIMIT_BYTES for this endpoint (file uploads). */
  bodyLimit?: number;
  /** Answer a session that must first change its default password (the change itself, own info). */
  allowDuringPasswordChange?: boolean;
  /** Hears the catalogue key of every refusal the handler gives (the metrics count some calls' refusals by reason). */
  onRefused?: (key: ErrorKey) => void;
}

export interface AccessDeps {
  permissionsOf(userId: number): Promise<Set<string>>;
}

/**
 * Registers one contract endpoint: schemas from the contract, access enforced before the handler,
 * the handler's value wrapped in the envelope and serialised by the answer schema (so no column the
 * contract does not name can leak).
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  deps: AccessDeps,
  endpoint: E,
  handler: (ctx: Ctx<E>) => Promise<z.input<E['answer']>>,
  options: EndpointOptions = {},
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const answer = envelopeOf(endpoint.answer);
  const cache = app.hasDecorator('publicCache') && app.publicCache?.covers(endpoint) ? app.publicCache : null;
  // The same serialisation Fastify applies to answers, for the bytes a cached answer keeps.
  const serialize = cache
    ? answerSerializerCompiler({ schema: answer, method: endpoint.method, url: endpoint.path, httpStatus: '200' })
    : null;
  for (const url of [endpoint.path, ...(endpoint.aliases ?? [])]) {
    typed.route({
      method: endpoint.method,
      url,
      ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
      schema: {
        summary: endpoint.summary,
        ...(endpoint.body ? { body: endpoint.body } : {}),
        ...(endpoint.query ? { querystring: endpoint.query } : {}),
        response: { 200: answer },
      },
      // A visitor repeating a request exactly as it came before is answered before validation.
      ...(cache && {
        preValidation: async (request: FastifyRequest, reply: FastifyReply) => {
          if (request.session) return;
          const kept = cache.byRaw(request, langOf(request));
          if (kept) return sendCachedAnswer(request, reply, kept);
        },
      }),
      // Who calls comes before what they sent: the session and the permission are checked as the
      // request arrives, so a caller without them is told so whatever the body holds (even none,
      // broken JSON or one over the size limit), and nothing of the body is read for them.
      onRequest: async (request) => {
        if (endpoint.access === 'public') return;
        const session = request.session;
        if (!session) throw new AppError(request.sessionError ?? 'PLEASE_LOGIN');
        if (session.locked && !options.allowLocked) throw new AppError('SCREEN_LOCKED');
        if (session.mustChangePassword && !options.allowDuringPasswordChange) throw new AppError('PASSWORD_CHANGE_REQUIRED');
        if (request.method !== 'GET' && request.authVia === 'cookie' && request.headers.csrfcheck !== session.csrf) {
          throw new AppError('REQUEST_TAMPERED');
        }
        if (typeof endpoint.access === 'object') {
          const granted = await deps.permissionsOf(session.userId);
          if (!granted.has(endpoint.access.permission)) throw new AppError('NO_PERMISSION');
        }
      },
      handler: async (request, reply) => {
        const lang = langOf(request);
        const ctx = {
          body: request.body,
          query: request.query,
          request,
          reply,
          lang,
          reader: readerOf(request),
          session: request.session,
        } as Ctx<E>;
        const { onRefused } = options;
        const run = onRefused
          ? () =>
              inCall(endpoint, () => handler(ctx)).catch((err: unknown) => {
                if (err instanceof AppError) onRefused(err.key);
                throw err;
              })
          : () => inCall(endpoint, () => handler(ctx));
        if (!cache || !serialize || request.session) return okEnvelope((await run()) ?? null);
        // Kept under the request as validated (defaults filled in), so spellings of one request share it.
        const key = `${endpoint.path} ${lang} ${JSON.stringify(request.body ?? null)} ${JSON.stringify(request.query ?? null)}`;
        const entry = await cache.answer(request, lang, key, async () => {
          const body = serialize(okEnvelope((await run()) ?? null));
          return typeof body === 'string' ? Buffer.from(body) : body;
        });
        return sendCachedAnswer(request, reply, entry);
      },
    });
  }
}

/**
 * Reads the token (header `token`, else the cookie) and resolves the session on every request. A
 * browser's hint cookie (SESSION_HINT_COOKIE) is put right on the answer when it disagrees with
 * what the request's session cookie gave: set for a live session, cleared for an ended or expired
 * one or none (a login or logout on the same answer sets it last).
 */
export function installSessionHook(app: FastifyInstance, sessions: Sessions, secure: 'auto' | 'on' | 'off'): void {
  app.decorateRequest('session', null);
  app.decorateRequest('sessionError', null);
  app.decorateRequest('authVia', null);
  app.addHook('onRequest', async (request, reply) => {
    const header = request.headers.token;
    const fromHeader = typeof header === 'string' && header.length > 0 && header.length <= 200 ? header : undefined;
    const fromCookie = request.cookies[SESSION_COOKIE];
    const token = fromHeader ?? fromCookie;
    if (request.url.startsWith('/assets/')) return;
    if (token) {
      const resolved = await sessions.resolve(token);
      if (resolved.ok) {
        request.session = resolved.session;
        request.authVia = fromHeader ? 'header' : 'cookie';
      } else {
        request.sessionError = resolved.error;
      }
    }
    // A client that sends its token in a header keeps no cookies of ours: its hint is left alone.
    if (fromHeader) return;
    const hinted = request.cookies[SESSION_HINT_COOKIE] === '1';
    if (hinted !== (request.session !== null)) setSessionHint(reply, request, request.session !== null, secure);
  });
  // Every answer carries csrfcheck: the session's value, or a throwaway one for visitors.
  app.addHook('onSend', async (request, reply, payload) => {
    if (!reply.hasHeader('csrfcheck')) reply.header('csrfcheck', request.session?.csrf ?? throwawayToken());
    return payload;
  });
}

/** Random bytes for visitors' throwaway tokens, drawn a block at a time: one draw serves 512 answers. */
let randomBlock = Buffer.alloc(0);
let randomAt = 0;
function throwawayToken(): string {
  if (randomAt + 8 > randomBlock.length) {
    randomBlock = randomBytes(4096);
    randomAt = 0;
  }
  randomAt += 8;
  return randomBlock.toString('base64url', randomAt - 8, randomAt);
}

/**
 * A POST without a body, or with an empty JSON body, is a call that sends nothing (the
 * specifications list such payloads as "none"): it is validated as an empty object, so an
 * endpoint without required fields takes it and one with them names the first missing field.
 * (Fastify hands a missing body to the schema as null, which no object schema takes.) A body that
 * says `null` is still a value, and refused where an object is expected.
 */
export function installJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, text, done) => {
    if (text === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text as string, done);
  });
  app.addHook('preValidation', async (request) => {
    const sentNothing = request.headers['transfer-encoding'] === undefined && !Number(request.headers['content-length'] ?? 0);
    if (request.method === 'POST' && request.body == null && sentNothing) request.body = {};
  });
}

function sendError(
  reply: FastifyReply,
  lang: Lang,
  key: ErrorKey,
  params?: Record<string, string | number>,
  status?: number,
  data: unknown = null,
) {
  const { code } = ERRORS[key];
  const body = { return_code: code, error_no: code, error_code: code, error_info: messageOf(key, lang, params), data };
  return reply
    .code(status ?? ERRORS[key].status)
    .serializer(JSON.stringify)
    .type('application/json; charset=utf-8')
    .send(body);
}

/** The one place errors become envelopes. Unknown faults answer a generic 500 with a request id. */
export function installErrorHandling(app: FastifyInstance, bodyLimit: number): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const lang = langOf(request);
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      const data = error.key === 'VALIDATION' ? { field: error.params?.field, reason: error.params?.reason } : null;
      // A service may name the reason by its key; the message then carries it in the caller's language.
      const reason = error.params?.reason;
      const given = error.localizedParams
        ? { ...error.params, ...Object.fromEntries(Object.entries(error.localizedParams).map(([name, text]) => [name, text[lang]])) }
        : error.params;
      const params =
        error.key === 'VALIDATION' && typeof reason === 'string' && Object.hasOwn(VALIDATION_REASONS, reason)
          ? { ...given, reason: VALIDATION_REASONS[reason as keyof typeof VALIDATION_REASONS][lang] }
          : given;
      // Times, money and references in a refusal are written for its reader, as on the screens.
      return sendError(reply, lang, error.key, params && readerParams(params, readerOf(request)), undefined, data);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A forbidden character is named before anything else wrong in the same payload.
      const issue = error.validation.find((i) => i.message === 'forbiddenCharacter') ?? error.validation[0]!;
      const params = issue.params as { keys?: string[]; origin?: unknown; params?: { keys?: string[] } };
      const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
      // Unknown keys, and the two spellings of one field, name every field involved.
      const keys = params.keys ?? params.params?.keys;
      const field = keys?.length ? keys.join(', ') : path || (error.validationContext ?? 'body');
      const reason = reasonOf({ code: issue.keyword, message: issue.message ?? '', origin: params.origin });
      // data.field lets a form put the message under the right input.
      return sendError(reply, lang, 'VALIDATION', { field, reason: VALIDATION_REASONS[reason][lang] }, undefined, { field, reason });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (error instanceof SyntaxError && error.statusCode === 400)) {
      return sendError(reply, lang, 'MALFORMED_JSON');
    }
    if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return sendError(reply, lang, 'VALIDATION', { field: 'body', reason: VALIDATION_REASONS.required[lang] });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return sendError(reply, lang, 'BODY_TOO_LARGE', { limit: `${Math.round(bodyLimit / 1024)} KB` }, 400);
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH') {
      return sendError(reply, lang, 'UNSUPPORTED_MEDIA');
    }
    if (isStoreUnavailable(error)) {
      request.log.warn({ err: error }, 'a store is out of reach: answered as retryable');
      reply.header('retry-after', '1');
      return sendError(reply, lang, 'SERVICE_UNAVAILABLE');
    }
    const refusedByDatabase = databaseRefusal(error);
    if (refusedByDatabase) {
      request.log.warn({ code: (error as { code?: unknown }).code }, 'the database refused the input');
      if (refusedByDatabase === 'duplicate') return sendError(reply, lang, 'RECORD_EXISTS');
      return sendError(reply, lang, 'VALIDATION', { field: 'body', reason: VALIDATION_REASONS.invalidValue[lang] }, 400, {
        field: 'body',
        reason: 'invalidValue',
      });
    }
    if (isResponseSerializationError(error as never)) {
      request.log.error({ err: error, cause: (error as { cause?: unknown }).cause }, 'answer does not match its contract');
    } else if (error.statusCode && error.statusCode < 500) {
      request.log.warn({ err: error }, 'request refused');
      return sendError(reply, lang, 'VALIDATION', { field: 'request', reason: VALIDATION_REASONS.invalidFormat[lang] }, 400);
    } else {
      request.log.error({ err: error }, 'unhandled error');
    }
    return sendError(reply, lang, 'INTERNAL', { requestId: String(request.id) }, 500);
  });
}

/**
 * Database refusals that input causes, recognised by their code rather than their text (which
 * carries SQL and values and never reaches the caller): a duplicate key, and a value the column or
 * a constraint cannot take (PostgreSQL's data exceptions, class 22, and integrity violations,
 * class 23; SQLite's constraint, mismatch and too-big results). Anything else stays a 500.
 */
function databaseRefusal(error: unknown): 'duplicate' | 'invalid' | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return null;
  if (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return 'duplicate';
  if (/^2[23][0-9A-Z]{3}$/.test(code) && error instanceof pg.DatabaseError) return 'invalid';
  if (code.startsWith('SQLITE_CONSTRAINT') || code === 'SQLITE_MISMATCH' || code === 'SQLITE_TOOBIG') return 'invalid';
  return null;
}

/** Answers an unknown API path with the envelope (web routes are served by the static layer). */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  return sendError(reply, langOf(request), 'ROUTE_NOT_FOUND');
}

/**
 * Whether a browser sent this request from another site's page. Sec-Fetch-Site says so directly;
 * browsers without it are judged by Origin, then Referer. A request with none of them (a typed
 * address, a non-browser client) is not cross-site.
 */
export function isCrossSite(request: FastifyRequest): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string') return fetchSite === 'cross-site';
  for (const header of [request.headers.origin, request.headers.referer]) {
    if (typeof header !== 'string' || header === '') continue;
    try {
      // Both through URL, so that a default port written out (host:80) compares equal.
      return new URL(header).host !== new URL(`${request.protocol}://${request.host}`).host;
    } catch {
      return true;
    }
  }
  return false;
}

/**
 * Sets the session cookie (HttpOnly, SameSite=Lax, Secure behind HTTPS), the new session's
 * csrfcheck, and the hint the browser's scripts read (the same cookie's lifetime, without its token).
 */
export function setSessionCookie(reply: FastifyReply, request: FastifyRequest, token: string, secure: 'auto' | 'on' | 'off') {
  reply.header('csrfcheck', csrfOf(token));
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecureRequest(request, secure),
  });
  setSessionHint(reply, request, true, secure);
}

/** The hint cookie: "1" while the browser holds a session, readable by the page's scripts; removed without one. */
function setSessionHint(reply: FastifyReply, request: FastifyRequest, signedIn: boolean, secure: 'auto' | 'on' | 'off') {
  if (!signedIn) {
    reply.clearCookie(SESSION_HINT_COOKIE, { path: '/' });
    return;
  }
  reply.setCookie(SESSION_HINT_COOKIE, '1', { path: '/', sameSite: 'lax', secure: isSecureRequest(request, secure) });
}

/**
 * Whether an answer is for an HTTPS-only client: always with COOKIE_SECURE=on, when the request came
 * over HTTPS with auto (behind a proxy that ends TLS, only when TRUST_PROXY lets X-Forwarded-Proto say so).
 */
export function isSecureRequest(request: FastifyRequest, secure: 'auto' | 'on' | 'off'): boolean {
  return secure === 'on' || (secure === 'auto' && request.protocol === 'https');
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  reply.clearCookie(SESSION_HINT_COOKIE, { path: '/' });
}
