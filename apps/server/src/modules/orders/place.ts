import { amountOf, depositOf, fromMilli, toMilli } from '@portal/contracts/quantity';
import { listingMachine } from '@portal/contracts/listing-manage';
import { orderMachine, type Order, type OrderSnapshot, type orderPlaceBodySchema } from '@portal/contracts/orders';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/database';
import { AppError } from '../../platform/errors';
import { create, move } from '../../platform/transitions';
import type { Emit, Trx } from '../../platform/write-path';
import { checkQuantity } from './checks';
import { HOUR_MS, type OrderContext, type SettledOrderDraft } from './context';
import { ORDER_JOBS } from './deadlines';
import type { OrderRowData, OrdersRepo } from './orders.repo';
import type { OrderViews } from './views';

type OrderableListing = NonNullable<Awaited<ReturnType<OrdersRepo['listingByCode']>>>;

const ymd = (d: Date) => d.toISOString().slice(0, 10).replace(/-/g, '');

/** What the order keeps of its listing's terms, as they were when it was placed. */
function snapshotOf(listing: OrderableListing, unit: string, ratio: number): OrderSnapshot {
  return {
    varietyCode: listing.variety_code,
    varietyName: listing.variety_name,
    goodsSkuName: listing.goods_sku_name,
    unit,
    singlePrice: Number(listing.single_price),
    currency: listing.currency,
    listingType: listing.listing_type,
    paymentType: listing.payment_type,
    transportWay: listing.transport_way,
    deliveryPlace: listing.delivery_place,
    objPeriodDay: listing.obj_period_day,
    depositRatio: ratio,
  };
}

/** How orders come to be: a buyer's order on a listing, and the order a result (auction, tender) settles into. */
export function createOrderPlacing(c: OrderContext, views: Pick<OrderViews, 'toOrder'>) {
  const { repo, writes, scheduler, deposits, deadlines, now, partyOf, reference, tell, changed } = c;
  const { toOrder } = views;

  /** The order a retried request already made, if the retry asks for the same thing. */
  async function earlier(companyId: number, body: z.output<typeof orderPlaceBodySchema>): Promise<Order | null> {
    const found = await repo.findByRequest(companyId, body.requestId);
    if (!found) return null;
    if (found.origin_code !== body.tradeListingCode || Number(found.quantity_milli) !== toMilli(body.quantity)) {
      throw new AppError('REQUEST_ID_REUSED');
    }
    return toOrder(found, 'buyer');
  }

  return {
    /**
     * Places an order: checks the quantity against the listing's terms, then in one transaction
     * takes the stock (conditionally, see takeStock), freezes a margin order's deposit, writes the
     * order and its first timeline entry and starts the seller's confirmation deadline. Any
     * refusal on the way rolls all of it back.
     */
    async place(userId: number, body: z.output<typeof orderPlaceBodySchema>): Promise<Order> {
      const buyer = await partyOf(userId);
      const again = await earlier(buyer.companyId, body);
      if (again) return again;
      const listing = await repo.listingByCode(body.tradeListingCode);
      // Only listings on the market can be ordered; others are not shown to buyers at all.
      if (!listing || (listing.obj_state !== 1 && listing.obj_state !== 2)) throw new AppError('NOT_FOUND');
      if (listing.company_id === buyer.companyId) throw new AppError('OWN_LISTING');
      if (listing.hold_bs !== 2) throw new AppError('LISTING_NOT_ORDERABLE');
      const unit = (await repo.varietyUnit(listing.variety_code))?.unit ?? '';
      const quantityMilli = toMilli(body.quantity);
      const terms = { minMilli: Number(listing.min_milli), stepMilli: Number(listing.step_milli), unit };
      const fits = (surplus: number) => checkQuantity(quantityMilli, surplus, terms);
      fits(listing.obj_state === 2 ? 0 : Number(listing.surplus_milli));

      const amount = amountOf(Number(listing.single_price), quantityMilli);
      const ratio = listing.listing_type === 'D' ? listing.deposit_ratio : 0;
      const deposit = ratio > 0 ? depositOf(amount, ratio) : 0;
      const snapshot = snapshotOf(listing, unit, ratio);
      try {
        return await writes.write({ actorUserId: userId, action: 'place', target: 'order' }, async (trx, emit, log) => {
          const at = now();
          const atIso = at.toISOString();
          const confirmBy = new Date(at.getTime() + deadlines.confirmHours * HOUR_MS);
          const { id } = await create(trx, orderMachine, 'place', 1, {
            order_no: `TMP${crypto.randomUUID().replace(/-/g, '').slice(0, 30)}`,
            origin: 'listing',
            origin_code: listing.trade_listing_code,
            listing_id: listing.id,
            buyer_company_id: buyer.companyId,
            buyer_user_id: userId,
            buyer_name: buyer.companyName,
            seller_company_id: listing.company_id,
            seller_user_id: listing.seller_id,
            seller_name: listing.user_name,
            request_id: body.requestId,
            snapshot_json: JSON.stringify(snapshot),
            quantity_milli: quantityMilli,
            amount,
            currency: listing.currency,
            deposit_frozen: deposit,
            delivery_address: body.deliveryAddress,
            contact_name: body.contactName,
            contact_phone: body.contactPhone,
            remark: body.remark,
            confirm_by: confirmBy.toISOString(),
            created_at: atIso,
            updated_at: atIso,
          });
          // The number names the day and the order; ids only grow, so numbers never repeat.
          const orderNo = `${ymd(at)}${String(id).padStart(8, '0')}`;
          await repo.update(trx, id, { order_no: orderNo });
          const order = (await repo.findByNo(orderNo, trx))!;
          if (deposit > 0) {
            await deposits.freeze(
              trx,
              { companyId: buyer.companyId, currency: listing.currency, amount: deposit, reference: reference(order), actorUserId: userId },
              emit,
            );
          }
          await repo.addEvent(trx, {
            orderId: id,
            action: 'place',
            state: 1,
            actorUserId: userId,
            actorName: buyer.userName,
            note: body.remark,
            fileIds: [],
            at: atIso,
          });
          await scheduler.schedule(trx, { kind: ORDER_JOBS.confirmDeadline, key: orderNo, runAt: confirmBy });
          await tell(trx, order, 'seller', 'order.placed', emit);
          const answer = await toOrder(order, 'buyer', trx);
          // The stock is taken last: its row stays locked until the commit, so everything else of
          // the order is written first and orders on one listing wait for each other only briefly;
          // a refusal rolls the whole order back.
          const left = await repo.takeStock(trx, listing.id, quantityMilli, atIso);
          if (left === undefined) {
            // Someone else took it first: answer with what is left now.
            const current = await repo.listing(listing.id, trx);
            if (!current || (current.obj_state !== 1 && current.obj_state !== 2)) throw new AppError('NOT_FOUND');
            fits(current.obj_state === 2 ? 0 : Number(current.surplus_milli));
            throw new AppError('NOT_ENOUGH_STOCK', { left: `${fromMilli(Number(current.surplus_milli))} ${unit}`.trim() });
          }
          // The last lot turns the listing sold out.
          if (left === 0) await move(trx, listingMachine, 'sellOut', listing.id, { to: 2, set: { updated_at: atIso } });
          log.after = { orderNo, listing: listing.trade_listing_code, quantity: body.quantity, amount, deposit };
          changed(emit, order, 'placed');
          emit({ topic: 'listing', key: String(listing.id), action: 'stock', companyIds: [listing.company_id] });
          return answer;
        });
      } catch (err) {
        // The same request sent twice at once: the second insert meets the first's request id.
        if (isUniqueViolation(err)) {
          const again = await earlier(buyer.companyId, body);
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
      const orderNo = `${ymd(at)}${String(id).padStart(8, '0')}`;
      await repo.update(trx, id, { order_no: orderNo });
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
      const order = (await repo.findByNo(orderNo, trx))!;
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
