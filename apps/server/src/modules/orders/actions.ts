import type { OrderAction } from '@portal/contracts/trade-constants';
import { orderMachine, type Order, type orderActionBodySchema } from '@portal/contracts/orders';
import type { z } from 'zod';
import { AppError, invalidField } from '../../platform/errors';
import { refusalOf } from '../../platform/transitions';
import type { Emit, Trx } from '../../platform/write-path';
import { ACTION_SIDES, allowedActions, type Party } from './checks';
import { HOUR_MS, ORDER_FILES, type OrderContext } from './context';
import { ORDER_JOBS } from './deadlines';
import type { OrderRowData } from './orders.repo';
import type { OrderViews } from './views';

/** The parties' calls on an order after it is placed: confirm or refuse, pay, ship, receive, cancel. */
export function createOrderActions(c: OrderContext, views: Pick<OrderViews, 'toOrder'>) {
  const {
    repo,
    writes,
    scheduler,
    deposits,
    deadlines,
    now,
    partyOf,
    sideOf,
    step,
    undo,
    returnStock,
    releaseDeposit,
    reference,
    tell,
    changed,
  } = c;

  /** What each call does once the caller's side and the order's state allow it. */
  const ACTS: Record<
    OrderAction,
    (trx: Trx, order: OrderRowData, actor: Party, body: z.output<typeof orderActionBodySchema>, emit: Emit) => Promise<OrderRowData>
  > = {
    async confirm(trx, order, actor, body, emit) {
      const at = now();
      const payBy = new Date(at.getTime() + deadlines.payHours * HOUR_MS);
      const next = await step(
        trx,
        order,
        {
          action: 'confirm',
          to: 2,
          actor,
          note: body.note,
          fileIds: [],
          set: { pay_by: payBy.toISOString() },
        },
        emit,
      );
      await scheduler.cancel(trx, ORDER_JOBS.confirmDeadline, order.order_no);
      const remindAt = new Date(payBy.getTime() - deadlines.nearHours * HOUR_MS);
      if (remindAt > at) await scheduler.schedule(trx, { kind: ORDER_JOBS.payDeadlineNear, key: order.order_no, runAt: remindAt });
      await tell(trx, next, 'buyer', 'order.confirmed', emit, body.note);
      await c.confirmed(trx, next, emit);
      return next;
    },
    async refuse(trx, order, actor, body, emit) {
      if (!body.note) throw invalidField('note', 'required');
      const next = await step(trx, order, { action: 'refuse', to: 9, actor, note: body.note, fileIds: [] }, emit);
      await scheduler.cancel(trx, ORDER_JOBS.confirmDeadline, order.order_no);
      await undo(trx, order, actor.userId, emit);
      await tell(trx, next, 'buyer', 'order.refused', emit, body.note);
      return next;
    },
    async cancel(trx, order, actor, body, emit) {
      const next = await step(trx, order, { action: 'cancel', to: 9, actor, note: body.note, fileIds: [] }, emit);
      if (actor.side === 'buyer') {
        // Before the seller confirms nothing is forfeited: the whole deposit comes back.
        await scheduler.cancel(trx, ORDER_JOBS.confirmDeadline, order.order_no);
        await undo(trx, order, actor.userId, emit);
        await tell(trx, next, 'seller', 'order.cancelled', emit, body.note);
        return next;
      }
      // The seller cancels an unpaid order after its deadline: the buyer's deposit goes to the seller.
      await scheduler.cancel(trx, ORDER_JOBS.payDeadlineNear, order.order_no);
      await returnStock(trx, order, emit);
      if (Number(order.deposit_frozen) > 0) {
        await deposits.forfeit(
          trx,
          {
            fromCompanyId: order.buyer_company_id,
            toCompanyId: order.seller_company_id,
            currency: order.currency,
            amount: Number(order.deposit_frozen),
            reference: reference(order),
            actorUserId: actor.userId,
          },
          emit,
        );
      }
      await tell(trx, next, 'buyer', 'order.cancelled', emit, body.note);
      return next;
    },
    async pay(trx, order, actor, body, emit) {
      const fileIds = body.fileIds;
      const next = await step(trx, order, { action: 'pay', to: 3, actor, note: body.note, fileIds }, emit);
      await scheduler.cancel(trx, ORDER_JOBS.payDeadlineNear, order.order_no);
      await tell(trx, next, 'seller', 'order.paid', emit, body.note);
      return next;
    },
    async confirmPayment(trx, order, actor, body, emit) {
      const next = await step(trx, order, { action: 'confirmPayment', to: 4, actor, note: body.note, fileIds: [] }, emit);
      await tell(trx, next, 'buyer', 'order.paymentConfirmed', emit, body.note);
      return next;
    },
    async ship(trx, order, actor, body, emit) {
      const fileIds = body.fileIds;
      const receiveBy = new Date(now().getTime() + deadlines.receiveDays * 24 * HOUR_MS);
      const next = await step(
        trx,
        order,
        {
          action: 'ship',
          to: 5,
          actor,
          note: body.note,
          fileIds,
          set: { receive_by: receiveBy.toISOString() },
        },
        emit,
      );
      await scheduler.schedule(trx, { kind: ORDER_JOBS.receiveDeadline, key: order.order_no, runAt: receiveBy });
      await tell(trx, next, 'buyer', 'order.shipped', emit, body.note);
      return next;
    },
    async receive(trx, order, actor, body, emit) {
      const next = await step(trx, order, { action: 'receive', to: 6, actor, note: body.note, fileIds: [] }, emit);
      await scheduler.cancel(trx, ORDER_JOBS.receiveDeadline, order.order_no);
      await releaseDeposit(trx, next, actor.userId, emit);
      await tell(trx, next, 'seller', 'order.completed', emit, body.note);
      return next;
    },
  };

  return {
    async act(userId: number, action: OrderAction, body: z.output<typeof orderActionBodySchema>): Promise<Order> {
      const caller = await partyOf(userId);
      // A voucher (pay) or waybill (ship) is one or more stored files; other calls may attach some too.
      if ((action === 'pay' || action === 'ship') && body.fileIds.length === 0) throw invalidField('fileIds', 'required');
      return writes.write({ actorUserId: userId, action, target: `order:${body.orderNo}` }, async (trx, emit, log) => {
        const order = await repo.findByNoForUpdate(trx, body.orderNo);
        const side = order ? sideOf(order, caller.companyId) : null;
        if (!order || !side) throw new AppError('NOT_FOUND');
        if (!ACTION_SIDES[action].includes(side)) throw new AppError('NO_RIGHT');
        if (!allowedActions(order, side, now().toISOString()).includes(action)) throw refusalOf(orderMachine, order.state);
        // Paying, and cancelling for not paying, wait for what must come before payment (a signed contract).
        if (action === 'pay' || (action === 'cancel' && order.state === 2)) await c.mayPay(trx, order);
        // Evidence is the caller's own upload; from now on the order's parties read it, nobody else.
        const fileIds = await c.files.attach(trx, {
          field: 'fileIds',
          fileIds: body.fileIds,
          companyId: caller.companyId,
          scope: ORDER_FILES,
          ref: order.order_no,
        });
        const actor: Party = { side, userId, name: caller.userName, companyId: caller.companyId };
        const next = await ACTS[action](trx, order, actor, { ...body, fileIds }, emit);
        log.before = { state: order.state };
        log.after = { state: next.state };
        changed(emit, next, action);
        return views.toOrder(next, side, trx);
      });
    },
  };
}
