/**
 * The first screen of a page, rendered by the server (docs/decisions/064). Built by Vite as a Node
 * module (`dist-ssr/first-screen.server.js`) that the server imports: the same routes, providers,
 * theme and translations as the browser, rendered for a visitor with the page's public data, with
 * antd's styles for exactly what was rendered and the data for the browser's query cache.
 */
import { StyleProvider, createCache, extractStyle } from '@ant-design/cssinjs';
import { QueryClient, dehydrate, type DehydratedState, type Query } from '@tanstack/react-query';
import i18next from 'i18next';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { Locale } from 'antd/es/locale';
import type { Lang } from '@portal/contracts/i18n';
import type { PublicSettings } from '@portal/contracts/settings';
import { setTransport, type Transport } from '../api/client';
import { initI18n, loadNamespaces } from '../i18n/index';
import { isPortalPath } from '../portal/routes';
import type { EachVisitAnswer } from '../shared/first-screen';
import { CURRENT_USER_KEY } from '../shared/use-current-user';
import { loadLocale } from './locale';
import { Providers } from './providers';
import { firstNamespaces } from './namespaces';
import { AppRoutes } from './router';
import { takeRenderedTitle } from '../shared/use-document-title';

export interface FirstScreen {
  /** The page's markup, to place before the app's root. */
  html: string;
  /** antd's `<style>` elements for that markup, to place in the head. */
  styles: string;
  /** The answers the page was rendered with, for the browser's query cache (TanStack `hydrate`). */
  data: DehydratedState;
  /** The answers that are each visitor's own, asked for every page the server sends (EachVisitAnswer). */
  eachVisit: { path: string; slot: Record<string, string> }[];
  /** The page's title and the product's description, in the language of the render. */
  title: string;
  description: string;
}

/** Whether the server renders a first screen for `pathname`: the login page and the portal's pages. */
export function hasFirstScreen(pathname: string): boolean {
  return pathname === '/login' || isPortalPath(pathname);
}

let started = false;
let queue: Promise<unknown> = Promise.resolve();

/**
 * Renders the first screen of `pathname` in `lang`, asking the server for data through `api` (in
 * process: it answers as it would a visitor's browser). Renders run one at a time: the
 * translations are one i18next instance, switched to the language of the render in progress.
 */
export function renderFirstScreen(pathname: string, lang: Lang, settings: PublicSettings, api: Transport): Promise<FirstScreen> {
  const run = queue.then(() => render(pathname, lang, settings, api));
  queue = run.catch(() => undefined);
  return run;
}

/**
 * At most this many passes: each renders the page, then loads what it found missing (code of
 * lazily imported parts, answers of the queries it started) for the next. A pass that found
 * nothing missing is the result. Pages need two or three.
 */
const MAX_PASSES = 5;
const PENDING_BOUNDARY = '<!--$?-->';

async function render(pathname: string, lang: Lang, settings: PublicSettings, api: Transport): Promise<FirstScreen> {
  setTransport(api);
  const namespaces = firstNamespaces(pathname);
  if (!started) {
    await initI18n(lang, namespaces);
    started = true;
  } else {
    await i18next.changeLanguage(lang);
    await loadNamespaces(namespaces);
  }
  const locale = await loadLocale(lang);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // A visitor: the login link in the top bar, the login form on /login.
  client.setQueryData(CURRENT_USER_KEY, null);
  const asked = new Set<string>();
  const eachVisit: FirstScreen['eachVisit'] = [];
  let html = '';
  for (let pass = 1; pass <= MAX_PASSES; pass += 1) {
    takeRenderedTitle(); // the title of this pass only
    const screen = await renderOnce(pathname, settings, locale, client);
    const pending = client
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.status === 'pending');
    // A visitor's own answer is rendered as its slot: the server puts each visitor's in its place.
    const slots = pending.filter((q) => eachVisitOf(q) !== null);
    for (const q of slots) {
      const { eachVisit: path, slot } = eachVisitOf(q)!;
      client.setQueryData(q.queryKey, slot);
      eachVisit.push({ path, slot });
    }
    // Queries this pass started and nobody has asked yet; one that failed stays a placeholder.
    const missing = pending.filter((q) => enabled(q) && !asked.has(q.queryHash));
    if (slots.length === 0 && missing.length === 0 && !screen.html.includes(PENDING_BOUNDARY)) {
      const title = takeRenderedTitle() ?? i18next.t('appName', { ns: 'common' });
      const description = i18next.t('appDescription', { ns: 'common' });
      return { ...screen, data: dehydrate(client, { shouldDehydrateQuery: sendToBrowser }), eachVisit, title, description };
    }
    missing.forEach((q) => asked.add(q.queryHash));
    await Promise.allSettled(missing.map((q) => q.fetch()));
    // A failed query would render its error state; removed, it renders its placeholder.
    client
      .getQueryCache()
      .findAll({ predicate: (q) => q.state.status === 'error' })
      .forEach((q) => client.getQueryCache().remove(q));
    html = screen.html;
  }
  const at = html.indexOf(PENDING_BOUNDARY);
  throw new Error(`${pathname}: parts still missing after ${MAX_PASSES} passes, near …${html.slice(Math.max(0, at - 300), at)}`);
}

/**
 * Whether the first screen loads `query`: not one waiting for a choice (disabled), nor one marked
 * with `meta.firstScreen` (an answer for one visitor, left out or asked for each visit: the
 * rendered page is shared by every visitor).
 */
function enabled(query: Query): boolean {
  if (query.meta?.firstScreen !== undefined) return false;
  const option = (query.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
  return (typeof option === 'function' ? option(query) : option) !== false;
}

/** The visitor's own answer `query` stands for on the first screen, if it is one. */
function eachVisitOf(query: Query): EachVisitAnswer | null {
  const meta = query.meta?.firstScreen as EachVisitAnswer | false | undefined;
  return meta && (query.options as { enabled?: unknown }).enabled !== false ? meta : null;
}

/** Answers the browser can start from: the successful ones, not who is signed in (its own call says). */
function sendToBrowser(query: Query): boolean {
  return query.state.status === 'success' && query.queryKey[0] !== CURRENT_USER_KEY[0];
}

async function renderOnce(
  pathname: string,
  settings: PublicSettings,
  locale: Locale,
  client: QueryClient,
): Promise<Pick<FirstScreen, 'html' | 'styles'>> {
  const cache = createCache();
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StyleProvider cache={cache}>
      <Providers locale={locale} settings={settings} client={client}>
        <StaticRouter location={pathname}>
          <AppRoutes settings={settings} />
        </StaticRouter>
      </Providers>
    </StyleProvider>,
    // One document, no progressive reveal: React would otherwise outline large boundaries behind scripts.
    { onError: (error) => void errors.push(error), progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  // A part that fails here would be rendered by the browser alone: no half-rendered first screen.
  if (errors.length > 0) throw errors[0] instanceof Error ? errors[0] : new Error(String(errors[0]));
  return { html: await new Response(prelude).text(), styles: extractStyle(cache) };
}
