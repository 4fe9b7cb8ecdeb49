import { Suspense, lazy, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Spin } from 'antd';
import { Navigate, useLocation } from 'react-router';
import { userRoutes } from '@portal/contracts/routes/user';
import { call } from '../api/client';
import { CURRENT_USER_KEY, useCurrentUser } from '../shared/use-current-user';
import { rememberLoginUrl } from '../shared/session-storage';
import { parseEntry, storeEntry, type LoginEntry } from '../shell/login-entry';

const LazyErrorPage = lazy(() => import('../shell/error-page').then((m) => ({ default: m.ErrorPage })));

/** The error page, loaded only when something failed. */
function ErrorPage({ status }: { status: 403 | 404 | 500 }) {
  return (
    <Suspense fallback={null}>
      <LazyErrorPage status={status} />
    </Suspense>
  );
}

export function FullPageSpin() {
  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <Spin size="large" />
    </div>
  );
}

/**
 * Login entry by query: the token is checked by the server (tokenEntry, which also sets the
 * session cookie) before anything from the URL is kept; then the URL loses the entry keys.
 */
function TokenEntry({ entry }: { entry: LoginEntry }) {
  const location = useLocation();
  const queryClient = useQueryClient();
  const result = useQuery({
    queryKey: ['tokenEntry', entry.token],
    queryFn: async () => {
      try {
        const user = await call(userRoutes.tokenEntry, { body: { token: entry.token }, quiet: true });
        storeEntry(entry, user);
        // A getCurrUser sent before the cookie existed must not overwrite the checked user.
        await queryClient.cancelQueries({ queryKey: CURRENT_USER_KEY });
        queryClient.setQueryData(CURRENT_USER_KEY, user);
      } catch {
        await queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      }
      return true;
    },
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
  if (result.isPending) return <FullPageSpin />;
  return <Navigate to={location.pathname + entry.rest + location.hash} replace />;
}

/** Back-office routes need a session; without one the person goes to /login and comes back after. */
export function RequireSession({ children }: { children: ReactNode }) {
  const location = useLocation();
  const entry = parseEntry(location.search);
  const { data: user, isLoading, isError } = useCurrentUser();
  if (entry) return <TokenEntry entry={entry} />;
  if (isLoading) return <FullPageSpin />;
  if (isError) return <ErrorPage status={500} />;
  if (!user) {
    rememberLoginUrl(location.pathname + location.search);
    return <Navigate to="/login" replace />;
  }
  return <>{children}</>;
}

/**
 * A signed-in person visiting /login is sent to /. Decided once, when the page opens, so signing
 * in on this page leaves the navigation to the login form.
 */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { data: user, isLoading } = useCurrentUser();
  const [signedInOnArrival, setSignedInOnArrival] = useState<boolean | null>(null);
  if (!isLoading && signedInOnArrival === null) setSignedInOnArrival(Boolean(user));
  if (isLoading || signedInOnArrival === null) return <FullPageSpin />;
  if (signedInOnArrival) return <Navigate to="/" replace />;
  return <>{children}</>;
}
