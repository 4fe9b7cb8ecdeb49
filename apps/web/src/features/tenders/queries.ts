import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { accountEndpoints, type CurrentUser } from '@portal/contracts/account';
import { tenderEndpoints as ep, type TenderSearchBody } from '@portal/contracts/tenders';
import { ApiError, call } from '../../api/client';

export function useTenderPage(body: TenderSearchBody, options: { keepPrevious?: boolean; enabled?: boolean } = { keepPrevious: true }) {
  return useQuery({
    queryKey: ['trading', 'tenders', body],
    queryFn: ({ signal }) => call(ep.biddingPageForCommon, { body, signal }),
    staleTime: 30_000,
    enabled: options.enabled ?? true,
    ...(options.keepPrevious ? { placeholderData: keepPreviousData } : {}),
  });
}

export function useTenderDetail(id: string | null) {
  return useQuery({
    queryKey: ['trading', 'tender', id],
    queryFn: () => call(ep.tenderDetailForCommon, { body: { id: id! } }),
    enabled: Boolean(id),
    retry: false,
  });
}

/**
 * Who is signed in, or null for a visitor. Shares the app's current-user cache entry (same key and
 * answer), so it costs no extra call when the layout has asked already.
 */
export function useSignedInUser() {
  return useQuery<CurrentUser | null>({
    queryKey: ['currentUser'],
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

/** Y when the signed-in supplier is on the tenderer's supplier list. */
export async function checkRelation(buyerUserId: string, currUserNo: string): Promise<'Y' | 'N'> {
  return (await call(ep.checkRelation, { body: { buyerUserId, currUserNo } })).flag;
}
