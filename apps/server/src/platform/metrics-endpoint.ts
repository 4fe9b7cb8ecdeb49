import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { allowList, onList } from './address-range';
import { AppError } from './errors';
import { sendNotFound } from './http';
import type { Metrics } from './metrics';

export const METRICS_PATH = '/metrics';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * GET /metrics for Prometheus. Only the addresses METRICS_ALLOW names (the connection's own
 * address, never X-Forwarded-For, which a client could write) or a caller with METRICS_TOKEN as
 * its bearer token are answered. Anyone else gets the answer of an address that does not exist
 * (404), or 403 when they sent a token and it was wrong, so an operator with a mistyped token
 * learns that much (decision 202).
 */
export function registerMetricsEndpoint(app: FastifyInstance, metrics: Metrics, settings: { allow: string; token: string }): void {
  const allowed = allowList(settings.allow);
  const token = settings.token ? digest(settings.token) : null;
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    const authorization = request.headers.authorization;
    const bearer = typeof authorization === 'string' ? /^Bearer\s+(.+)$/i.exec(authorization)?.[1]?.trim() : undefined;
    const tokenOk = token !== null && bearer !== undefined && timingSafeEqual(digest(bearer), token);
    if (!tokenOk && !onList(allowed, request.socket.remoteAddress)) {
      if (bearer !== undefined) throw new AppError('NO_PERMISSION');
      return sendNotFound(request, reply);
    }
    return reply
      .header('cache-control', 'no-store')
      .type(metrics.contentType)
      .send(await metrics.scrape());
  });
}
