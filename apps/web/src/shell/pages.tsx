import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { SHELL_FEATURES } from './shell-features';
import { withTexts } from '../i18n/index';
import type { MenuPage } from '../shared/feature-manifest';

/** The shell's own pages; the features declare theirs in their manifests. */
const SHELL_PAGES: MenuPage[] = [
  { path: '/mainIndex', load: () => import('./main-index-page').then((m) => m.MainIndexPage) },
  { path: '/profile/favorites', load: () => import('./favorites-page').then((m) => m.FavoritesPage) },
];

/** A menu page, shown once its code and the texts it names have arrived. */
function lazyPage({ load, namespaces }: MenuPage): LazyExoticComponent<ComponentType> {
  return lazy(() => (namespaces ? withTexts(load(), namespaces) : load()).then((page) => ({ default: page })));
}

/**
 * The pages of this app a menu URL may open (routes are built at run time from the menus; a menu
 * whose URL is not here and is not a frame is unknown and goes to '/'). Each page loads lazily.
 */
export const MENU_PAGES: Record<string, LazyExoticComponent<ComponentType>> = Object.fromEntries(
  [...SHELL_PAGES, ...SHELL_FEATURES.flatMap((feature) => feature.menuPages ?? [])].map((page) => [page.path, lazyPage(page)]),
);

export function hasPage(path: string): boolean {
  return Object.hasOwn(MENU_PAGES, path);
}
