import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/index';
import { LanguageSwitch } from './language-switch';

beforeAll(async () => {
  await initI18n('en-US', []);
});
afterEach(() => {
  cleanup();
  document.cookie = 'lang=; path=/; max-age=0';
  window.history.replaceState(null, '', '/');
});

const menuItems = () => [...document.querySelectorAll<HTMLElement>('.ant-dropdown-menu-item')];

describe('language switch', { timeout: 60_000 }, () => {
  it('names the current language and opens the three languages on a click, the current one selected', async () => {
    render(<LanguageSwitch />);
    // Named by what it is and what it shows, so a spoken "English" finds it too.
    const button = screen.getByRole('button', { name: /^Language:\s?English$/ });
    expect(button.hasAttribute('aria-label')).toBe(false);
    fireEvent.click(button);
    await waitFor(() => expect(menuItems()).toHaveLength(3), { timeout: 20_000 });
    expect(menuItems().map((i) => i.textContent)).toEqual(['简体中文', 'English', '繁體中文']);
    const selected = menuItems().filter((i) => i.className.includes('selected'));
    expect(selected.map((i) => i.textContent)).toEqual(['English']);
  });

  it('stores the chosen language in the cookie the server reads', async () => {
    render(<LanguageSwitch />);
    fireEvent.click(screen.getByRole('button', { name: /^Language/ }));
    await waitFor(() => expect(menuItems()).toHaveLength(3), { timeout: 20_000 });
    fireEvent.click(menuItems()[2]!);
    expect(document.cookie).toContain('lang=zh-TW');
  });

  it('goes to the home page first when asked to', async () => {
    window.history.replaceState(null, '', '/trade/orders');
    render(<LanguageSwitch jumpToHome />);
    fireEvent.click(screen.getByRole('button', { name: /^Language/ }));
    await waitFor(() => expect(menuItems()).toHaveLength(3), { timeout: 20_000 });
    fireEvent.click(menuItems()[0]!);
    expect(document.cookie).toContain('lang=zh-CN');
    expect(window.location.pathname).toBe('/mainIndex');
  });
});
