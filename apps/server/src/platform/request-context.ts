import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { allowList, onList } from './address-range';

/**
 * Every request has an id: in the X-Request-Id header of its answer, in every log line written
 * while it is handled (Fastify's reqId), and in the change events it causes, so an operator can
 * follow one request from the proxy's log through this server's log to what other servers did
 * because of it.
 */
export const REQUEST_ID_HEADER = 'x-request-id';

/** What an id from a proxy may look like: short and printable, so it cannot forge or break a log line. */
const ACCEPTED_ID = /^[\w.:+/=-]{1,128}$/;

const context = new AsyncLocalStorage<{ requestId: string }>();

/**
 * The id of a new request: the one a trusted proxy sent in X-Request-Id (TRUST_PROXY on, or the
 * connection comes from an address it names), when it looks like an id; otherwise a new one.
 * Without a trusted proxy anyone could choose the ids of their own requests and make them collide
 * with others' in the log.
 */
export function requestIdGenerator(trustProxy: boolean | string[]): (request: IncomingMessage) => string {
  const proxies = Array.isArray(trustProxy) ? allowList(trustProxy.join(','), 'TRUST_PROXY') : null;
  return (request) => {
    const trusted = proxies ? onList(proxies, request.socket.remoteAddress) : trustProxy;
    const given = trusted ? request.headers[REQUEST_ID_HEADER] : undefined;
    return typeof given === 'string' && ACCEPTED_ID.test(given) ? given : randomUUID();
  };
}

/** Sends each answer's request id, and keeps the id reachable from everything the request runs. */
export function installRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    context.run({ requestId: request.id }, done);
  });
}

/** The id of the request whose handling is running now; none outside a request (a scheduled job, start-up). */
export function currentRequestId(): string | undefined {
  return context.getStore()?.requestId;
}
