import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@portal/contracts/account';
import { accountRoutes } from '@portal/contracts/routes/account';
import { SESSION_HINT_COOKIE } from '@portal/contracts/session-codes';
import { ApiError, call } from '../api/client';
import { readCookie } from './cookies';

export const CURRENT_USER_KEY = ['currentUser'] as const;

const currentUserQuery = queryOptions<CurrentUser | null>({
  queryKey: CURRENT_USER_KEY,
  queryFn: async () => {
    // No session in this browser (the server keeps the hint beside the session cookie): a visitor,
    // known without a call the server would refuse.
    if (readCookie(SESSION_HINT_COOKIE) !== '1') return null;
    try {
      return await call(accountRoutes.getCurrUser);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return null;
      throw err;
    }
  },
  staleTime: 60_000,
  retry: false,
});

/**
 * The signed-in user, or null for a visitor. A session refusal is "not signed in", not an error
 * (a session that ended since the page loaded).
 */
export function useCurrentUser() {
  return useQuery(currentUserQuery);
}

/**
 * Asks for the signed-in user at start, beside the settings call: every page needs the answer
 * (the guards, the portal's top bar), and asked from the first render it would come a round trip later.
 */
export function prefetchCurrentUser(client: QueryClient): void {
  void client.prefetchQuery(currentUserQuery);
}

export function useRefreshCurrentUser() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: CURRENT_USER_KEY });
}
