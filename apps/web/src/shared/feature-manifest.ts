import type { ComponentType } from 'react';
import type { Namespace } from '../i18n/resources';

/** Loads a page's code and answers its component; called when the page is first shown (or preloaded). */
export type PageLoader = () => Promise<ComponentType>;

/** Pages of the public portal, allowed without a session: the loader of each by its path. */
export type PortalPages = Readonly<Record<string, PageLoader>>;

/** A page of the back-office shell, opened by a menu whose URL is `path`. */
export interface MenuPage {
  path: string;
  load: PageLoader;
  /** The translation namespaces the page renders with besides the shell's; they load with its code. */
  namespaces?: Namespace[];
}

/**
 * What a web feature brings to the app: the portal pages (in the layout or framed) and the shell's
 * menu pages it serves.
 * Every loader is a dynamic import, so declaring a page costs the first visit one line, not its code.
 */
export interface FeatureManifest {
  /** Pages inside the portal layout (top bar and footers). */
  portalPages?: PortalPages;
  /** Pages the portal shows in a frame: no top bar or footer of their own. */
  framedPages?: PortalPages;
  menuPages?: MenuPage[];
}
