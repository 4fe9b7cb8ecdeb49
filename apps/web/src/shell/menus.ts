import { MENU_TYPE_IFRAME, type MenuNode } from '@portal/contracts/menus';
import { parseMenuArg } from '../shared/menu-arg';

export type MenuPageKind = 'page' | 'iframe' | 'unknown';

/** A route built from a menu leaf. */
export interface MenuRoute {
  /** The path the route answers: the menu's URL, or /iframe/<id> for a framed page. */
  path: string;
  menu: MenuNode;
  kind: MenuPageKind;
  keepAlive: boolean;
  arg: Record<string, unknown>;
  /** The nodes from the top of the tree down to this leaf. */
  trail: MenuNode[];
}

export interface MenuModel {
  /** 1: there are top-level menus under the root name; 0: "no root" (menusType in session storage). */
  menusType: 1 | 0;
  /** Top-level menus (parent is the root name, not hidden); empty without roots. */
  tops: MenuNode[];
  /** Every route by path; hidden menus route too, they are only left out of menus and search. */
  routes: Map<string, MenuRoute>;
  /** Routes by menu id, unknown pages included. */
  byId: Map<string, MenuRoute>;
  /** Paths of menus whose page this app does not have: they go to '/'. */
  unknownPaths: Set<string>;
  /** The visible leaves people can search for and star, in menu order. */
  leaves: MenuRoute[];
  /** The collected (favourite) leaves of each group: top-menu id -> routes ('' without roots). */
  collections: Map<string, MenuRoute[]>;
}

export interface MenuModelOptions {
  rootName: string;
  lowercaseUrls: boolean;
  isAllKeepAlive: boolean;
  /** Whether this app has a page for a (non-frame) menu URL. */
  hasPage(path: string): boolean;
}

export const IFRAME_PREFIX = '/iframe/';

/** The route path of a menu leaf. */
export function routePathOf(menu: MenuNode, lowercaseUrls: boolean): string {
  if (menu.menu_type === MENU_TYPE_IFRAME) return `${IFRAME_PREFIX}${encodeURIComponent(menu.id)}`;
  const path = menu.url.split(/[?#]/)[0] ?? '';
  return lowercaseUrls ? path.toLowerCase() : path;
}

/** The source a framed menu page loads: its URL, encoded, with menu_arg entries added to the query. */
export function frameSource(menu: MenuNode, arg: Record<string, unknown>): string {
  const url = new URL(encodeURI(decodeURI(menu.url)), window.location.origin);
  for (const [key, value] of Object.entries(arg)) {
    if (value !== null && value !== undefined && typeof value !== 'object') url.searchParams.set(key, String(value));
  }
  return url.origin === window.location.origin ? `${url.pathname}${url.search}${url.hash}` : url.href;
}

const isHidden = (n: MenuNode) => n.hidden || n.isHidden;

/**
 * Builds routes, top menus, the searchable leaves and the favourite collections from the menu
 * tree get_menu_list answers (children walked recursively).
 */
export function buildMenuModel(nodes: readonly MenuNode[], opts: MenuModelOptions): MenuModel {
  const tops = nodes.filter((n) => n.parent_id === opts.rootName && !isHidden(n));
  const menusType = tops.length > 0 ? 1 : 0;
  const routes = new Map<string, MenuRoute>();
  const byId = new Map<string, MenuRoute>();
  const leaves: MenuRoute[] = [];
  const collections = new Map<string, MenuRoute[]>();
  const unknownPaths = new Set<string>();

  const visit = (node: MenuNode, trail: MenuNode[], visible: boolean, group: string) => {
    const here = [...trail, node];
    const shown = visible && !isHidden(node);
    if (node.children.length > 0) {
      for (const child of node.children) visit(child, here, shown, group);
      return;
    }
    if (!node.url) return;
    const iframe = node.menu_type === MENU_TYPE_IFRAME;
    const path = routePathOf(node, opts.lowercaseUrls);
    const route: MenuRoute = {
      path,
      menu: node,
      kind: iframe ? 'iframe' : opts.hasPage(path) ? 'page' : 'unknown',
      keepAlive: opts.isAllKeepAlive ? node.is_keep_alive !== '0' : node.is_keep_alive === '1',
      arg: parseMenuArg(node.menu_arg),
      trail: here,
    };
    byId.set(node.id, route);
    if (route.kind === 'unknown') {
      unknownPaths.add(path);
      return;
    }
    if (!routes.has(path)) routes.set(path, route);
    if (!shown) return;
    leaves.push(route);
    if (node.has_collect === '1') collections.set(group, [...(collections.get(group) ?? []), route]);
  };

  if (menusType === 1) {
    for (const top of tops) visit(top, [], true, top.id);
    // Hidden top menus and nodes outside the root still route; they show nowhere.
    for (const other of nodes) if (!tops.includes(other)) visit(other, [], false, '');
  } else {
    for (const node of nodes) visit(node, [], true, '');
  }
  return { menusType, tops, routes, byId, unknownPaths, leaves, collections };
}

/** The top menu a path belongs to, if any. */
export function topOf(model: MenuModel, path: string): MenuNode | undefined {
  const first = model.routes.get(path)?.trail[0];
  return first && model.tops.includes(first) ? first : undefined;
}

/** Sets has_collect of one node in a tree (a new tree; the favourite toggles optimistically). */
export function withCollect(nodes: readonly MenuNode[], id: string, collected: boolean): MenuNode[] {
  return nodes.map((n) =>
    n.id === id
      ? { ...n, has_collect: collected ? '1' : '0' }
      : n.children.length
        ? { ...n, children: withCollect(n.children, id, collected) }
        : n,
  );
}
