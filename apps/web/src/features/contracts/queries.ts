import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContractAdminPageBody, ContractDetail, ContractPageBody } from '@portal/contracts/contracts';
import { contractRoutes as ep } from '@portal/contracts/routes/contracts';
import { call } from '../../api/client';
import { readBase64 } from '../../shared/resource/image-upload';
import { TRADE_KEYS } from '../../shared/trade-query-keys';
import { CONTRACT_PAGE_PATHS } from '@portal/contracts/contract-terms';

/** The public page where anyone checks a contract PDF. */
export const VERIFY_PATH = CONTRACT_PAGE_PATHS.verify;

/** Who reads a contract: a party (it may act) or the operator (read only). */
export type ContractReader = 'party' | 'admin';

/**
 * Every contract query hangs under the orders' key: a contract moves with its order (signing opens
 * payment, declining cancels), so a live order change refreshes the contracts too, and a contract
 * change refreshes the orders.
 */
export const contractKeys = {
  all: [...TRADE_KEYS.orders, 'contracts'] as const,
  mine: (body: ContractPageBody) => [...TRADE_KEYS.orders, 'contracts', 'mine', body] as const,
  admin: (body: ContractAdminPageBody) => [...TRADE_KEYS.orders, 'contracts', 'admin', body] as const,
  detail: (contractNo: string | null, reader: ContractReader) => [...TRADE_KEYS.orders, 'contracts', 'detail', reader, contractNo] as const,
  ofOrder: (orderNo: string) => [...TRADE_KEYS.orders, 'contracts', 'ofOrder', orderNo] as const,
};

/** What a mutation hook's caller adds: its own message on success or failure. */
interface Reactions<V> {
  onSuccess?: (value: V) => void;
  onError?: (error: Error) => void;
}

/** 我的合同: a page of the company's contracts by filter, with the count of each filter. */
export function useMyContracts(body: ContractPageBody) {
  return useQuery({ queryKey: contractKeys.mine(body), queryFn: () => call(ep.page, { body }), placeholderData: keepPreviousData });
}

/** 合同监管: a page of every contract for the operator. */
export function useAdminContracts(body: ContractAdminPageBody) {
  return useQuery({ queryKey: contractKeys.admin(body), queryFn: () => call(ep.adminPage, { body }), placeholderData: keepPreviousData });
}

/**
 * Whether the contract's file is still being made: the party has yet to sign, yet may do nothing.
 * Such a contract is asked again every few seconds until its file is there.
 */
export function isPreparing(contract: ContractDetail | null | undefined): boolean {
  return Boolean(contract && contract.state === 1 && contract.myPartyState === 0 && contract.actions.length === 0);
}
const PREPARING_POLL_MS = 3000;

/** One contract, read by a party or by the operator. */
export function useContract(contractNo: string | null, reader: ContractReader) {
  return useQuery({
    queryKey: contractKeys.detail(contractNo, reader),
    queryFn: () => {
      const input = { body: { contractNo: contractNo! }, quiet: true };
      return reader === 'admin' ? call(ep.adminDetail, input) : call(ep.detail, input);
    },
    enabled: Boolean(contractNo),
    retry: false,
    refetchInterval: (query) => (isPreparing(query.state.data) ? PREPARING_POLL_MS : false),
  });
}

/** An order's contract for either party; null while the order has none. */
export function useOrderContract(orderNo: string) {
  return useQuery({
    queryKey: contractKeys.ofOrder(orderNo),
    queryFn: () => call(ep.ofOrder, { body: { orderNo }, quiet: true }),
    retry: false,
    refetchInterval: (query) => (isPreparing(query.state.data) ? PREPARING_POLL_MS : false),
  });
}

/** The PDF's address for the reader (the operator reads through its own route). */
export function pdfUrlFor(contract: ContractDetail, reader: ContractReader): string {
  if (reader === 'party') return contract.pdfUrl;
  return `${ep.adminPdf.path}?contractNo=${encodeURIComponent(contract.contractNo)}`;
}

/** Refreshes every contract and order query after a signature or a refusal. */
function useRefresh() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: TRADE_KEYS.orders });
    void client.invalidateQueries({ queryKey: TRADE_KEYS.deposits });
  };
}

/** Sends a fresh signing code to the caller's own mobile; answers the masked number. */
export function useSendSignCode(contractNo: string) {
  return useMutation({ mutationFn: () => call(ep.sendCode, { body: { contractNo }, quiet: true }) });
}

/** Signs for the caller's company with the SMS code. */
export function useSignContract({ onSuccess, onError }: Reactions<ContractDetail> = {}) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { contractNo: string; code: string }) => call(ep.sign, { body, quiet: true }),
    onSuccess: (after) => {
      onSuccess?.(after);
      refresh();
    },
    onError,
  });
}

/** Declines with a reason (the order is cancelled and its deposits released). */
export function useDeclineContract({ onSuccess, onError }: Reactions<ContractDetail> = {}) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { contractNo: string; reason: string }) => call(ep.decline, { body, quiet: true }),
    onSuccess: (after) => {
      onSuccess?.(after);
      refresh();
    },
    onError,
  });
}

/** Sends a chosen PDF for the public check; the answer keeps the file's name for the result. */
export function useVerifyPdf() {
  return useMutation({
    mutationFn: async (file: File) => {
      const answer = await call(ep.verify, { body: { data: await readBase64(file) }, quiet: true });
      return { answer, fileName: file.name };
    },
  });
}
