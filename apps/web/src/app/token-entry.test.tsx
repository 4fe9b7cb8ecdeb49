import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/index';
import type { LoginEntry } from '../shell/login-entry';
import { answerCalls } from '../test/fake-server';
import { LocationProbe, findButton, renderPage } from '../test/user-centre-page';
import { TokenEntry } from './token-entry';

beforeAll(async () => {
  await initI18n('en-US', ['shell']);
});
afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const PREVIEW = '/omc/api/user/tokenEntryPreview';
const ADOPT = '/omc/api/user/tokenEntry';
const ME = '/omc/api/user/getCurrUser';
const entry: LoginEntry = { token: 'tok-123', context: { tenantId: 't9' }, rest: '?tab=orders' };
const who = {
  currUserId: '61',
  userId: '61',
  userName: 'supplier1',
  nickName: 'Wang Lei',
  companyName: 'Shandong Fertiliser',
  userType: '2',
  lastLoginDateTime: '',
};
const signedOut = { error: { code: '401', message: 'Not signed in', status: 401 } };

function show() {
  // The browser's own address carries the token as the link did.
  window.history.replaceState(null, '', '/trade/orders?token=tok-123&tenantId=t9&tab=orders');
  return renderPage(
    <>
      <TokenEntry entry={entry} />
      <LocationProbe />
    </>,
    '/trade/orders?token=tok-123&tenantId=t9&tab=orders',
  );
}

describe('sign-in by link', { timeout: 90_000 }, () => {
  it('names the account the link opens and signs in to nothing before the person confirms', async () => {
    const calls = answerCalls({ [PREVIEW]: { data: who }, [ME]: signedOut });
    show();
    expect(await screen.findByText('Confirm the account')).toBeTruthy();
    expect(calls.find((c) => c.path === PREVIEW)?.body).toEqual({ token: 'tok-123' });
    const card = document.body.textContent!;
    expect(card).toContain('supplier1');
    expect(card).toContain('Wang Lei');
    expect(card).toContain('Shandong Fertiliser');
    expect(calls.some((c) => c.path === ADOPT)).toBe(false);
    // The token has already left the address bar.
    expect(window.location.pathname + window.location.search).toBe('/trade/orders?tab=orders');
    expect(sessionStorage.getItem('currUserId')).toBeNull();
  });

  it('adopts the account on "continue", keeps the link context, and goes on without the token', async () => {
    const calls = answerCalls({ [PREVIEW]: { data: who }, [ME]: signedOut, [ADOPT]: { data: who } });
    show();
    fireEvent.click(await findButton('Continue'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/trade/orders?tab=orders'));
    expect(calls.find((c) => c.path === ADOPT)?.body).toEqual({ token: 'tok-123' });
    expect(sessionStorage.getItem('currUserId')).toBe('61');
    expect(sessionStorage.getItem('tenantId')).toBe('t9');
  });

  it('drops the link on "cancel" without signing in', async () => {
    const calls = answerCalls({ [PREVIEW]: { data: who }, [ME]: signedOut });
    show();
    fireEvent.click(await findButton('Cancel'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/trade/orders?tab=orders'));
    expect(calls.some((c) => c.path === ADOPT)).toBe(false);
    expect(sessionStorage.getItem('tenantId')).toBeNull();
  });

  it('drops a refused link at once', async () => {
    const calls = answerCalls({ [PREVIEW]: { error: { code: '10401', message: 'Expired', status: 401 } }, [ME]: signedOut });
    show();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/trade/orders?tab=orders'));
    expect(screen.queryByText('Confirm the account')).toBeNull();
    expect(calls.some((c) => c.path === ADOPT)).toBe(false);
  });

  it('warns someone signed in as another account that continuing switches', async () => {
    answerCalls({ [PREVIEW]: { data: who }, [ME]: { data: { ...who, currUserId: '5', userId: '5', userName: 'buyer7' } } });
    show();
    expect(await screen.findByText('You are signed in as buyer7; continuing switches to the account above.')).toBeTruthy();
  });
});
