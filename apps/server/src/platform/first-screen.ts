import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Lang } from '@portal/contracts/i18n';
import type { PublicSettings } from '@portal/contracts/settings';
import { langOf } from './i18n';
import { IN_PROCESS_HEADER, inProcessMark } from './logger';
import { BUILD_NONCE_PLACEHOLDER, nonceSlot, sendPage } from './security-headers';

/** What the web build's first-screen module exports (apps/web/src/app/first-screen.server.tsx). */
interface FirstScreenModule {
  hasFirstScreen(pathname: string): boolean;
  renderFirstScreen(pathname: string, lang: Lang, settings: PublicSettings, api: Transport): Promise<Screen>;
}
type Transport = (url: string, init: RequestInit) => Promise<Response>;
interface Screen {
  html: string;
  styles: string;
  data: unknown;
}

/**
 * One finished page: index.html with the first screen in it, with `nonceSlot` where each answer's
 * Content-Security-Policy nonce goes (so it is compressed per answer, in a few milliseconds).
 */
interface Page {
  html: string;
  /** Rendered without data (the login form): nothing in it goes stale. */
  fixed: boolean;
}

/**
 * How long a rendered page with data is served as it is. Up to MAX_STALE_MS it is still served at once, while
 * a new render with fresh data replaces it in the background; past that, a request waits for the
 * new render (about 0.1-0.3 s). The browser asks for the data it starts from again at once anyway
 * (shared/first-screen.ts), so an older copy shows only until the app has taken over.
 */
const FRESH_MS = 60_000;
const MAX_STALE_MS = 10 * 60_000;

/**
 * How long a request waits for a first screen being rendered; past it, that request gets the
 * plain index.html (the render goes on and serves the next ones).
 */
const WAIT_MS = 3_000;

/**
 * The #root the app renders into stays laid out but invisible while the first screen is there;
 * the app removes the first screen once its page has rendered (apps/web/src/shared/first-screen.ts).
 * The copy takes no pointer input, and its animations (a skeleton's shimmer, the picture code's
 * placeholder) stand still: the copy waits for a person, and a shimmer running until then would
 * repaint the page on every frame for nothing.
 */
const HIDE_APP_UNDER_FIRST_SCREEN =
  '<style>#first-screen~#root{position:absolute;top:0;left:0;right:0;visibility:hidden}#first-screen{pointer-events:none}' +
  '#first-screen *,#first-screen ::before,#first-screen ::after{animation-play-state:paused!important}</style>';

/** The events that show a person is at the page, and start the app's code (see firstScreenTemplate). */
const PERSON_SIGNS = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'wheel', 'scroll', 'focusin'];

/**
 * Pages with their first screen rendered by the server (decision 064): the login page and the
 * portal's pages, for a visitor, in the language of the request, with their public data. The first
 * request for a page and language renders it; later ones get the kept result (see FRESH_MS).
 * Without the web build's module, or when a page fails to render, the plain index.html is served.
 */
export function createFirstScreens(deps: {
  /** The web build (index.html, assets/); its first-screen module is in dist-ssr/ beside it. */
  webDist: string;
  settings: PublicSettings;
  /** The app itself: the pages' data is asked from it in process, as a visitor's browser would. */
  app: FastifyInstance;
  freshMs?: number;
}) {
  const log = deps.app.log;
  const modulePath = path.join(deps.webDist, '..', 'dist-ssr', 'first-screen.server.js');
  const template = firstScreenTemplate(deps.webDist);
  let loaded: Promise<FirstScreenModule | null> | null = null;
  const freshMs = deps.freshMs ?? FRESH_MS;
  /** The last render of each page and language (null: it failed), and when it started. */
  const rendered = new Map<string, { page: Page | null; at: number }>();
  const rendering = new Map<string, Promise<Page | null>>();

  const load = (): Promise<FirstScreenModule | null> => {
    loaded ??= fs.existsSync(modulePath)
      ? (import(pathToFileURL(modulePath).href) as Promise<FirstScreenModule>).catch((err: unknown) => {
          log.warn({ err }, 'first screens: the web build module did not load; pages are rendered by the browser alone');
          return null;
        })
      : Promise.resolve(null);
    return loaded;
  };

  /** A visitor's request in `lang`, answered by the app in process. */
  const api =
    (lang: Lang): Transport =>
    async (url, init) => {
      const answer = await deps.app.inject({
        method: (init.method ?? 'GET') as 'GET',
        url,
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          'accept-language': lang,
          cookie: `lang=${lang}`,
          [IN_PROCESS_HEADER]: inProcessMark,
        },
        ...(typeof init.body === 'string' && { payload: init.body }),
      });
      return new Response(answer.rawPayload, {
        status: answer.statusCode,
        headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
      });
    };

  const build = async (mod: FirstScreenModule, pathname: string, lang: Lang): Promise<Page | null> => {
    try {
      const started = performance.now();
      const screen = await mod.renderFirstScreen(pathname, lang, deps.settings, api(lang));
      log.debug({ pathname, lang, ms: Math.round(performance.now() - started) }, 'first screen rendered');
      return {
        html: compose(template, pathname, lang, screen),
        fixed: ((screen.data as { queries?: unknown[] } | null)?.queries?.length ?? 0) === 0,
      };
    } catch (err) {
      log.warn({ err, pathname, lang }, 'first screen not rendered; the page is rendered by the browser alone');
      return null;
    }
  };

  /** The page for `pathname` in `lang`, or null where the browser renders alone. */
  const page = async (pathname: string, lang: Lang): Promise<Page | null> => {
    const mod = await load();
    if (!mod || !mod.hasFirstScreen(pathname)) return null;
    const key = `${pathname} ${lang}`;
    const last = rendered.get(key);
    const age = last ? Date.now() - last.at : Infinity;
    const fixed = last?.page?.fixed === true;
    if (!fixed && age >= freshMs && !rendering.has(key)) {
      const at = Date.now();
      rendering.set(
        key,
        build(mod, pathname, lang).then((result) => {
          rendered.set(key, { page: result, at });
          rendering.delete(key);
          return result;
        }),
      );
    }
    if (last && (fixed || age < MAX_STALE_MS)) return last.page;
    return rendering.get(key) ?? last?.page ?? null;
  };

  return {
    page,

    /** Answers a page request with its first screen; false when there is none (send index.html). */
    async send(request: FastifyRequest, reply: FastifyReply, pathname: string): Promise<boolean> {
      // Addresses with a query render the page they name (a filter, a detail): the browser does that.
      if (request.url.includes('?')) return false;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), WAIT_MS);
      });
      const found = await Promise.race([page(pathname, langOf(request)), timeout]);
      clearTimeout(timer);
      if (!found) return false;
      await sendPage(request, reply.header('vary', 'accept-encoding, accept-language, cookie'), found.html);
      return true;
    },

    /** Renders the most visited first screens ahead of their first request. */
    async warm(pathnames: string[], lang: Lang): Promise<void> {
      for (const pathname of pathnames) await page(pathname, lang);
    },
  };
}

export type FirstScreens = ReturnType<typeof createFirstScreens>;

interface Template {
  /** index.html without its script, module preloads and stylesheet. */
  html: string;
  /** The entry's stylesheets, in every first screen. */
  css: string;
  /** The other stylesheets of the build (one per lazily loaded part), each with the classes it styles. */
  partCss: { text: string; classes: string[] | null }[];
  /** Starts the app's code once the first screen has painted (see below). */
  loader: string;
}

/**
 * The parts of the web build a first-screen page is made of. The page arrives complete (markup,
 * public data, styles: the build's stylesheets, about 8 KB compressed in all, are inlined, so the
 * first paint waits for no other request); the app's code (about 150-220 KB) is what a person
 * needs to act on it. It is requested at the first sign of one (the pointer moving, a touch, a
 * key, a wheel or scroll, a focus), so a visit that only reads, and the bandwidth and processor of
 * a slow phone while the page paints, are spared it; the first move starts it well before a click.
 * A click or tap that comes first (a phone's first tap) is replayed on the app's page once it has
 * taken over, and so is a focus on one of the copy's fields or links.
 */
export function firstScreenTemplate(webDist: string): Template {
  const index = readIndexHtml(webDist);
  const scripts = [...index.matchAll(/<script type="module" crossorigin src="([^"]+)"[^>]*><\/script>/g)].map((m) => m[1]!);
  const preloads = [...index.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"[^>]*>/g)].map((m) => m[1]!);
  const entryCss = [...index.matchAll(/<link rel="stylesheet" crossorigin href="\/assets\/([^"]+)"[^>]*>/g)].map((m) => m[1]!);
  const assets = path.join(webDist, 'assets');
  const read = (f: string) => fs.readFileSync(path.join(assets, f), 'utf8');
  const css = entryCss.map(read).join('\n');
  // Each part's stylesheet with the classes that say which page it is for: those no other part
  // styles (a state like `is-active` or antd's ant-*, anticon and css-* are on many pages). One
  // without such a class is sent with every first screen.
  const parts = fs
    .readdirSync(assets)
    .filter((f) => f.endsWith('.css') && !entryCss.includes(f))
    .sort()
    .map(read)
    .map((text) => ({ text, all: new Set([...text.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1]!)) }));
  const partCss = parts.map(({ text, all }) => {
    const own = [...all].filter((c) => !/^(ant-|anticon|css-)/.test(c) && parts.every((other) => other.all === all || !other.all.has(c)));
    return { text, classes: own.length ? own : null };
  });
  const html = index
    .replace(/\s*<script type="module" crossorigin src="[^"]+"[^>]*><\/script>/g, '')
    .replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+"[^>]*>/g, '')
    .replace(/\s*<link rel="stylesheet" crossorigin href="[^"]+"[^>]*>/g, '');
  const loader =
    `<script nonce="${nonceSlot}">(function(){var done=false,signs=${JSON.stringify(PERSON_SIGNS)},` +
    `copy=document.getElementById('first-screen'),root=document.getElementById('root'),click=null,field=null;` +
    `function go(){if(done)return;done=true;` +
    `signs.forEach(function(n){removeEventListener(n,go,true)});` +
    `${JSON.stringify(preloads)}.forEach(function(h){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.appendChild(l)});` +
    `${JSON.stringify(scripts)}.forEach(function(s){var e=document.createElement('script');e.type='module';e.crossOrigin='';e.src=s;document.head.appendChild(e)})}` +
    `signs.forEach(function(n){addEventListener(n,go,{capture:true,passive:true})});` +
    // The copy's forms are not the app's: Enter in one of its read-only fields must not send it.
    `copy.addEventListener('submit',function(e){e.preventDefault()});` +
    // A click or tap on the copy does nothing (pointer events pass through it) but is meant for the
    // page: the first one is kept, where it landed on the document, and so is the field or link
    // last focused in the copy (by its id, else its place among the copy's elements of its kind).
    `function kept(e){if(!click&&copy.isConnected)click=[e.clientX+scrollX,e.clientY+scrollY]}` +
    `addEventListener('click',kept,true);` +
    `copy.addEventListener('focusin',function(e){var t=e.target;field=[t.id,t.tagName,[].indexOf.call(copy.getElementsByTagName(t.tagName),t)]});` +
    // Once the app has rendered the same page and removed the copy, it is replayed there, once: the
    // click on what is now at that point (a field it lands on takes the focus, as with a real
    // click; a link navigates), else the focus on the same field.
    `new MutationObserver(function(m,o){if(copy.isConnected)return;o.disconnect();removeEventListener('click',kept,true);` +
    `if(location.pathname!==copy.getAttribute('data-path'))return;var t,x,y;` +
    `if(click){x=click[0]-scrollX;y=click[1]-scrollY;t=document.elementFromPoint(x,y)}` +
    `else if(field)t=field[0]&&document.getElementById(field[0])||root.getElementsByTagName(field[1])[field[2]];` +
    `if(!t)return;if(!click||/^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))t.focus();` +
    `if(click)t.dispatchEvent(new MouseEvent('click',{bubbles:true,cancelable:true,clientX:x,clientY:y}))` +
    `}).observe(copy.parentNode,{childList:true})})()</script>`;
  return { html, css, partCss, loader };
}

/**
 * index.html with the first screen before #root, its styles in the head and the loader of the
 * app's code at the end of the body. The copy is read by screen readers like any page, but takes
 * no input: its fields are read-only, pointer events pass through it, and its forms are not sent;
 * the loader replays the first click, or the focus, on the app's page when it takes over.
 */
export function compose(template: Template, pathname: string, lang: Lang, screen: Screen): string {
  // Inline style elements apply only with the answer's nonce: the head's, which come from antd's
  // style cache and the build's stylesheets, get it. The rendered markup gets none: it holds stored
  // rich text, and should anything there ever slip past the sanitiser, the policy still refuses it.
  const withNonce = (html: string) => html.replace(/<style\b/g, `<style nonce="${nonceSlot}"`);
  const markup = screen.html.replace(/<(input|textarea)\b/g, '<$1 readonly');
  // Of the parts' stylesheets, those styling a class the copy uses (whole, in the build's order):
  // the others are other pages' (most of the 46 KB), and the app loads its parts' own when it
  // takes over, so the copy's styles are fewer rules for the browser to parse and match.
  const used = new Set(markup.match(/(?<=\sclass="[^"]*)[^\s"]+/g));
  const css = [
    template.css,
    ...template.partCss.filter((part) => !part.classes || part.classes.some((c) => used.has(c))).map((part) => part.text),
  ].join('\n');
  // JSON in a script element: "<" escaped so that no "</script>" in the data can end it.
  const data = JSON.stringify(screen.data).replace(/</g, '\\u003c');
  return template.html
    .replace(/<html lang="[^"]*"/, () => `<html lang="${lang}"`)
    .replace('</head>', () => `${withNonce(`${screen.styles}<style>${css}</style>${HIDE_APP_UNDER_FIRST_SCREEN}`)}</head>`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="first-screen" data-path="${escapeAttr(pathname)}">${markup}</div><div id="root"></div>` +
        `<script type="application/json" id="first-screen-data">${data}</script>${template.loader}`,
    );
}

/**
 * The web build's index.html with `nonceSlot` where the build wrote its nonce placeholder (the
 * tags it generated and the `csp-nonce` meta element the app reads its nonce from).
 */
export function readIndexHtml(webDist: string): string {
  return fs.readFileSync(path.join(webDist, 'index.html'), 'utf8').replaceAll(BUILD_NONCE_PLACEHOLDER, nonceSlot);
}

function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
