import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'portal-scroll-positions';
let positions: Map<string, number> | null = null;

function stored(): Map<string, number> {
  if (!positions) {
    try {
      positions = new Map(Object.entries(JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>));
    } catch {
      positions = new Map();
    }
  }
  return positions;
}

function persist(): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(stored())));
  } catch {
    // Storage full or blocked: positions are kept for this page's life only.
  }
}

/**
 * What React Router's ScrollRestoration did for the portal (it needs the data router): a page
 * opened by a link starts at the top, or at its #hash; back and forward return to where that page
 * was left; a reload keeps the position. Positions are kept per history entry, in session storage.
 */
export function useScrollRestoration(): void {
  const location = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    const before = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    return () => {
      window.history.scrollRestoration = before;
    };
  }, []);

  useLayoutEffect(() => {
    const saved = stored().get(location.key);
    if (navigationType === 'POP' && saved !== undefined) window.scrollTo(0, saved);
    else if (location.hash) document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
    else if (navigationType !== 'POP') window.scrollTo(0, 0);
    // The location is deliberately the only trigger: restore once per history entry.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);

  useEffect(() => {
    const key = location.key;
    let frame = 0;
    const record = () => {
      frame = 0;
      stored().set(key, window.scrollY);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(record);
    };
    const onPageHide = () => {
      record();
      persist();
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', onPageHide);
      if (frame) cancelAnimationFrame(frame);
      persist();
    };
  }, [location.key]);
}
