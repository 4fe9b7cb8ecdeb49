import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendCompressed } from './compression';
import { isSecureRequest } from './http';

declare module 'fastify' {
  interface FastifyRequest {
    /** This answer's Content-Security-Policy nonce: the only inline scripts and styles that run carry it. */
    cspNonce: string;
  }
}

/**
 * The placeholder the web build writes as the nonce of its tags (vite.config.ts `html.cspNonce`).
 * Pages are kept with a placeholder of their own (see `nonceSlot`); each answer gets a fresh nonce.
 */
export const BUILD_NONCE_PLACEHOLDER = '__CSP_NONCE__';

/**
 * The placeholder kept pages carry where each answer's nonce goes: random per process, so that no
 * text an editor or a visitor wrote (an article, a company name) can contain it and be turned into a
 * nonce.
 */
export const nonceSlot = `__csp_nonce_${randomBytes(12).toString('hex')}__`;

/**
 * The policy of every answer. Scripts: the product's own files, and inline ones only with this
 * answer's nonce (the first screens' loader); no inline event handlers, no eval. Styles: the
 * product's stylesheets and style elements with the nonce (antd writes its styles into style
 * elements at run time and is given the nonce); style attributes are allowed, because React and
 * antd position popups, columns and the first screens' markup with them and they cannot run
 * script. Images: the product's own, data URLs (the picture code, icons) and https images that
 * articles may show. Frames: only the product's own pages, in either direction, so the shell's
 * and portal's frames work and no other site can frame the login page. Without a nonce (an answer
 * that is not a page) no inline script or style element is allowed at all.
 */
export function contentSecurityPolicy(nonce?: string): string {
  const allowed = nonce ? ` 'nonce-${nonce}'` : '';
  return [
    "default-src 'self'",
    `script-src 'self'${allowed}`,
    "script-src-attr 'none'",
    `style-src 'self'${allowed}`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-src 'self'",
    "frame-ancestors 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/**
 * The policy of an uploaded file opened on its own: a sandbox (no script, an origin of its own), so an
 * uploaded HTML or SVG file cannot act in the product's origin even if its type was misjudged.
 */
export const DOWNLOAD_POLICY = "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'";

/** Where a request keeps its nonce once made. */
const NONCE = Symbol('cspNonce');

/** One year; sent only on answers that came over HTTPS, where browsers heed it. */
const HSTS = 'max-age=31536000';

/**
 * Security headers on every answer (pages, API, files, errors, not-found answers, static assets): the
 * policy above unless the route chose its own (downloads), no type sniffing, referrers cut to the
 * origin for other sites, no framing by other sites, and HSTS when the request came over HTTPS
 * (the rule the session cookie's Secure flag follows, COOKIE_SECURE).
 */
export function installSecurityHeaders(app: FastifyInstance, cookieSecure: 'auto' | 'on' | 'off'): void {
  // The nonce is made when an answer first asks for it (a page); an answer that never did (the
  // API, files) gets the same policy without one, written once.
  app.decorateRequest('cspNonce', {
    getter(this: FastifyRequest & { [NONCE]?: string }) {
      return (this[NONCE] ??= randomBytes(16).toString('base64'));
    },
  });
  const withoutNonce = contentSecurityPolicy();
  app.addHook('onSend', async (request, reply) => {
    if (!reply.hasHeader('content-security-policy')) {
      const nonce = (request as FastifyRequest & { [NONCE]?: string })[NONCE];
      reply.header('content-security-policy', nonce ? contentSecurityPolicy(nonce) : withoutNonce);
    }
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'SAMEORIGIN');
    if (isSecureRequest(request, cookieSecure)) reply.header('strict-transport-security', HSTS);
  });
}

/**
 * Sends an HTML page kept with `nonceSlot` placeholders, with this answer's nonce in their place,
 * compressed for the browser (platform/compression.ts). Never kept by a shared cache: the nonce is
 * this answer's alone.
 */
export async function sendPage(request: FastifyRequest, reply: FastifyReply, kept: string): Promise<FastifyReply> {
  const html = Buffer.from(kept.replaceAll(nonceSlot, request.cspNonce), 'utf8');
  reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'private, no-cache');
  return sendCompressed(request, reply, html);
}
