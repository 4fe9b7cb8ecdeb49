import type { OrderContractEvent } from '@portal/contracts/trade-constants';
import { orderMachine } from '@portal/contracts/orders';
import { moveFrom } from '../../platform/transitions';
import type { Emit, Trx } from '../../platform/write-path';
import { HOUR_MS, type OrderConfirmedHook, type OrderContext, type OrderPaymentGuard } from './context';
import { ORDER_JOBS } from './deadlines';
import type { OrderRowData } from './orders.repo';

/** Who acted on the contract: a party's user, or nobody (the deadline). */
export interface ContractStepActor {
  userId: number;
  name: string;
}

/**
 * What the order offers its contract: hear when an order awaits payment, hold payment back, show
 * the contract's steps in the order's timeline, and the cancellation a declined or expired contract
 * brings (stock back to the listing, the buyer's deposit released, nothing forfeited).
 */
export function createOrderContractSteps(c: OrderContext) {
  const { repo, scheduler, deadlines, now, undo, tell, changed } = c;

  async function addStep(
    trx: Trx,
    order: OrderRowData,
    action: OrderContractEvent,
    actor: ContractStepActor | null,
    note: string,
    state = order.state,
  ): Promise<void> {
    await repo.addEvent(trx, {
      orderId: order.id,
      action,
      state,
      actorUserId: actor?.userId ?? null,
      actorName: actor?.name ?? '',
      note,
      fileIds: [],
      at: now().toISOString(),
    });
  }

  return {
    /** Registers what happens, in the same transaction, when an order comes to await payment. */
    onConfirmed(hook: OrderConfirmedHook): void {
      c.confirmedHooks.push(hook);
    },

    /** Registers a check a payment must pass. */
    guardPayment(guard: OrderPaymentGuard): void {
      c.paymentGuards.push(guard);
    },

    /**
     * A contract step in the order's timeline (generated, signed). `completed` also starts the
     * payment deadline again: the buyer could not pay while the contract waited for signatures.
     */
    async contractStep(
      trx: Trx,
      orderId: number,
      step: { action: 'contractGenerated' | 'contractSigned' | 'contractCompleted'; actor: ContractStepActor | null; note: string },
      emit: Emit,
    ): Promise<void> {
      const order = await repo.findById(orderId, trx);
      if (!order) return;
      await addStep(trx, order, step.action, step.actor, step.note);
      if (step.action === 'contractCompleted' && order.state === 2) {
        const payBy = new Date(now().getTime() + deadlines.payHours * HOUR_MS);
        await repo.update(trx, order.id, { pay_by: payBy.toISOString(), updated_at: now().toISOString() });
        const remindAt = new Date(payBy.getTime() - deadlines.nearHours * HOUR_MS);
        await scheduler.schedule(trx, { kind: ORDER_JOBS.payDeadlineNear, key: order.order_no, runAt: remindAt });
      }
      changed(emit, order, step.action);
    },

    /**
     * The order of a declined or expired contract is cancelled while it still awaits payment: its
     * stock goes back and the buyer's deposit is released. Answers the cancelled order, or
     * undefined when it had already moved on.
     */
    async cancelByContract(
      trx: Trx,
      orderId: number,
      step: { action: 'contractDeclined' | 'contractExpired'; actor: ContractStepActor | null; note: string },
      emit: Emit,
    ): Promise<OrderRowData | undefined> {
      const order = await repo.findById(orderId, trx);
      if (!order || order.state !== 2) return undefined;
      await moveFrom(trx, orderMachine, 'contractCancel', order, { to: 9, set: { updated_at: now().toISOString() } });
      await addStep(trx, order, step.action, step.actor, step.note, 9);
      await scheduler.cancel(trx, ORDER_JOBS.payDeadlineNear, order.order_no);
      await undo(trx, order, step.actor?.userId ?? null, emit);
      const next = (await repo.findById(orderId, trx))!;
      await c.finished(trx, next, emit);
      await tell(trx, next, 'buyer', 'order.cancelled', emit, step.note);
      await tell(trx, next, 'seller', 'order.cancelled', emit, step.note);
      changed(emit, next, step.action);
      return next;
    },
  };
}
export type OrderContractSteps = ReturnType<typeof createOrderContractSteps>;
