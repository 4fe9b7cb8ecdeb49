import { useLayoutEffect } from 'react';
import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * The first screen the server rendered (docs/decisions/064): a static copy of the page, shown from
 * the first paint until the app has rendered the same page, then removed in the same frame.
 * `data-path` is the address it was rendered for.
 */
const ID = 'first-screen';

/** Whether the server's first screen of this very address is on the page (not on the server). */
export function hasFirstScreen(): boolean {
  if (typeof document === 'undefined') return false;
  const el = document.getElementById(ID);
  return el !== null && el.dataset.path === window.location.pathname;
}

/**
 * Puts the answers the first screen was rendered with into the browser's query cache, so the app's
 * first render shows what the copy shows. They are marked stale: the server keeps a rendered page
 * for a few seconds, so each query asks again once its component mounts, and what changed since
 * shows a moment later (unchanged answers change nothing on screen).
 */
export function takeFirstScreenData(client: QueryClient): void {
  const script = document.getElementById(`${ID}-data`);
  if (!script || !hasFirstScreen()) return;
  try {
    // TanStack's dehydrated state; its few fields are read here (its `hydrate` would add 1.5 KB to every first visit).
    const state = JSON.parse(script.textContent ?? '{}') as {
      queries?: { queryKey: QueryKey; state: { data: unknown; dataUpdatedAt: number } }[];
    };
    for (const query of state.queries ?? [])
      client.setQueryData(query.queryKey, query.state.data, { updatedAt: query.state.dataUpdatedAt });
    void client.invalidateQueries({ refetchType: 'none' });
  } catch {
    // Unreadable: the queries load as on any other page.
  }
  script.remove();
}

/** Removes the server's first screen; the app underneath becomes visible. */
export function dropFirstScreen(): void {
  if (typeof document === 'undefined') return;
  document.getElementById(ID)?.remove();
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
    if (el && el.dataset.path !== pathname) el.remove();
  }, [pathname]);
}
