import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PublicSettings } from '@portal/contracts/settings';
import { AuthButton, Permission, PermissionsProvider, buttonAllowed, hasPermission, storedPermissions } from './permission';
import { SettingsProvider } from './settings';

afterEach(cleanup);

describe('hasPermission', () => {
  const granted = { 'user:edit': true, 'user:view': false };
  it('passes when any of the comma-separated codes is granted', () => {
    expect(hasPermission(granted, 'user:view,user:edit')).toBe(true);
    expect(hasPermission(granted, ' user:edit ')).toBe(true);
    expect(hasPermission(granted, 'user:view')).toBe(false);
    expect(hasPermission(granted, 'role:edit,menu:edit')).toBe(false);
  });
  it('passes an empty code, and everything with auth verification off', () => {
    expect(hasPermission(granted, '')).toBe(true);
    expect(hasPermission(granted, undefined)).toBe(true);
    expect(hasPermission(granted, ' , ')).toBe(true);
    expect(hasPermission({}, 'role:edit', false)).toBe(true);
  });
  it('reads the cached map from session storage, tolerating junk', () => {
    sessionStorage.setItem('userPermissions', '{"a":true}');
    expect(storedPermissions()).toEqual({ a: true });
    sessionStorage.setItem('userPermissions', '[1]');
    expect(storedPermissions()).toEqual({});
    sessionStorage.setItem('userPermissions', '{');
    expect(storedPermissions()).toEqual({});
  });
});

describe('buttonAllowed', () => {
  it('enables every button without a list, else only the listed rights', () => {
    expect(buttonAllowed(null, 'export')).toBe(true);
    expect(buttonAllowed(['export'], 'export')).toBe(true);
    expect(buttonAllowed(['export'], 'delete')).toBe(false);
    expect(buttonAllowed([], 'export')).toBe(false);
  });
});

describe('<Permission>', () => {
  const settings = { authVerification: true, buttonAuthList: null } as unknown as PublicSettings;
  it('removes the guarded element when no code is granted', () => {
    render(
      <SettingsProvider value={settings}>
        <PermissionsProvider value={{ 'user:edit': true }}>
          <Permission code="user:edit">
            <button type="button">edit</button>
          </Permission>
          <Permission code="session:kickout">
            <button type="button">kick</button>
          </Permission>
          <Permission code="">
            <button type="button">open</button>
          </Permission>
        </PermissionsProvider>
      </SettingsProvider>,
    );
    expect(screen.getByRole('button', { name: 'edit' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'open' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'kick' })).toBeNull();
  });
});

describe('<AuthButton>', () => {
  it('is disabled unless the button list holds its right', () => {
    const settings = { authVerification: true, buttonAuthList: ['export'] } as unknown as PublicSettings;
    render(
      <SettingsProvider value={settings}>
        <AuthButton right="export">export</AuthButton>
        <AuthButton right="delete">delete</AuthButton>
      </SettingsProvider>,
    );
    expect((screen.getByRole('button', { name: 'export' }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: 'delete' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
