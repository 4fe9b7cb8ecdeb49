import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuctionPageBody, AuctionSpaceSaveBody, ManagedAuctionSpace } from '@portal/contracts/auction-trade';
import { auctionTradeRoutes as ep } from '@portal/contracts/routes/auction-trade';
import { call } from '../../api/client';
import { TRADE_KEYS } from '../../shared/trade-query-keys';

/**
 * Every query of the company's and the operator's auction spaces hangs under one key, so a change
 * (the caller's own or one announced live) refreshes every list and detail at once.
 */
export const auctionTradeKeys = {
  all: TRADE_KEYS.auctions,
  mine: (body: AuctionPageBody) => [...TRADE_KEYS.auctions, 'mine', body] as const,
  myDetail: (spaceId: string | null) => [...TRADE_KEYS.auctions, 'mine', 'detail', spaceId] as const,
  registered: (body: AuctionPageBody) => [...TRADE_KEYS.auctions, 'registered', body] as const,
  review: (body: AuctionPageBody) => [...TRADE_KEYS.auctions, 'review', body] as const,
};

/** What a mutation hook's caller adds: its own message on success or failure. */
interface Reactions<V> {
  onSuccess?: (variables: V) => void;
  onError?: (error: Error) => void;
}

/** 我的竞价: a page of the company's own spaces; the previous page stays on screen while the next loads. */
export function useMySpaces(body: AuctionPageBody) {
  return useQuery({ queryKey: auctionTradeKeys.mine(body), queryFn: () => call(ep.myPage, { body }), placeholderData: keepPreviousData });
}

/** One of the company's spaces, read on its own (a message may point at one on another page of the list). */
export function useMySpace(spaceId: string | null) {
  return useQuery({
    queryKey: auctionTradeKeys.myDetail(spaceId),
    queryFn: () => call(ep.myDetail, { body: { spaceId: spaceId! } }),
    enabled: Boolean(spaceId),
  });
}

/** 参与的竞价: a page of the spaces the company registered for. */
export function useRegisteredSpaces(body: AuctionPageBody) {
  return useQuery({
    queryKey: auctionTradeKeys.registered(body),
    queryFn: () => call(ep.registeredPage, { body }),
    placeholderData: keepPreviousData,
  });
}

/** 竞价审核: a page of the operator's queue. */
export function useReviewSpaces(body: AuctionPageBody) {
  return useQuery({
    queryKey: auctionTradeKeys.review(body),
    queryFn: () => call(ep.reviewPage, { body }),
    placeholderData: keepPreviousData,
  });
}

/** Refreshes every auction-space query after a change; `alsoDeposits` when deposits were frozen or released. */
function useRefresh() {
  const client = useQueryClient();
  return (alsoDeposits = false) => {
    void client.invalidateQueries({ queryKey: auctionTradeKeys.all });
    if (alsoDeposits) void client.invalidateQueries({ queryKey: TRADE_KEYS.deposits });
  };
}

export type OwnerAction = { kind: 'submit' | 'withdraw'; spaceId: string };

/** The owner submits a space for review or withdraws it (which releases its registrations' deposits). */
export function useOwnerAction({ onSuccess, onError }: Reactions<OwnerAction> = {}) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ kind, spaceId }: OwnerAction) =>
      kind === 'submit' ? call(ep.submit, { body: { spaceId }, quiet: true }) : call(ep.withdraw, { body: { spaceId }, quiet: true }),
    onSuccess: (_, variables) => {
      onSuccess?.(variables);
      refresh(true);
    },
    onError,
  });
}

/** Saves a space (new when `spaceId` is absent), then submits it for review when asked. */
export function useSaveSpace({
  onSuccess,
  onError,
}: {
  onSuccess?: (saved: ManagedAuctionSpace, thenSubmit: boolean) => void;
  onError?: (error: Error) => void;
}) {
  return useMutation({
    mutationFn: async ({ body, thenSubmit }: { body: AuctionSpaceSaveBody; thenSubmit: boolean }) => {
      const saved = await call(ep.save, { body, quiet: true });
      return thenSubmit ? call(ep.submit, { body: { spaceId: saved.spaceId }, quiet: true }) : saved;
    },
    onSuccess: (saved, { thenSubmit }) => onSuccess?.(saved, thenSubmit),
    onError,
  });
}

export type OperatorDecision = 'approve' | 'reject' | 'suspend' | 'resume' | 'terminate';
export type OperatorAction = { decision: OperatorDecision; spaceId: string; reason: string };

/** The operator's decision on a space: approve or reject it in review, suspend, resume or end it for cause. */
export function useOperatorAction({ onSuccess, onError }: Reactions<OperatorAction> = {}) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ decision, spaceId, reason }: OperatorAction) => {
      if (decision === 'approve' || decision === 'reject')
        return call(ep.review, { body: { spaceId, pass: decision === 'approve', reviewRemark: reason }, quiet: true });
      if (decision === 'suspend') return call(ep.suspend, { body: { spaceId, reason }, quiet: true });
      if (decision === 'terminate') return call(ep.adminWithdraw, { body: { spaceId, reason }, quiet: true });
      return call(ep.resume, { body: { spaceId, reason }, quiet: true });
    },
    onSuccess: (_, variables) => {
      onSuccess?.(variables);
      refresh();
    },
    onError,
  });
}

/** The owner accepts a best bid under the reserve (a deal) or declines it (no deal). */
export function useDecideReserve(pieceId: string, { onSuccess, onError }: Reactions<boolean> = {}) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (accept: boolean) => call(ep.decideReserve, { body: { pieceId, accept }, quiet: true }),
    onSuccess: (_, accept) => {
      onSuccess?.(accept);
      refresh();
    },
    onError,
  });
}
