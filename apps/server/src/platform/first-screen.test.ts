import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicSettings } from '../settings';
import { createTestApp, type TestApp } from '../test/test-app';
import { createFirstScreens } from './first-screen';

/** index.html as the web build writes it. */
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
 * A stand-in for the web build's first-screen module with the same exports: it asks the app for
 * the public settings through the transport it is given and renders what it got.
 */
const MODULE = `
let renders = 0;
export function hasFirstScreen(pathname) { return ['/index', '/login', '/broken'].includes(pathname); }
export async function renderFirstScreen(pathname, lang, settings, api) {
  if (pathname === '/broken') throw new Error('render failed');
  const answer = await (await api('/omc/api/sys/public_settings', { method: 'GET' })).json();
  renders += 1;
  return {
    html: '<main class="home"><h1>' + lang + ' ' + answer.return_code + ' ' + settings.theme + '</h1><input name="account"><textarea></textarea><p>render ' + renders + '</p></main>',
    styles: '<style data-css-hash="x">.ant-btn{color:red}</style>',
    data: { queries: pathname === '/login' ? [] : [{ queryKey: ['note'], state: { data: '</script><script>alert(1)</script>' } }] },
  };
}`;

function makeWebDist(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-first-screen-'));
  const dist = path.join(root, 'dist');
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.mkdirSync(path.join(root, 'dist-ssr'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  fs.writeFileSync(path.join(dist, 'assets', 'index-1.css'), 'body{margin:0}');
  fs.writeFileSync(path.join(dist, 'assets', 'home-1.css'), '.home{color:blue}');
  fs.writeFileSync(path.join(dist, 'assets', 'admin-1.css'), '.admin-grid{display:grid}');
  fs.writeFileSync(path.join(root, 'dist-ssr', 'first-screen.server.js'), MODULE);
  return dist;
}

describe('first screens rendered by the server', () => {
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

  it('serves the page with its first screen, its styles, its data and the app started at the first sign of a person', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/index', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const html = res.body;
    // Rendered with the settings and an in-process answer of the app (return_code 0).
    expect(html).toContain('<div id="first-screen" data-path="/index"><main class="home"><h1>zh-CN 0 lightblue</h1>');
    expect(html).toMatch(/<div id="first-screen"[^]*<\/div><div id="root"><\/div>/);
    // Fields of the copy take no input.
    expect(html).toContain('<input readonly name="account">');
    expect(html).toContain('<textarea readonly>');
    // antd's styles and every stylesheet of the build inline in the head, the entry's first.
    const head = html.slice(0, html.indexOf('</head>'));
    const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))![1]!;
    expect(head).toContain(`<style nonce="${nonce}" data-css-hash="x">.ant-btn{color:red}</style>`);
    expect(head).toContain(`<style nonce="${nonce}">body{margin:0}\n.home{color:blue}</style>`);
    // Another part's stylesheet styles nothing the copy uses: left to the app.
    expect(head).not.toContain('.admin-grid');
    expect(head).not.toContain('<link rel="stylesheet"');
    // The code is no longer requested from the head; the loader at the end of the body asks for it.
    expect(head).not.toContain('<script type="module"');
    expect(head).not.toContain('modulepreload');
    expect(html).toContain('["/assets/react-1.js"]');
    expect(html).toContain('["/assets/index-1.js"]');
    // …at the first sign of a person, not on its own.
    expect(html).toContain('["pointermove","pointerdown","touchstart","keydown","wheel","scroll","focusin"]');
    expect(html).not.toContain('requestAnimationFrame');
    // The data cannot end its script element.
    const data = html.slice(html.indexOf('id="first-screen-data">'));
    expect(data).toContain('\\u003c/script>\\u003cscript>alert(1)\\u003c/script>');
    expect(data.slice(0, data.indexOf('</script>'))).not.toContain('<');
  });

  it('renders in the language of the lang cookie, else of Accept-Language', async () => {
    const byCookie = await t.app.inject({ method: 'GET', url: '/index', headers: { cookie: 'lang=en-US', 'accept-language': 'zh-TW' } });
    expect(byCookie.body).toContain('<html lang="en-US"');
    expect(byCookie.body).toContain('<h1>en-US 0 lightblue</h1>');
    const byHeader = await t.app.inject({ method: 'GET', url: '/index', headers: { 'accept-language': 'zh-TW,zh;q=0.9' } });
    expect(byHeader.body).toContain('<h1>zh-TW 0 lightblue</h1>');
    expect(byHeader.headers.vary).toContain('accept-language');
  });

  it('sends the compressed copy a browser accepts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/index', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString('utf8')).toContain('<h1>zh-CN 0 lightblue</h1>');
    const gz = await t.app.inject({ method: 'GET', url: '/index', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString('utf8')).toContain('<h1>zh-CN 0 lightblue</h1>');
  });

  it('serves the plain index.html for addresses with a query, pages without a first screen and pages that fail to render', async () => {
    for (const url of ['/index?page=2', '/mainIndex', '/broken']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('first-screen');
      const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))![1]!;
      expect(res.body, url).toContain(`<script type="module" crossorigin src="/assets/index-1.js" nonce="${nonce}"></script>`);
    }
  });

  it('keeps a rendered page for a while, and renders it again with fresh data after', async () => {
    const renderOf = (html: string) => /render (\d+)/.exec(html)?.[1];
    const first = await t.app.inject({ method: 'GET', url: '/index', headers: { cookie: 'lang=zh-CN' } });
    const again = await t.app.inject({ method: 'GET', url: '/index', headers: { cookie: 'lang=zh-CN' } });
    expect(renderOf(again.body)).toBe(renderOf(first.body));

    const screens = createFirstScreens({ webDist: dist, settings: publicSettings(t.settings), app: t.app, freshMs: 0 });
    const a = Number(renderOf((await screens.page('/index', 'zh-CN'))!.html));
    // Past its fresh time the kept page is still served at once, and a new render replaces it.
    expect(Number(renderOf((await screens.page('/index', 'zh-CN'))!.html))).toBe(a);
    await expect.poll(async () => Number(renderOf((await screens.page('/index', 'zh-CN'))!.html))).toBeGreaterThan(a);
    expect(await screens.page('/mainIndex', 'zh-CN')).toBeNull();
    // A page rendered without data is kept as it is.
    const login = renderOf((await screens.page('/login', 'zh-CN'))!.html);
    await screens.page('/login', 'zh-CN');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(renderOf((await screens.page('/login', 'zh-CN'))!.html)).toBe(login);
  });

  it('leaves the API and files alone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/omc/api/sys/public_settings' });
    expect(res.headers['content-type']).toContain('application/json');
    const missing = await t.app.inject({ method: 'GET', url: '/assets/none.js' });
    expect(missing.statusCode).toBe(404);
  });
});
