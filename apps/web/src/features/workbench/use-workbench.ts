import { useQuery } from '@tanstack/react-query';
import { workbenchRoutes } from '@portal/contracts/routes/workbench';
import { call } from '../../api/client';
import { TRADE_KEYS } from '../../shared/trade-query-keys';
import type { BuyerWorkbench, OperatorWorkbench, SupplierWorkbench } from '@portal/contracts/workbench';

export type WorkbenchView = 'buyer' | 'supplier' | 'operator';
interface WorkbenchAnswer {
  buyer: BuyerWorkbench;
  supplier: SupplierWorkbench;
  operator: OperatorWorkbench;
}

/** Operators get no company's live changes, so their view is asked again this often. */
export const OPERATOR_REFRESH_MS = 60_000;

/**
 * One view of the workbench. Its key is in the workbench family, which a live change of an order,
 * a deposit, a listing, an auction or a tender makes stale (shared/live-updates), so the figures
 * follow without a reload.
 */
const ask: { [V in WorkbenchView]: () => Promise<WorkbenchAnswer[V]> } = {
  buyer: () => call(workbenchRoutes.buyer, { body: {} }),
  supplier: () => call(workbenchRoutes.supplier, { body: {} }),
  operator: () => call(workbenchRoutes.operator, { body: {} }),
};

export function useWorkbench<V extends WorkbenchView>(view: V, enabled: boolean) {
  return useQuery({
    queryKey: [...TRADE_KEYS.workbench, view],
    queryFn: ask[view],
    enabled,
    refetchInterval: view === 'operator' ? OPERATOR_REFRESH_MS : false,
  });
}
