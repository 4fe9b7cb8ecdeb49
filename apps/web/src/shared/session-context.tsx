import { createContext, useContext, type ReactNode } from 'react';
import type { CurrentUser } from '@portal/contracts/account';

/** What the shell offers its pages about the signed-in person. */
export interface ShellSession {
  user: CurrentUser;
  /** Reads the current user again (after the personal info changed). */
  refreshUser(): Promise<void>;
  /** Clears every cached user key and goes to the login page (after a password change). */
  forceLogout(): void;
  /** What a password field sends: the plain value within TLS, or RSA-encrypted (webEncryptType=rsa). */
  transportPassword(plain: string): Promise<string>;
}

const SessionContext = createContext<ShellSession | null>(null);

export function ShellSessionProvider({ value, children }: { value: ShellSession; children: ReactNode }) {
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useShellSession(): ShellSession {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useShellSession outside the shell');
  return value;
}
