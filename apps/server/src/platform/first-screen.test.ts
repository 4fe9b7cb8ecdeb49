import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicSettings } from '../settings';
import { createTestApp, login, type TestApp } from '../test/test-app';
import { createFirstScreens } from './first-screen';

/** index.html as the web build writes it. */
const INDEX = `<!doctype html>
<html lang="zh-CN">
  <head>
    <title>t</title>
    <meta name="description" content="zh-CN description" />
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
  if (pathname === '/login') {
    // The picture code is each visitor's own: rendered as its slot.
    const slot = { cc: 'slot:code-cc', img: 'slot:code-img' };
    return {
      html: '<main><h1>' + lang + '</h1><input name="account"><img src="' + slot.img + '"><p>render ' + renders + '</p></main>',
      styles: '',
      data: { queries: [{ queryKey: ['checkCode', 'login'], state: { data: slot } }] },
      eachVisit: [{ path: '/gateway/getCheckCode', slot }],
    };
  }
  return {
    html: '<main class="home"><h1>' + lang + ' ' + answer.return_code + ' ' + settings.theme + '</h1><input name="account"><textarea></textarea><p>render ' + renders + '</p></main>',
    styles: '<style data-css-hash="x">.ant-btn{color:red}</style>',
    data: { queries: [{ queryKey: ['note'], state: { data: '</script><script>alert(1)</script>' } }] },
    title: 'Home <' + lang + '> - Platform',
    description: lang + ' "description"',
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
    // Fields of the copy take typing (the loader carries it to the app's).
    expect(html).toContain('<input name="account"><textarea>');
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
    // The tab's title and the description search engines show are the reader's language too.
    expect(byCookie.body).toContain('<title>Home &lt;en-US> - Platform</title>');
    expect(byCookie.body).toContain('<meta name="description" content="en-US &quot;description&quot;"');
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
    // A page rendered without shared data (only each visitor's own answers) is kept as it is.
    const loginPage = renderOf((await screens.page('/login', 'zh-CN'))!.html);
    await screens.page('/login', 'zh-CN');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(renderOf((await screens.page('/login', 'zh-CN'))!.html)).toBe(loginPage);
  });

  it("puts each visitor's own picture code where the shared render left its slot", async () => {
    const page = async (remoteAddress = '127.0.0.1') =>
      (await t.app.inject({ method: 'GET', url: '/login', headers: { cookie: 'lang=zh-CN' }, remoteAddress })).body;
    const first = await page();
    const img = /<img src="(data:image\/svg\+xml;base64,[\w+/=]+)">/.exec(first)?.[1];
    expect(img).toBeDefined();
    expect(first).not.toContain('slot:');
    // The app starts from that very code: its picture and its id, which the server checks.
    const data = JSON.parse(/id="first-screen-data">([^<]*)</.exec(first)![1]!) as {
      queries: { state: { data: { cc: string; img: string } } }[];
    };
    const { cc } = data.queries[0]!.state.data;
    expect(data.queries[0]!.state.data.img).toBe(img);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/omc/submitLogin',
      payload: { account: 'buyer01', password: 'Buyer@2026', check_code: 'ABCD', req_code_session_id: cc },
    });
    expect(signIn.json()).toMatchObject({ return_code: '0' });
    // Each page its own code, from the same kept render.
    const second = await page();
    expect(/render (\d+)/.exec(second)?.[1]).toBe(/render (\d+)/.exec(first)?.[1]);
    expect(second).not.toContain(cc);
    // Asked for as that visitor: past their limit of codes the browser renders the page and asks itself.
    for (let i = 0; i < Number(t.settings.CODES_PER_IP_PER_MINUTE); i += 1) await page('10.0.0.9');
    const limited = await page('10.0.0.9');
    expect(limited).not.toContain('first-screen');
    expect(limited).not.toContain('slot:');
  });

  it("sends a signed-in person on from the login page, where the app would, and shows them no visitor's copy", async () => {
    const { cookie } = await login(t.app, 'buyer01', 'Buyer@2026');
    const res = await t.app.inject({ method: 'GET', url: '/login', headers: { cookie } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/index');
    expect(res.headers['cache-control']).toBe('no-store');
    // The first screens are a visitor's: the signed-in person gets the page the app renders for them.
    const home = await t.app.inject({ method: 'GET', url: '/index', headers: { cookie } });
    expect(home.body).not.toContain('first-screen');
    expect(home.body).toContain('<script type="module"');
    // A visitor, and a session that has ended, get the login page.
    expect((await t.app.inject({ method: 'GET', url: '/login' })).statusCode).toBe(200);
    await t.app.inject({ method: 'GET', url: '/omc/api/user/logout', headers: { cookie } });
    expect((await t.app.inject({ method: 'GET', url: '/login', headers: { cookie } })).statusCode).toBe(200);
  });

  it('leaves the API and files alone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/omc/api/sys/public_settings' });
    expect(res.headers['content-type']).toContain('application/json');
    const missing = await t.app.inject({ method: 'GET', url: '/assets/none.js' });
    expect(missing.statusCode).toBe(404);
  });
});
