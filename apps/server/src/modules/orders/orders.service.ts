import type { Trx } from '../../platform/write-path';
import { createOrderActions } from './actions';
import { createOrderContext, type OrderFinishedHook, type OrdersDeps } from './context';
import { createOrderContractSteps } from './contract-steps';
import { createOrderDeadlines } from './deadlines';
import type { OrderRowData } from './orders.repo';
import { createOrderPlacing } from './place';
import { createOrderViews } from './views';

export { allowedActions } from './checks';
export { ORDER_FILES, ORDER_ROUTES } from './context';
export type {
  DepositMoves,
  OrderConfirmedHook,
  OrderDeadlines,
  OrderFinishedHook,
  OrderPaymentGuard,
  OrdersDeps,
  SettledOrderDraft,
} from './context';
export type { ContractStepActor } from './contract-steps';
export { ORDER_JOBS } from './deadlines';

/**
 * Orders on listings: placing takes the stock in the same transaction as the order, margin orders
 * freeze the buyer's deposit, each party moves the order by its calls, and deadlines move it when
 * nobody does. Every change goes through the write path (operation log, events after commit).
 * The commands live in files named for what they do; this joins them over one shared context.
 */
export function createOrdersService(deps: OrdersDeps) {
  const c = createOrderContext(deps);
  const views = createOrderViews(c);
  const { detail, page, adminPage, adminDetail, fileReaders } = views;
  return {
    ...createOrderPlacing(c, views),
    ...createOrderActions(c, views),
    ...createOrderDeadlines(c),
    ...createOrderContractSteps(c),
    detail,
    page,
    adminPage,
    adminDetail,
    fileReaders,

    /** Registers what an origin (auction, tender) does when one of its orders completes or is cancelled. */
    onFinished(origin: 'auction' | 'tender', hook: OrderFinishedHook): void {
      c.finishedHooks.set(origin, hook);
    },

    /** The orders a result made, for the origin's own views and its "all finished" check. */
    byOrigin(origin: 'auction' | 'tender', originCode: string, on?: Trx): Promise<OrderRowData[]> {
      return c.repo.byOrigin(origin, originCode, on);
    },
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
