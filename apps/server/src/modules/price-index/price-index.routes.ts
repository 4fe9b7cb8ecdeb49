import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { cmsEndpoints } from '@portal/contracts/cms';
import { priceIndexEndpoints as ep, type PriceIndexSeries } from '@portal/contracts/price-index';
import { registerEndpoint, type AccessDeps } from '../../platform/http';
import type { PriceIndexService } from './price-index.service';

/** How long a cache may keep a feed answer before asking again (a day's value is published once a day). */
const FEED_MAX_AGE_S = 300;

const CSV_COLUMNS = [
  'date',
  'index',
  'open',
  'high',
  'low',
  'close',
  'volume',
  'samples',
  'removed',
  'carried',
  'withheld',
  'note',
  'ruleVersion',
] as const;
const cell = (v: unknown) => {
  const text = v === null || v === undefined ? '' : String(v);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** The series as CSV: one line per day, prices in cents, the header naming variety, market, unit and currency first. */
export function seriesCsv(s: PriceIndexSeries): string {
  const head = `# ${[s.varietyCode, s.varietyName, s.marketCode, s.marketName, s.unit, s.currency].map(cell).join(',')}`;
  const lines = s.days.map((d) => CSV_COLUMNS.map((c) => cell(d[c])).join(','));
  return [head, CSV_COLUMNS.join(','), ...lines].join('\r\n') + '\r\n';
}

export function registerPriceIndexRoutes(app: FastifyInstance, d: { access: AccessDeps; index: PriceIndexService }): void {
  const { index } = d;
  // The portal's price-index call answers from the deals, with the operator-typed values besides.
  registerEndpoint(app, d.access, cmsEndpoints.priceIndices, async () => index.portalIndices());
  registerEndpoint(app, d.access, ep.indices, async () => index.indices());
  registerEndpoint(app, d.access, ep.series, async ({ query, request, reply }) => {
    const series = await index.series(query);
    const csv = query.format === 'csv' || (query.format === undefined && /\btext\/csv\b/.test(request.headers.accept ?? ''));
    const body = csv ? seriesCsv(series) : null;
    const etag = `"${createHash('sha256')
      .update(body ?? JSON.stringify(series))
      .digest('base64url')
      .slice(0, 27)}"`;
    reply.header('etag', etag).header('cache-control', `public, max-age=${FEED_MAX_AGE_S}`).header('vary', 'accept');
    if (request.headers['if-none-match'] === etag) reply.code(304);
    if (body !== null) {
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `inline; filename="price-index-${series.varietyCode}.csv"`);
      reply.serializer(() => body);
    }
    return series;
  });
  registerEndpoint(app, d.access, ep.operatorDays, async ({ body }) => index.operatorDays(body));
  registerEndpoint(app, d.access, ep.annotate, async ({ body, session }) => index.annotate(session.userId, body));
  registerEndpoint(app, d.access, ep.withhold, async ({ body, session }) => index.withhold(session.userId, body));
}
