import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSidebarState } from './sidebar';

function screenWidth(narrow: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: narrow,
    media: query,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  }));
}
afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'sidebarStatus=; max-age=0; path=/';
});

describe('the sidebar', () => {
  it('on a phone is a drawer: closed at first, opened by the toggle, closed again once a page is chosen, never remembered', () => {
    screenWidth(true);
    const { result } = renderHook(() => useSidebarState());
    expect(result.current).toMatchObject({ narrow: true, open: false });
    act(() => result.current.toggle());
    expect(result.current.open).toBe(true);
    act(() => result.current.close());
    expect(result.current.open).toBe(false);
    expect(document.cookie).not.toContain('sidebarStatus');
  });

  it('on a wide screen is a column that stays as the person left it', () => {
    screenWidth(false);
    const { result } = renderHook(() => useSidebarState());
    expect(result.current).toMatchObject({ narrow: false, open: true });
    act(() => result.current.toggle());
    expect(result.current.open).toBe(false);
    expect(document.cookie).toContain('sidebarStatus=0');
    act(() => result.current.close());
    expect(result.current.open).toBe(false);
  });
});
