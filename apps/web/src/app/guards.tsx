import { Suspense, lazy, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useCurrentUser } from '../shared/use-current-user';
import { rememberLoginUrl } from '../shared/session-storage';
import { parseEntry } from '../shell/login-entry';
import { FullPageSpin } from './full-page-spin';

export { FullPageSpin };

const LazyErrorPage = lazy(() => import('../shell/error-page').then((m) => ({ default: m.ErrorPage })));
// A login link (?token=…) is rare: its confirmation card (Card, Descriptions, Alert, Typography) loads only then.
const TokenEntry = lazy(() => import('./token-entry').then((m) => ({ default: m.TokenEntry })));

/** The error page, loaded only when something failed. */
function ErrorPage({ status }: { status: 403 | 404 | 500 }) {
  return (
    <Suspense fallback={null}>
      <LazyErrorPage status={status} />
    </Suspense>
  );
}

/** Back-office routes need a session; without one the person goes to /login and comes back after. */
export function RequireSession({ children }: { children: ReactNode }) {
  const location = useLocation();
  const entry = parseEntry(location.search);
  const { data: user, isLoading, isError } = useCurrentUser();
  if (entry)
    return (
      <Suspense fallback={<FullPageSpin />}>
        <TokenEntry entry={entry} />
      </Suspense>
    );
  if (isLoading) return <FullPageSpin />;
  // A failed refresh of a user already known keeps the page: only a first answer that never came is an error.
  if (isError && user === undefined) return <ErrorPage status={500} />;
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
