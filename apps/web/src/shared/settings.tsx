import { createContext, useContext, type ReactNode } from 'react';
import type { PublicSettings } from '@portal/contracts/settings';

const SettingsContext = createContext<PublicSettings | null>(null);

/** The public settings read from the server at start, so behaviour changes without a rebuild. */
export function SettingsProvider({ value, children }: { value: PublicSettings; children: ReactNode }) {
  return <SettingsContext.Provider value={value}>{children}</SettingsContext.Provider>;
}

export function useSettings(): PublicSettings {
  const value = useContext(SettingsContext);
  if (!value) throw new Error('useSettings outside SettingsProvider');
  return value;
}
