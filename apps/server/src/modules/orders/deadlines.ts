import type { Emit, Trx } from '../../platform/write-path';
import type { OrderContext } from './context';

/** Timed transitions of an order, keyed by its order number. */
export const ORDER_JOBS = {
  /** The seller did not confirm in time: the order is cancelled. */
  confirmDeadline: 'order.confirmDeadline',
  /** The buyer is reminded that the payment deadline is near. */
  payDeadlineNear: 'order.payDeadlineNear',
  /** Nobody confirmed receipt in time: the order completes. */
  receiveDeadline: 'order.receiveDeadline',
} as const;

/** What moves an order when nobody acts in time: each runs inside its timed job's transaction. */
export function createOrderDeadlines(c: OrderContext) {
  const { repo, step, undo, releaseDeposit, tell, changed } = c;
  return {
    /** The seller let the confirmation deadline pass: the order is cancelled and everything returned. */
    async confirmDeadline(trx: Trx, orderNo: string, runAt: string, emit: Emit): Promise<void> {
      const order = await repo.findByNo(orderNo, trx);
      if (!order || order.state !== 1 || order.confirm_by > runAt) return;
      const next = await step(trx, order, { action: 'autoCancel', to: 9, actor: null, note: '', fileIds: [] }, emit);
      await undo(trx, order, null, emit);
      await tell(trx, next, 'buyer', 'order.cancelled', emit);
      await tell(trx, next, 'seller', 'order.cancelled', emit);
      changed(emit, next, 'autoCancel');
    },

    /** Reminds the buyer that the payment deadline is near, if the order still waits for payment. */
    async payDeadlineNear(trx: Trx, orderNo: string, _runAt: string, emit: Emit): Promise<void> {
      const order = await repo.findByNo(orderNo, trx);
      if (!order || order.state !== 2) return;
      await tell(trx, order, 'buyer', 'order.deadlineNear', emit);
    },

    /** Nobody confirmed receipt in time: the shipped order completes and the deposit comes back. */
    async receiveDeadline(trx: Trx, orderNo: string, runAt: string, emit: Emit): Promise<void> {
      const order = await repo.findByNo(orderNo, trx);
      if (!order || order.state !== 5 || order.receive_by > runAt) return;
      const next = await step(trx, order, { action: 'autoReceive', to: 6, actor: null, note: '', fileIds: [] }, emit);
      await releaseDeposit(trx, next, null, emit);
      await tell(trx, next, 'buyer', 'order.completed', emit);
      await tell(trx, next, 'seller', 'order.completed', emit);
      changed(emit, next, 'autoReceive');
    },
  };
}
