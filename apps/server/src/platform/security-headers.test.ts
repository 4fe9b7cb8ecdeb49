import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../test/test-app';

/** index.html as the web build writes it: every tag it generates carries the nonce placeholder. */
const INDEX = `<!doctype html>
<html lang="zh-CN">
  <head>
    <title>t</title>
    <meta property="csp-nonce" nonce="__CSP_NONCE__">
    <script type="module" crossorigin src="/assets/index-1.js" nonce="__CSP_NONCE__"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-1.js" nonce="__CSP_NONCE__">
    <link rel="stylesheet" crossorigin href="/assets/index-1.css" nonce="__CSP_NONCE__">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

/**
 * A first-screen module with the build's exports; its markup holds a script and a style element,
 * as stored rich text would if it ever slipped past the sanitiser.
 */
const MODULE = `
export function hasFirstScreen(pathname) { return pathname === '/login' || pathname === '/index'; }
export async function renderFirstScreen(pathname) {
  return {
    html: '<main><style>.x{color:red}</style><script>alert(1)</script><h1>' + pathname + ' __CSP_NONCE__</h1></main>',
    styles: '<style data-css-hash="a">.ant-btn{color:red}</style>',
    data: { queries: [] },
  };
}`;

function makeWebDist(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-headers-'));
  const dist = path.join(root, 'dist');
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.mkdirSync(path.join(root, 'dist-ssr'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  fs.writeFileSync(path.join(dist, 'assets', 'index-1.css'), 'body{margin:0}');
  fs.writeFileSync(path.join(dist, 'assets', 'index-1.js'), 'console.log(1)');
  fs.writeFileSync(path.join(root, 'dist-ssr', 'first-screen.server.js'), MODULE);
  return dist;
}

function directives(res: LightMyRequestResponse): Map<string, string[]> {
  const policy = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

/** The headers every answer carries, whatever it is. */
function expectSecurityHeaders(res: LightMyRequestResponse, what: string): void {
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(res.headers['x-frame-options'], what).toBe('SAMEORIGIN');
  expect(res.headers['strict-transport-security'], what).toBeUndefined();
  const csp = directives(res);
  expect(csp.get('frame-ancestors'), what).toEqual(["'self'"]);
  expect(csp.has('default-src'), what).toBe(true);
  expect(csp.get('script-src') ?? [], what).not.toContain("'unsafe-inline'");
  expect(csp.get('script-src') ?? [], what).not.toContain("'unsafe-eval'");
}

describe('security headers', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = makeWebDist();
    t = await createTestApp({}, { webDist: dist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(path.dirname(dist), { recursive: true, force: true });
  });

  it('are on every kind of answer: pages, API, errors, not-found, static assets, files, documentation', async () => {
    const admin = await login(t.app, 'admin', 'Admin@2026');
    const fileId = (await t.database.db.selectFrom('files').select('id').executeTakeFirstOrThrow()).id;
    const requests: [string, InjectOptions][] = [
      ['first-screen page', { method: 'GET', url: '/login' }],
      ['browser-rendered page', { method: 'GET', url: '/mainIndex' }],
      ['page with a query', { method: 'GET', url: '/index?page=2' }],
      ['static asset', { method: 'GET', url: '/assets/index-1.js' }],
      ['missing asset', { method: 'GET', url: '/assets/missing.js' }],
      ['index.html by name', { method: 'GET', url: '/index.html' }],
      ['API answer', { method: 'GET', url: '/omc/api/sys/public_settings' }],
      ['signed-in API answer', { method: 'GET', url: '/omc/api/user/getUserPermissions', headers: { token: admin.token } }],
      ['API refusal (400)', { method: 'POST', url: '/omc/submitLogin', payload: { account: 1 } }],
      ['API without session (401)', { method: 'GET', url: '/omc/api/user/getUserPermissions' }],
      ['unknown API (404)', { method: 'GET', url: '/omc/api/nothing-here' }],
      ['unknown method (404)', { method: 'DELETE', url: '/login' }],
      ['health', { method: 'GET', url: '/healthz' }],
      ['API documentation', { method: 'GET', url: '/api-docs/static/index.html' }],
      ['file download', { method: 'GET', url: `/file/download?fileId=${fileId}` }],
      ['missing file', { method: 'GET', url: '/file/download?fileId=nope' }],
    ];
    for (const [what, request] of requests) {
      const res = await t.app.inject(request);
      expect(res.statusCode, what).toBeLessThan(500);
      expectSecurityHeaders(res, `${what} (${res.statusCode})`);
    }
  });

  it('gives every page its own nonce, on every inline script and style element and nowhere else', async () => {
    for (const url of ['/login', '/index', '/mainIndex', '/index?page=2']) {
      const [a, b] = [await t.app.inject({ method: 'GET', url }), await t.app.inject({ method: 'GET', url })];
      const nonceOf = (res: LightMyRequestResponse) => {
        const src = directives(res).get('script-src')!;
        expect(src, url).toContain("'self'");
        const nonce = /^'nonce-([A-Za-z0-9+/=]{22,})'$/.exec(src.find((v) => v.startsWith("'nonce-")) ?? '')?.[1];
        expect(nonce, url).toBeTruthy();
        expect(directives(res).get('style-src'), url).toContain(`'nonce-${nonce}'`);
        return nonce!;
      };
      const nonce = nonceOf(a);
      expect(nonceOf(b), url).not.toBe(nonce);
      expect(a.headers['cache-control'], url).toContain('no-cache');
      const html = a.body;
      expect(html, url).not.toContain('nonce="__CSP_NONCE__"');
      expect(html, url).not.toMatch(/__csp_nonce_/);
      // The meta element the app reads its nonce from, for the style elements antd adds later.
      expect(html, url).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
      // Every executable script and style element of the page itself carries this answer's nonce;
      // none in the rendered markup does.
      const [outside, markup] = html.includes('<div id="first-screen"')
        ? [html.replace(/<div id="first-screen"[^]*?<\/main><\/div>/, ''), /<div id="first-screen"[^]*?<\/main><\/div>/.exec(html)![0]]
        : [html, ''];
      for (const tag of outside.match(/<(script|style)\b[^>]*>/g) ?? []) {
        if (tag.includes('type="application/json"')) continue;
        expect(tag, url).toContain(`nonce="${nonce}"`);
      }
      if (markup) {
        expect(markup, url).toContain('<script>alert(1)</script>');
        expect(markup, url).not.toContain('nonce=');
      }
      expect(html, url).not.toMatch(/\son[a-z]+=/);
    }
  });

  it('turns no text of a page into a nonce', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login' });
    // The rendered text "__CSP_NONCE__" is the build's placeholder written as text: it stays text.
    expect(res.body).toContain('<h1>/login __CSP_NONCE__</h1>');
  });

  it('serves uploaded files in a sandbox: pictures shown, anything else saved', async () => {
    const svg = await t.database.db.selectFrom('files').select(['id', 'content_type']).executeTakeFirstOrThrow();
    expect(svg.content_type).toBe('image/svg+xml');
    const res = await t.app.inject({ method: 'GET', url: `/file/download?fileId=${svg.id}` });
    expect(res.statusCode).toBe(200);
    expect(directives(res).get('sandbox')).toEqual([]);
    expect(directives(res).get('default-src')).toEqual(["'none'"]);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename\*=UTF-8''/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends HSTS only for requests that came over HTTPS', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
    // Without TRUST_PROXY a forwarded header proves nothing.
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const behindProxy = await createTestApp({ TRUST_PROXY: 'on' }, { demo: false });
    try {
      const viaHttps = await behindProxy.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
      expect(viaHttps.headers['strict-transport-security']).toBe('max-age=31536000');
      const viaHttp = await behindProxy.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'http' } });
      expect(viaHttp.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await behindProxy.close();
    }
  });
});
