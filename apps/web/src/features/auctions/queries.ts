import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuctionSearchBody } from '@portal/contracts/auctions';
import { auctionRoutes as ep } from '@portal/contracts/routes/auctions';
import { call } from '../../api/client';

/** A page of the auction centre; the previous page stays on screen while the next one loads. */
export function useAuctionPage(body: AuctionSearchBody, options: { keepPrevious?: boolean; enabled?: boolean } = { keepPrevious: true }) {
  return useQuery({
    queryKey: ['trading', 'auctions', body],
    queryFn: ({ signal }) => call(ep.buyerPageNoLogin, { body, signal }),
    staleTime: 30_000,
    enabled: options.enabled ?? true,
    ...(options.keepPrevious ? { placeholderData: keepPreviousData } : {}),
  });
}
