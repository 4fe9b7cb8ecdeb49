import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { filesEndpoints as ep } from '@portal/contracts/files';
import type { FilesService } from './files.service';

/** Ids are never reused for other bytes, so a browser may keep an answer for a year. */
const CACHE_FOREVER = 'public, max-age=31536000, immutable';

/**
 * GET /file/download?fileId=: the bytes with their type. Registered directly (not through the
 * envelope) because the answer is the file; refusals still go through the error handler.
 */
export function registerFilesRoutes(app: FastifyInstance, d: { files: FilesService }): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: ep.download.method,
    url: ep.download.path,
    schema: { summary: ep.download.summary, querystring: ep.download.query },
    handler: async (request, reply) => {
      const file = await d.files.download(request.query.fileId, request.headers['if-none-match']);
      reply
        .header('etag', file.etag)
        .header('cache-control', CACHE_FOREVER)
        .header('x-content-type-options', 'nosniff')
        // An SVG opened on its own must not run script in the portal's origin.
        .header('content-security-policy', "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox")
        .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.name)}`);
      if (!file.data) return reply.code(304).send();
      return reply.type(file.contentType).send(file.data);
    },
  });
}
