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
  /** Answers that are each visitor's own (see EachVisit); none on most pages. */
  eachVisit?: EachVisit[];
  /** The page's title and the product's description in the page's language (index.html's are zh-CN). */
  title?: string;
  description?: string;
}

/**
 * An answer that is one visitor's own (the login form's picture code): the shared render holds
 * `slot`'s tokens where its fields go, in the markup and in the data; every page sent asks `path`
 * for that visitor and puts the answer's fields in their place.
 */
interface EachVisit {
  path: string;
  slot: Record<string, string>;
}

/** What a field of an each-visit answer may be to go into the page as it is: markup and JSON alike (a data URL, an id). */
const SAFE_IN_PAGE = /^[\w+/=:;,.-]*$/;

/**
 * One finished page: index.html with the first screen in it, with `nonceSlot` where each answer's
 * Content-Security-Policy nonce goes (so it is compressed per answer, in a few milliseconds).
 */
interface Page {
  html: string;
  /** Rendered without shared data (the login form): nothing in it goes stale. */
  fixed: boolean;
  eachVisit: EachVisit[];
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
 * The copy's animations (a skeleton's shimmer) stand still: the copy waits for a person, and a
 * shimmer running until then would repaint the page on every frame for nothing.
 */
const HIDE_APP_UNDER_FIRST_SCREEN =
  '<style>#first-screen~#root{position:absolute;top:0;left:0;right:0;visibility:hidden}' +
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

  /** A visitor's request in `lang` (from `remoteAddress`, for an answer of their own), answered by the app in process. */
  const api =
    (lang: Lang, remoteAddress?: string): Transport =>
    async (url, init) => {
      const answer = await deps.app.inject({
        method: (init.method ?? 'GET') as 'GET',
        url,
        ...(remoteAddress && { remoteAddress }),
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
      const eachVisit = screen.eachVisit ?? [];
      const queries = (screen.data as { queries?: unknown[] } | null)?.queries?.length ?? 0;
      return { html: compose(template, pathname, lang, screen), fixed: queries === eachVisit.length, eachVisit };
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
      const lang = langOf(request);
      const found = await Promise.race([page(pathname, lang), timeout]);
      clearTimeout(timer);
      const html = found && (await withVisitorsAnswers(found, api(lang, request.ip)));
      if (!html) return false;
      await sendPage(request, reply.header('vary', 'accept-encoding, accept-language, cookie'), html);
      return true;
    },

    /** Renders the most visited first screens ahead of their first request. */
    async warm(pathnames: string[], lang: Lang): Promise<void> {
      for (const pathname of pathnames) await page(pathname, lang);
    },
  };
}

export type FirstScreens = ReturnType<typeof createFirstScreens>;

/**
 * The page with this visitor's own answers where the render left their slots (the picture code the
 * copy shows is the one the app then checks), or null when one could not be had (a limit, a
 * failure): the page is then rendered by the browser alone, which asks for it itself.
 */
async function withVisitorsAnswers(page: Page, ask: Transport): Promise<string | null> {
  let html = page.html;
  for (const part of page.eachVisit) {
    const response = await ask(part.path, { method: 'GET' });
    const answer = response.ok ? ((await response.json()) as { data?: Record<string, unknown> }).data : undefined;
    for (const [field, token] of Object.entries(part.slot)) {
      const value = answer?.[field];
      if (typeof value !== 'string' || !SAFE_IN_PAGE.test(value)) return null;
      html = html.replaceAll(token, value);
    }
  }
  return html;
}

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
 * first paint waits for no other request); the app's code (about 150 KB) is what a person needs
 * to act on it beyond typing. It is requested at the first sign of one (the pointer moving, a
 * touch, a key, a wheel or scroll, a focus), so a visit that only reads, and the bandwidth and
 * processor of a slow phone while the page paints, are spared it (see loaderSource for what the
 * copy does meanwhile).
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
  const loader = `<script nonce="${nonceSlot}">(function(){${loaderSource(preloads, scripts)}})()</script>`;
  return { html, css, partCss, loader };
}

/** The text fields of a page (input types and textarea): what a person types into. */
const TEXT_INPUT_TYPES = ['text', 'search', 'password', 'email', 'tel', 'url', 'number'];
/** The boxes around a field (antd's affix wrapper, the number field): a press anywhere in one puts the caret in its field. */
const FIELD_BOXES = '.ant-input-affix-wrapper,.ant-input-number';

/**
 * The loader at the end of a first-screen page (run in the browser as it is; ES5 like every inline
 * script of the page). Until the app has taken over, the copy is the page:
 *
 * - Its text fields are live: a click or tap puts the caret there (also on the field's box, its
 *   prefix or padding, as the app does), and what is typed stays in them. When the app has rendered
 *   the same page and removed the copy, each field's text goes into the app's same field as typing
 *   would (a key pressed, the field's value, then an `input` event: the app's state takes it, and a
 *   field that formats what it is given, like antd's number field, keeps it as typed), and the focus and
 *   the selection move to the app's field; keys typed after that land there. Fields are matched
 *   by id, else by kind, name, placeholder and label and their place among those alike.
 * - While an input method composes text in a field, the app waits with the takeover
 *   (`data-composing` on the copy): a composition cut off half-way would lose what it held.
 * - Anything else waits for the app: a click on a link, a button or a tab of the copy does
 *   nothing yet (and neither does Enter in a field, which clicks the form's button), and the last
 *   one is replayed on the app's page once it is there, on what is at that point then (a keyboard's
 *   click, on the same element); a click into a field after it forgets it, as the person moved on.
 *   Without a click, the focus the copy had (a link, a button) moves to the same element of the app.
 * - Nothing is carried or replayed when the app shows another address than the copy (a redirect).
 */
function loaderSource(preloads: string[], scripts: string[]): string {
  const textTypes = new RegExp(`^(${TEXT_INPUT_TYPES.join('|')})$`).source;
  return [
    `var done=false,signs=${JSON.stringify(PERSON_SIGNS)},copy=document.getElementById('first-screen'),`,
    `root=document.getElementById('root'),click=null,focused=null;`,
    `function go(){if(done)return;done=true;`,
    `signs.forEach(function(n){removeEventListener(n,go,true)});`,
    `${JSON.stringify(preloads)}.forEach(function(h){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.appendChild(l)});`,
    `${JSON.stringify(scripts)}.forEach(function(s){var e=document.createElement('script');e.type='module';e.crossOrigin='';e.src=s;document.head.appendChild(e)})}`,
    `signs.forEach(function(n){addEventListener(n,go,{capture:true,passive:true})});`,
    // A text field that takes typing, and the fields of a part of the page.
    `function isField(t){return !!t&&(t.tagName==='TEXTAREA'||t.tagName==='INPUT'&&/${textTypes}/.test(t.type))&&!t.readOnly&&!t.disabled}`,
    `function fields(scope){return [].filter.call(scope.querySelectorAll('input,textarea'),isField)}`,
    // The app's element that is the copy's `t` (the copy is gone by then: an id names the app's).
    `function sign(t){return [t.tagName,t.type,t.name,t.placeholder,t.getAttribute('aria-label')].join('|')}`,
    `function alike(scope,t){var s=sign(t);return [].filter.call(scope.getElementsByTagName(t.tagName),function(e){return sign(e)===s})}`,
    `function match(t){return t.id?document.getElementById(t.id):alike(root,t)[alike(copy,t).indexOf(t)]}`,
    `copy.addEventListener('mousedown',function(e){var t=e.target,box=!isField(t)&&t.closest('${FIELD_BOXES}'),f=box&&fields(box)[0];`,
    `if(f){e.preventDefault();f.focus()}});`,
    `function kept(e){var t=e.target,label=t.closest&&t.closest('label');if(!copy.contains(t))return;`,
    `if(isField(t)||label&&isField(label.control))return;e.preventDefault();`,
    `click=e.detail?[e.clientX+scrollX,e.clientY+scrollY]:t}`,
    `addEventListener('click',kept,true);`,
    // The copy's forms are not the app's: one is never sent from the copy.
    `copy.addEventListener('submit',function(e){e.preventDefault()});`,
    `copy.addEventListener('focusin',function(e){focused=e.target;if(isField(focused))click=null});`,
    // Focus that leaves the copy for good (not for its removal) is forgotten.
    `copy.addEventListener('focusout',function(){setTimeout(function(){if(copy.isConnected&&!copy.contains(document.activeElement))focused=null})});`,
    `copy.addEventListener('compositionstart',function(){copy.setAttribute('data-composing','')});`,
    `copy.addEventListener('compositionend',function(){copy.removeAttribute('data-composing')});`,
    `new MutationObserver(function(m,o){if(copy.isConnected)return;o.disconnect();removeEventListener('click',kept,true);`,
    `if(location.pathname!==copy.getAttribute('data-path'))return;var t,x,y;`,
    `fields(copy).forEach(function(f){var a=f.value!==f.defaultValue&&match(f);if(!isField(a))return;`,
    `a.dispatchEvent(new KeyboardEvent('keydown',{bubbles:true}));Object.getOwnPropertyDescriptor(Object.getPrototypeOf(a),'value').set.call(a,f.value);a.dispatchEvent(new Event('input',{bubbles:true}))});`,
    // The app's elements with a transition on everything (antd's fields) would turn visible a frame late, and take no
    // focus or click until then: they are shown at once (each one finished lets its children's start, hence the rounds).
    `for(var i=0,v=[1];root.getAnimations&&v.length&&i<50;i++){v=root.getAnimations({subtree:true}).filter(function(a){return a.transitionProperty==='visibility'});`,
    `v.forEach(function(a){a.finish()})}`,
    `t=focused&&match(focused);if(t){t.focus();if(isField(t)&&isField(focused))try{t.setSelectionRange(focused.selectionStart,focused.selectionEnd,focused.selectionDirection)}catch(e){}}`,
    `if(!click)return;if(click.tagName)t=match(click);else{x=click[0]-scrollX;y=click[1]-scrollY;t=document.elementFromPoint(x,y)}`,
    `if(!t)return;if(/^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))t.focus();`,
    `t.dispatchEvent(new MouseEvent('click',{bubbles:true,cancelable:true,clientX:x,clientY:y}))`,
    `}).observe(copy.parentNode,{childList:true})`,
  ].join('');
}

/**
 * index.html with the first screen before #root, its styles in the head and the loader of the
 * app's code at the end of the body. The copy is read by screen readers like any page, and its
 * text fields take typing before the app is there (loaderSource).
 */
export function compose(template: Template, pathname: string, lang: Lang, screen: Screen): string {
  // Inline style elements apply only with the answer's nonce: the head's, which come from antd's
  // style cache and the build's stylesheets, get it. The rendered markup gets none: it holds stored
  // rich text, and should anything there ever slip past the sanitiser, the policy still refuses it.
  const withNonce = (html: string) => html.replace(/<style\b/g, `<style nonce="${nonceSlot}"`);
  const markup = screen.html;
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
    .replace(/<title>[^<]*<\/title>/, (found) => (screen.title ? `<title>${escapeText(screen.title)}</title>` : found))
    .replace(/(<meta name="description" content=")[^"]*"/, (found, start: string) =>
      screen.description ? `${start}${escapeAttr(screen.description)}"` : found,
    )
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

function escapeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;');
}

function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
