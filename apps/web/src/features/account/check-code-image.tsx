import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { accountRoutes } from '@portal/contracts/routes/account';
import { call } from '../../api/client';
import './check-code-image.css';

/**
 * Fetches a picture code and refreshes when clicked. The login form's code keeps its `cc` in
 * session storage (the spec's key); other scopes keep theirs to themselves so they never replace it.
 */
export function useCheckCode(scope = 'login', options: { enabled?: boolean } = {}) {
  const query = useQuery({
    queryKey: ['checkCode', scope],
    queryFn: async () => {
      const code = await call(accountRoutes.getCheckCodeGet);
      if (scope === 'login') sessionStorage.setItem('cc', code.cc);
      return code;
    },
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    enabled: options.enabled ?? true,
    // One visitor's code: never asked for by the server's first screen, which every visitor shares.
    meta: { firstScreen: false },
  });
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
