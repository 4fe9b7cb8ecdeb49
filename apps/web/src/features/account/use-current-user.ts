import { useQuery, useQueryClient } from '@tanstack/react-query';
import { accountEndpoints, type CurrentUser } from '@portal/contracts/account';
import { ApiError, call } from '../../api/client';

export const CURRENT_USER_KEY = ['currentUser'] as const;

/** The signed-in user, or null for a visitor. A session refusal is "not signed in", not an error. */
export function useCurrentUser() {
  return useQuery<CurrentUser | null>({
    queryKey: CURRENT_USER_KEY,
    queryFn: async () => {
      try {
        return await call(accountEndpoints.getCurrUser);
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) return null;
        throw err;
      }
    },
    staleTime: 60_000,
    retry: false,
  });
}

export function useRefreshCurrentUser() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: CURRENT_USER_KEY });
}
