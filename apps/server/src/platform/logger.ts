import { randomBytes } from 'node:crypto';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino, { type DestinationStream, type Logger } from 'pino';
import { currentRequestId } from './request-context';

/**
 * Query values that sign someone in or prove who they are. They never reach a log: an entry link
 * carries a session token, and whoever reads the access log must not be able to use it.
 */
const SECRET_QUERY_NAMES = new Set([
  'token',
  'utoken',
  'user_token',
  'tn',
  'ticket',
  'access_token',
  'refresh_token',
  'id_token',
  'code',
  'password',
  'pwd',
]);
export const REDACTED = '[redacted]';

function decodedName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/** The URL with the value of every secret query name replaced; everything else as it came. */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=');
      const name = eq < 0 ? part : part.slice(0, eq);
      return eq >= 0 && SECRET_QUERY_NAMES.has(decodedName(name)) ? `${name}=${REDACTED}` : part;
    })
    .join('&');
  return `${url.slice(0, mark)}?${query}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  version?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/**
 * The server's logger: request URLs without secrets, and no session header or cookie. A line
 * written while a request is handled carries its id (reqId) even when written through the
 * server's own logger rather than the request's.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      mixin(line, _level, logger) {
        const reqId = currentRequestId();
        return reqId === undefined || 'reqId' in line || 'reqId' in logger.bindings() ? {} : { reqId };
      },
      redact: ['req.headers.cookie', 'req.headers.token', 'req.headers.csrfcheck'],
      serializers: {
        req: (req: LoggedRequest) => ({
          method: req.method,
          url: redactUrl(req.url),
          version: req.version,
          host: req.host,
          remoteAddress: req.ip,
          remotePort: req.socket?.remotePort,
        }),
      },
    },
    destination,
  );
}

/**
 * The header the server's own in-process requests carry (the first screens asking the app for
 * their data): a random value per process, so no outside request can pass for one.
 */
export const IN_PROCESS_HEADER = 'x-portal-in-process';
export const inProcessMark = randomBytes(16).toString('hex');

/**
 * One log line per answered request, when it ends (method, URL without secrets, status, time),
 * instead of Fastify's two; for a sample of `sampleRate` of them (1: every request, 0: none), while
 * failures are always logged. The server's own in-process requests are not logged: the page that
 * caused them is.
 */
export function requestLogController(sampleRate: number): LogController {
  const sampled = () => sampleRate >= 1 || (sampleRate > 0 && Math.random() < sampleRate);
  return new (class extends LogController {
    // A request's start is logged only at debug level (a level check and nothing else at info):
    // an operator following one slow request, or a test waiting until it is in flight, turns it on.
    override incomingRequest(request: FastifyRequest): void {
      if (request.headers[IN_PROCESS_HEADER] === inProcessMark) return;
      request.log.debug({ req: request }, 'incoming request');
    }
    override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
      if (request.headers[IN_PROCESS_HEADER] === inProcessMark) return;
      if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
      else if (reply.statusCode >= 500 || sampled())
        reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  })();
}
