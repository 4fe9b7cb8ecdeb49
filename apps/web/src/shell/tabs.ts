/** A tab of the tab bar (name, path, id). */
export interface TabView {
  name: string;
  path: string;
  /** The menu id, or 'home'. */
  id: string;
}

export const HOME_PATH = '/mainIndex';
export const HOME_ID = 'home';

export function homeView(name: string): TabView {
  return { name, path: HOME_PATH, id: HOME_ID };
}

const isHome = (v: TabView) => v.path === HOME_PATH;

/** The home tab first, whatever the list held. */
function withHome(views: readonly TabView[], home: TabView): TabView[] {
  return [home, ...views.filter((v) => !isHome(v))];
}

/**
 * Opens a tab: unique by path (an open one keeps its place and takes the new name), the home tab
 * always first, and past the limit the oldest other tab closes.
 */
export function openView(views: readonly TabView[], view: TabView, limit: number, home: TabView): TabView[] {
  const list = withHome(views, home);
  const at = list.findIndex((v) => v.path === view.path);
  if (at >= 0) {
    list[at] = isHome(view) ? home : { ...list[at]!, name: view.name };
    return list;
  }
  list.push(view);
  while (list.length > Math.max(limit, 2)) list.splice(1, 1);
  return list;
}

/**
 * Closes one tab (never home). When it was the active one, the neighbour to its left (else right)
 * becomes active: `next` is its path.
 */
export function closeView(views: readonly TabView[], path: string, active: string): { views: TabView[]; next: string | null } {
  const at = views.findIndex((v) => v.path === path);
  if (at < 0 || isHome(views[at]!)) return { views: [...views], next: null };
  const rest = views.filter((_, i) => i !== at);
  const next = path === active ? (rest[at - 1] ?? rest[at] ?? rest[0])!.path : null;
  return { views: rest, next };
}

/** Closes every tab but home and the current one. */
export function closeOthers(views: readonly TabView[], current: string, home: TabView): TabView[] {
  return withHome(
    views.filter((v) => v.path === current),
    home,
  );
}

/** Closes every tab but home. */
export function closeAll(home: TabView): TabView[] {
  return [home];
}

/** The names kept alive: the keep-alive tabs' ids, always with 'home'. */
export function keepAliveIds(views: readonly TabView[], keepAlive: (view: TabView) => boolean): string[] {
  return [HOME_ID, ...views.filter((v) => !isHome(v) && keepAlive(v)).map((v) => v.id)];
}

/** Reads stored tabs, keeping only well-formed ones whose path still opens a page. */
export function restoreViews(stored: string | null, isKnown: (path: string) => boolean, home: TabView): TabView[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored ?? '[]');
  } catch {
    return [home];
  }
  if (!Array.isArray(parsed)) return [home];
  const views = parsed.filter(
    (v): v is TabView =>
      !!v &&
      typeof v === 'object' &&
      typeof v.path === 'string' &&
      typeof v.name === 'string' &&
      typeof v.id === 'string' &&
      isKnown(v.path),
  );
  const unique = views.filter((v, i) => views.findIndex((w) => w.path === v.path) === i);
  return withHome(unique, home);
}
