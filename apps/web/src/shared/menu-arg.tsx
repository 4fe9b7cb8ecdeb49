import { createContext, useContext, type ReactNode } from 'react';

const MenuArgContext = createContext<Record<string, unknown>>({});

/** Parses a menu's menu_arg JSON text; anything but a JSON object gives {}. */
export function parseMenuArg(text: string | undefined): Record<string, unknown> {
  if (!text) return {};
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The shell hands each menu page its menu_arg through this provider. */
export function MenuArgProvider({ value, children }: { value: Record<string, unknown>; children: ReactNode }) {
  return <MenuArgContext.Provider value={value}>{children}</MenuArgContext.Provider>;
}

/** The menu_arg of the menu that opened this page ({} when none). */
export function useMenuArg(): Record<string, unknown> {
  return useContext(MenuArgContext);
}
