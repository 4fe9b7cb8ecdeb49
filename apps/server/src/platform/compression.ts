import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export type Encoding = 'br' | 'gzip';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;

/** Text answers worth compressing: JSON and HTML (and other text); images and files are left alone. */
const COMPRESSIBLE = /^(application\/json|text\/|image\/svg\+xml)/;

/** The encoding to answer in: brotli when the client takes it, else gzip, else none. */
export function encodingFor(request: FastifyRequest): Encoding | null {
  const accepts = request.headers['accept-encoding'];
  if (typeof accepts !== 'string' || accepts === '') return null;
  if (/\bbr\b/.test(accepts)) return 'br';
  if (/\bgzip\b/.test(accepts)) return 'gzip';
  return null;
}

/**
 * Compresses at levels that take well under a millisecond for a page of listings (tens of KB):
 * brotli 4 and gzip 6 already give most of what the slowest levels give on JSON.
 */
export function compress(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(body, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : zlib.gzipSync(body, { level: 6 });
}

/** Adds accept-encoding to the answer's Vary header, keeping what the route put there. */
function varyByEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const current = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary);
  if (!/\baccept-encoding\b/i.test(current)) reply.header('vary', current ? `${current}, accept-encoding` : 'accept-encoding');
}

/** Sends `body` encoded for the client when it is large enough (marking the answer as varying by encoding). */
export function sendCompressed(request: FastifyRequest, reply: FastifyReply, body: Buffer, encoded?: (e: Encoding) => Buffer) {
  if (body.length < COMPRESS_MIN_BYTES) return reply.send(body);
  varyByEncoding(reply);
  const encoding = encodingFor(request);
  if (!encoding) return reply.send(body);
  return reply.header('content-encoding', encoding).send(encoded ? encoded(encoding) : compress(body, encoding));
}

/**
 * Compresses every text answer of at least COMPRESS_MIN_BYTES the route did not encode itself
 * (kept pages and cached answers come encoded; assets are precompressed on disk, decision 034).
 * Streams (message streams, file downloads) are left alone.
 */
export function installCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.hasHeader('content-encoding') || request.method === 'HEAD') return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (Buffer.byteLength(payload) < COMPRESS_MIN_BYTES) return payload;
    if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    varyByEncoding(reply);
    const encoding = encodingFor(request);
    if (!encoding) return payload;
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return compress(typeof payload === 'string' ? Buffer.from(payload) : payload, encoding);
  });
}
