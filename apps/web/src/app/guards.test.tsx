import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '@portal/contracts/account';
import { initI18n } from '../i18n/index';
import { answerCalls } from '../test/fake-server';
import { CURRENT_USER_KEY } from '../shared/use-current-user';
import { RequireSession } from './guards';

beforeAll(async () => {
  await initI18n('zh-CN', []);
});
afterEach(cleanup);

const buyer = { currUserId: '7', userId: '7', realName: '张三', nickName: 'buyer01', mobilePhone: '13800000001' } as CurrentUser;

function guarded(client: QueryClient) {
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/trade/tenders']}>
        <RequireSession>
          <p>my tenders</p>
        </RequireSession>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('RequireSession', () => {
  it('keeps the page when a refresh of the signed-in user fails for a moment', async () => {
    answerCalls({ '/omc/api/user/getCurrUser': 'network' });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(CURRENT_USER_KEY, buyer);
    guarded(client);
    expect(screen.getByText('my tenders')).toBeTruthy();
    await act(() => client.invalidateQueries({ queryKey: CURRENT_USER_KEY }));
    await waitFor(() => expect(client.getQueryState(CURRENT_USER_KEY)?.status).toBe('error'));
    expect(screen.getByText('my tenders')).toBeTruthy();
  });

  it('shows the server error page when the first answer never comes', async () => {
    answerCalls({ '/omc/api/user/getCurrUser': 'network' });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    guarded(client);
    await waitFor(() => expect(screen.getAllByText('Server Error').length).toBeGreaterThan(0));
    expect(screen.queryByText('my tenders')).toBeNull();
  });
});
