import { createContext, useContext, type ReactNode } from 'react';
import { Button, type ButtonProps } from 'antd';
import type { PermissionMap } from '@portal/contracts/user';
import { useSettings } from './settings';

/**
 * True when any of the comma-separated codes is granted; an empty code passes, and with auth
 * verification off everything passes.
 */
export function hasPermission(granted: PermissionMap, codes: string | undefined, authVerification = true): boolean {
  if (!authVerification) return true;
  const wanted = (codes ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  return wanted.length === 0 || wanted.some((code) => granted[code] === true);
}

/** A custom button is enabled when no button list is configured, or the list holds its right. */
export function buttonAllowed(buttonAuthList: readonly string[] | null, right: string): boolean {
  return buttonAuthList === null || buttonAuthList.includes(right);
}

/** The cached permission map (session storage `userPermissions`); empty when absent or unreadable. */
export function storedPermissions(): PermissionMap {
  try {
    const parsed = JSON.parse(sessionStorage.getItem('userPermissions') ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as PermissionMap) : {};
  } catch {
    return {};
  }
}

const PermissionsContext = createContext<PermissionMap | null>(null);

/** The shell provides the map it loaded from getUserPermissions; elsewhere the cached one is read. */
export function PermissionsProvider({ value, children }: { value: PermissionMap; children: ReactNode }) {
  return <PermissionsContext.Provider value={value}>{children}</PermissionsContext.Provider>;
}

/** A checker for comma-separated permission codes. */
export function usePermission(): (codes: string | undefined) => boolean {
  const granted = useContext(PermissionsContext) ?? storedPermissions();
  const { authVerification } = useSettings();
  return (codes) => hasPermission(granted, codes, authVerification);
}

/** Renders its children only when any of the codes is granted; otherwise the element is removed. */
export function Permission({ code, children }: { code: string | undefined; children: ReactNode }) {
  const allowed = usePermission();
  return allowed(code) ? <>{children}</> : null;
}

/** Whether a custom button needing `right` is enabled (settings.buttonAuthList). */
export function useButtonAllowed(): (right: string) => boolean {
  const { buttonAuthList } = useSettings();
  return (right) => buttonAllowed(buttonAuthList, right);
}

/** A custom button needing `right`: disabled unless the configured button list allows it. */
export function AuthButton({ right, disabled, ...props }: ButtonProps & { right: string }) {
  const allowed = useButtonAllowed();
  return <Button {...props} disabled={disabled || !allowed(right)} />;
}
