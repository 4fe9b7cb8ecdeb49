import { createContext, useContext } from 'react';
import type { MenuModel, MenuRoute } from './menus';

/** What the shell's parts share: the menu model and the favourite toggle. */
export interface ShellContextValue {
  model: MenuModel;
  /** Stars or un-stars a menu leaf; the tree updates at once and reverts if the call fails. */
  toggleFavourite(route: MenuRoute): void;
  /** Opens a menu route (an unknown page goes to '/'). */
  openRoute(route: MenuRoute): void;
}

export const ShellContext = createContext<ShellContextValue | null>(null);

export function useShell(): ShellContextValue {
  const value = useContext(ShellContext);
  if (!value) throw new Error('useShell outside the shell');
  return value;
}
