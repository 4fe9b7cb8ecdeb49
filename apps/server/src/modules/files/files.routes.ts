import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { filesEndpoints as ep } from '@portal/contracts/files';
import { DOWNLOAD_POLICY } from '../../platform/security-headers';
import type { FilesService } from './files.service';

/** Pictures a browser may show when the file is opened on its own; anything else is saved, not shown. */
const SHOWN_INLINE = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** Ids are never reused for other bytes, so a browser may keep an answer for a year. */
const CACHE_FOREVER = 'public, max-age=31536000, immutable';
/** Evidence is kept by no shared cache, and asked for again (and its reader checked) every time. */
const CACHE_PRIVATE = 'private, no-cache';

/**
 * GET /file/download?fileId=: the bytes with their type; evidence only to its readers (the
 * session's user, from the cookie or the token header). Registered directly (not through the
 * envelope) because the answer is the file; refusals still go through the error handler.
 */
export function registerFilesRoutes(app: FastifyInstance, d: { files: FilesService }): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: ep.download.method,
    url: ep.download.path,
    schema: { summary: ep.download.summary, querystring: ep.download.query },
    handler: async (request, reply) => {
      // A locked screen reads no evidence until it is unlocked.
      const session = request.session && !request.session.locked ? request.session : null;
      const file = await d.files.download(request.query.fileId, request.headers['if-none-match'], session?.userId ?? null);
      reply
        .header('etag', file.etag)
        .header('cache-control', file.restricted ? CACHE_PRIVATE : CACHE_FOREVER)
        .header('x-content-type-options', 'nosniff')
        // An uploaded file opened on its own (an SVG, an HTML page) must not run script in the portal's origin.
        .header('content-security-policy', DOWNLOAD_POLICY)
        .header(
          'content-disposition',
          `${SHOWN_INLINE.has(file.contentType) ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.name)}`,
        );
      if (!file.data) return reply.code(304).send();
      return reply.type(file.contentType).send(file.data);
    },
  });
}
