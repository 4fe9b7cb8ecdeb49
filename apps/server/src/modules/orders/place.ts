import type { Order } from '@portal/contracts/orders';
import { isUniqueViolation } from '../../db/database';
import { currentRequestId } from '../../platform/request-context';
import { create } from '../../platform/transitions';
import type { Emit, Trx } from '../../platform/write-path';
import { orderMachine } from '@portal/contracts/orders';
import { HOUR_MS, type OrderContext, type SettledOrderDraft } from './context';
import { ORDER_JOBS } from './deadlines';
import { createOrderDesk, orderNoOf, sameRequest, type PlaceBody } from './desk';
import type { OrderRowData } from './orders.repo';
import type { OrderViews } from './views';

/** How orders come to be: a buyer's order on a listing, and the order a result (auction, tender) settles into. */
export function createOrderPlacing(c: OrderContext, views: Pick<OrderViews, 'toOrder'>) {
  const { repo, scheduler, deadlines, now, partyOf, tell, changed } = c;
  const { toOrder } = views;
  const desk = createOrderDesk(c, views);

  /** The order a retried request already made, if the retry asks for the same thing. */
  async function earlier(companyId: number, body: PlaceBody): Promise<Order | null> {
    const found = await repo.findByRequest(companyId, body.requestId);
    if (!found) return null;
    sameRequest(found, body);
    return toOrder(found, 'buyer');
  }

  return {
    /**
     * Places a buyer's order at its listing's desk (see desk.ts), or answers the one an earlier
     * sending of the same request made.
     */
    async place(userId: number, body: PlaceBody): Promise<Order> {
      try {
        return await desk.place({ userId, body, requestId: currentRequestId() });
      } catch (err) {
        // The same request sent twice at once to two servers: the second insert meets the first's request id.
        if (isUniqueViolation(err)) {
          const again = await earlier((await partyOf(userId)).companyId, body);
          if (again) return again;
        }
        throw err;
      }
    },

    /**
     * Writes the order of a result (an auction piece's winner, a tender award) inside the caller's
     * transaction: confirmed at once (state 2), its payment deadline and reminder scheduled, both
     * companies told. The settlement key makes it idempotent: a result settled again answers the
     * order it made the first time.
     */
    async createSettled(trx: Trx, draft: SettledOrderDraft, emit: Emit): Promise<OrderRowData> {
      const requestId = draft.settlementKey;
      const existing = await repo.findByRequest(draft.buyerCompanyId, requestId, trx);
      if (existing) return existing;
      const at = now();
      const atIso = at.toISOString();
      const payBy = new Date(at.getTime() + deadlines.payHours * HOUR_MS);
      const { id } = await create(trx, orderMachine, 'settle', 2, {
        order_no: `TMP${crypto.randomUUID().replace(/-/g, '').slice(0, 30)}`,
        origin: draft.origin,
        origin_code: draft.originCode,
        listing_id: null,
        buyer_company_id: draft.buyerCompanyId,
        buyer_user_id: draft.buyerUserId,
        buyer_name: draft.buyerName,
        seller_company_id: draft.sellerCompanyId,
        seller_user_id: draft.sellerUserId,
        seller_name: draft.sellerName,
        request_id: requestId,
        snapshot_json: JSON.stringify(draft.snapshot),
        quantity_milli: draft.quantityMilli,
        amount: draft.amount,
        currency: draft.snapshot.currency,
        deposit_frozen: draft.depositFrozen,
        delivery_address: draft.deliveryAddress ?? '',
        contact_name: draft.contactName ?? '',
        contact_phone: draft.contactPhone ?? '',
        remark: draft.remark ?? '',
        confirm_by: '',
        pay_by: payBy.toISOString(),
        created_at: atIso,
        updated_at: atIso,
      });
      const orderNo = orderNoOf(at, id);
      const order = await repo.updated(trx, id, { order_no: orderNo });
      await repo.addEvent(trx, {
        orderId: id,
        action: 'settle',
        state: 2,
        actorUserId: null,
        actorName: '',
        note: `${draft.origin}:${draft.originCode}`,
        fileIds: [],
        at: atIso,
      });
      const remindAt = new Date(payBy.getTime() - deadlines.nearHours * HOUR_MS);
      if (remindAt > at) await scheduler.schedule(trx, { kind: ORDER_JOBS.payDeadlineNear, key: orderNo, runAt: remindAt });
      await tell(trx, order, 'buyer', 'order.settled', emit);
      await tell(trx, order, 'seller', 'order.settled', emit);
      if (!draft.pastDeal) await c.confirmed(trx, order, emit);
      changed(emit, order, 'settle');
      return order;
    },
  };
}
