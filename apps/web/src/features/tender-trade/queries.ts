import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { tenderTradeRoutes } from '@portal/contracts/routes/tender-trade';
import type { TenderMyPageBody } from '@portal/contracts/tender-trade';
import { call } from '../../api/client';
import { TRADE_KEYS } from '../../shared/trade-query-keys';

/** The buyer's tenders (我的招标), one page. */
export function useMyTenders(body: TenderMyPageBody) {
  return useQuery({
    queryKey: [...TRADE_KEYS.tenders, 'mine', body],
    queryFn: () => call(tenderTradeRoutes.myPage, { body }),
    placeholderData: keepPreviousData,
  });
}

/** One tender for its buyer or an operator, with its opening, evaluation, negotiation and awards. */
export function useManagedTender(id: string | null) {
  return useQuery({
    queryKey: [...TRADE_KEYS.tenders, 'detail', id],
    queryFn: () => call(tenderTradeRoutes.detail, { body: { id: id! }, quiet: true }),
    enabled: Boolean(id),
    retry: false,
  });
}

/** The buyer's bid table, asked for once the bids are open (before, the tender's count is all there is). */
export function useTenderBids(id: string | null, opened: boolean) {
  return useQuery({
    queryKey: [...TRADE_KEYS.tenders, 'bids', id],
    queryFn: () => call(tenderTradeRoutes.bids, { body: { id: id! }, quiet: true }),
    enabled: Boolean(id) && opened,
    retry: false,
  });
}
