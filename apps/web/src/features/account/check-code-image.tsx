import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { accountRoutes } from '@portal/contracts/routes/account';
import { call } from '../../api/client';
import type { EachVisitAnswer } from '../../shared/first-screen';
import './check-code-image.css';

/**
 * The login form's code is each visitor's own, and the server's first screen shows it all the
 * same: the shared render holds these tokens where it goes, and every page sent gets a code of its
 * own there (and in the data the app starts from, so the app shows and checks that very code).
 */
const LOGIN_CODE_ON_FIRST_SCREEN: EachVisitAnswer = {
  eachVisit: accountRoutes.getCheckCodeGet.path,
  // The picture's token is a data URL, which React never preloads (a preload would repeat the picture in the page).
  slot: { cc: 'first-screen-slot:login-code-cc', img: 'data:,first-screen-slot:login-code-img' },
};

/**
 * Fetches a picture code and refreshes when clicked. The login form's code keeps its `cc` in
 * session storage (the spec's key); other scopes keep theirs to themselves so they never replace it.
 */
export function useCheckCode(scope = 'login', options: { enabled?: boolean } = {}) {
  const query = useQuery({
    queryKey: ['checkCode', scope],
    queryFn: () => call(accountRoutes.getCheckCodeGet),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    enabled: options.enabled ?? true,
    // One visitor's code: never in the shared part of the server's first screen, which every visitor shares.
    meta: { firstScreen: scope === 'login' ? LOGIN_CODE_ON_FIRST_SCREEN : false },
  });
  const cc = query.data?.cc;
  useEffect(() => {
    if (scope === 'login' && cc) sessionStorage.setItem('cc', cc);
  }, [scope, cc]);
  return { img: query.data?.img ?? null, cc: query.data?.cc ?? '', failed: query.isError, refresh: () => query.refetch() };
}

export function CheckCodeImage({ img, onRefresh, failed = false }: { img: string | null; onRefresh: () => void; failed?: boolean }) {
  const { t } = useTranslation('login');
  const { t: tc } = useTranslation();
  return (
    <button type="button" className="check-code" onClick={onRefresh} aria-label={t('refreshCode')} title={t('refreshCode')}>
      {img ? (
        <img src={img} alt={t('checkCode')} width={110} height={40} />
      ) : failed ? (
        <span className="check-code-failed">{tc('retry')}</span>
      ) : (
        // The skeleton look without antd's Skeleton, which the login page's first screen does not need otherwise.
        <span className="check-code-loading" aria-hidden />
      )}
    </button>
  );
}
