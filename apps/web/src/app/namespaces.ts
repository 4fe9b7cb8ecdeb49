import type { Namespace } from '../i18n/resources';
import { PORTAL_NAMESPACES, isPortalPath } from '../portal/routes';

// Each part loads its translation namespaces together with its code (`common` is always there).
export const LOGIN_NAMESPACES: Namespace[] = ['login'];
export const SHELL_NAMESPACES: Namespace[] = ['shell', 'profile'];

/** The namespaces the first screen at `pathname` needs; the start loads them with the language. */
export function firstNamespaces(pathname: string): Namespace[] {
  if (pathname === '/login') return LOGIN_NAMESPACES;
  if (isPortalPath(pathname)) return PORTAL_NAMESPACES;
  return SHELL_NAMESPACES;
}
