import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { tenderRoutes as ep } from '@portal/contracts/routes/tenders';
import type { TenderSearchBody } from '@portal/contracts/tenders';
import { call } from '../../api/client';

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

/** Y when the signed-in supplier is on the tenderer's supplier list. */
export async function checkRelation(buyerUserId: string, currUserNo: string): Promise<'Y' | 'N'> {
  return (await call(ep.checkRelation, { body: { buyerUserId, currUserNo } })).flag;
}
