import { useLayoutEffect } from 'react';
import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * The first screen the server rendered (docs/decisions/064): a static copy of the page, shown from
 * the first paint until the app has rendered the same page, then removed in the same frame.
 * `data-path` is the address it was rendered for.
 */
const ID = 'first-screen';

/** Whether the server's first screen of this very address is on the page (not on the server). */
export function isFirstScreenShown(): boolean {
  if (typeof document === 'undefined') return false;
  const el = document.getElementById(ID);
  return el !== null && el.dataset.path === window.location.pathname;
}

/**
 * A query's `meta.firstScreen` for an answer that is each visitor's own and still belongs on the
 * first screen (the login form's picture code): the server's render puts `slot` (the answer's
 * fields as tokens) in its place, and the server asks `eachVisit` (a GET path) for every page it
 * sends and puts that visitor's answer where the tokens are. `false` leaves a query out of the
 * first screen altogether (the browser asks once it has taken over).
 */
export interface EachVisitAnswer {
  eachVisit: string;
  slot: Record<string, string>;
}

/** The cache the first screen's answers went into, until they have been asked for again. */
let answered: QueryClient | null = null;

/**
 * Puts the answers the first screen was rendered with into the browser's query cache, so the app's
 * first render shows what the copy shows. They count as fresh until the copy is gone and the
 * browser is idle; then every query asks again (the server keeps a rendered page for up to a
 * minute), and what changed since shows a moment later (unchanged answers change nothing on
 * screen). Asking at once would put that work beside the first render, on the busiest moment.
 */
export function takeFirstScreenData(client: QueryClient): void {
  const script = document.getElementById(`${ID}-data`);
  if (!script || !isFirstScreenShown()) return;
  try {
    // TanStack's dehydrated state; its few fields are read here (its `hydrate` would add 1.5 KB to every first visit).
    const state = JSON.parse(script.textContent ?? '{}') as { queries?: { queryKey: QueryKey; state: { data: unknown } }[] };
    for (const query of state.queries ?? []) client.setQueryData(query.queryKey, query.state.data);
    answered = client;
  } catch {
    // Unreadable: the queries load as on any other page.
  }
  script.remove();
}

/**
 * Asks again for the first screen's answers once the browser is idle; not for a visitor's own
 * (a picture code): the page showed this very one, and the person may be typing it.
 */
function refreshFirstScreenData(): void {
  const client = answered;
  if (!client) return;
  answered = null;
  const refresh = () => void client.invalidateQueries({ predicate: (query) => query.meta?.firstScreen === undefined });
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(refresh, { timeout: 2000 });
  else setTimeout(refresh, 200);
}

/**
 * Removes the server's first screen; the app underneath becomes visible (the copy's loader moves
 * what was typed into it to the app's fields). Not while an input method is composing text in one
 * of the copy's fields (its loader marks the copy): cut off, the composition would be lost; the
 * copy goes once it has ended.
 */
export function dropFirstScreen(): void {
  if (typeof document === 'undefined') return;
  const copy = document.getElementById(ID);
  if (copy?.hasAttribute('data-composing')) {
    copy.addEventListener('compositionend', () => setTimeout(dropFirstScreen), { once: true });
    return;
  }
  copy?.remove();
  refreshFirstScreenData();
}

/** Rendered beside a page inside its Suspense boundary: commits, and drops the copy, once the page has. */
export function FirstScreenReady(): null {
  useLayoutEffect(dropFirstScreen, []);
  return null;
}

/** Drops the copy as soon as the app shows another address than the one it was rendered for (a redirect). */
export function useFirstScreenFor(pathname: string): void {
  useLayoutEffect(() => {
    const el = document.getElementById(ID);
    if (el && el.dataset.path !== pathname) dropFirstScreen();
  }, [pathname]);
}
