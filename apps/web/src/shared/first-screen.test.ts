import { afterEach, describe, expect, it, vi } from 'vitest';
import { dropFirstScreen } from './first-screen';

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('removing the server-drawn first screen', () => {
  it('waits while an input method composes text in one of its fields, and goes once that has ended', () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<div id="first-screen" data-path="/login" data-composing=""><input id="account"></div><div id="root"></div>';
    dropFirstScreen();
    expect(document.getElementById('first-screen')).not.toBeNull();
    const copy = document.getElementById('first-screen')!;
    // The copy's loader takes the mark off as the composition ends.
    copy.removeAttribute('data-composing');
    copy.querySelector('input')!.dispatchEvent(new Event('compositionend', { bubbles: true }));
    vi.runAllTimers();
    expect(document.getElementById('first-screen')).toBeNull();
  });

  it('goes at once otherwise', () => {
    document.body.innerHTML = '<div id="first-screen" data-path="/login"></div><div id="root"></div>';
    dropFirstScreen();
    expect(document.getElementById('first-screen')).toBeNull();
  });
});
