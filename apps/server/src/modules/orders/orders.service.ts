import { ORDER_STATE_VALUES, ORDER_STATES, type OrderAction, type OrderEventAction } from '@portal/contracts/trade-constants';
import type {
  Order,
  OrderAdminPage,
  OrderPage,
  OrderRow,
  OrderSnapshot,
  orderActionBodySchema,
  orderAdminPageBodySchema,
  orderPageBodySchema,
  orderPlaceBodySchema,
} from '@portal/contracts/orders';
import type { z } from 'zod';
import { AppError, invalidField } from '../../platform/errors';
import type { Scheduler } from '../../platform/scheduler';
import type { Emit, Trx, WritePath } from '../../platform/write-path';
import { fromMilli, type NotifyCompany, toMilli } from '../listing-manage';
import type { MessageDraft } from '../messages';
import type { OrderRowData, OrdersRepo } from './orders.repo';

/** Timed transitions of an order, keyed by its order number. */
export const ORDER_JOBS = {
  /** The seller did not confirm in time: the order is cancelled. */
  confirmDeadline: 'order.confirmDeadline',
  /** The buyer is reminded that the payment deadline is near. */
  payDeadlineNear: 'order.payDeadlineNear',
  /** Nobody confirmed receipt in time: the order completes. */
  receiveDeadline: 'order.receiveDeadline',
} as const;

/** The pages a message about an order opens, by the recipient's side. */
export const ORDER_ROUTES = { buyer: '/trade/purchase-orders', seller: '/trade/sales-orders' } as const;

const HOUR_MS = 3_600_000;

/** Money moved for margin orders, inside the order's transaction (the deposits module). */
export interface DepositMoves {
  freeze(trx: Trx, move: DepositMove, emit?: Emit): Promise<void>;
  release(trx: Trx, move: DepositMove, emit?: Emit): Promise<void>;
  forfeit(
    trx: Trx,
    move: { fromCompanyId: number; toCompanyId: number; currency: string; amount: number; reference: string; actorUserId?: number | null },
    emit?: Emit,
  ): Promise<void>;
}
interface DepositMove {
  companyId: number;
  currency: string;
  amount: number;
  reference: string;
  actorUserId?: number | null;
}

export interface OrderDeadlines {
  confirmHours: number;
  payHours: number;
  receiveDays: number;
  /** The payment reminder comes this long before the payment deadline. */
  nearHours: number;
}

export interface OrdersDeps {
  repo: OrdersRepo;
  writes: WritePath;
  scheduler: Scheduler;
  deposits: DepositMoves;
  notifyCompany?: NotifyCompany;
  deadlines: OrderDeadlines;
  now: () => Date;
}

/**
 * An order made by a result rather than by a buyer's call: an auction piece's winner or a tender
 * award. It starts confirmed (state 2), so its payment deadline runs from now.
 */
export interface SettledOrderDraft {
  origin: 'auction' | 'tender';
  /** The spaceId or tenderNo the portal shows as the origin. */
  originCode: string;
  /** Unique per buyer company and result (for example `auction:<pieceId>`), so a result settles once. */
  settlementKey: string;
  buyerCompanyId: number;
  buyerUserId: number;
  buyerName: string;
  sellerCompanyId: number;
  sellerUserId: number;
  sellerName: string;
  snapshot: OrderSnapshot;
  quantityMilli: number;
  amount: number;
  /**
   * Deposit of the buyer already frozen for this deal (an auction registration): it stays frozen
   * with the order, is released on completion and forfeited to the seller when the buyer does not pay.
   * Zero when the buyer holds none.
   */
  depositFrozen: number;
  deliveryAddress?: string;
  contactName?: string;
  contactPhone?: string;
  remark?: string;
}

/**
 * Told when an order of an origin other than a listing completes (6) or is cancelled (9), inside
 * the same transaction, so the origin can move on (an auction space to "deal done", say).
 */
export type OrderFinishedHook = (trx: Trx, order: OrderRowData, emit: Emit) => Promise<void>;

type Side = 'buyer' | 'seller';
type Party = { side: Side; userId: number; name: string; companyId: number };

/** Cents of price x thousandths of quantity, rounded half up to a whole cent (exact in BigInt). */
export function amountOf(priceCents: number, quantityMilli: number): number {
  return Number((BigInt(priceCents) * BigInt(quantityMilli) + 500n) / 1000n);
}
/** A margin order's deposit: `ratio` percent of the amount, rounded half up to a whole cent. */
export function depositOf(amount: number, ratio: number): number {
  return Number((BigInt(amount) * BigInt(ratio) + 50n) / 100n);
}

/** The refusal of an action the order's current state does not allow, naming that state. */
function stateRefusal(state: number): AppError {
  const label = ORDER_STATES[state as keyof typeof ORDER_STATES];
  return AppError.naming('STATE_NOT_ALLOWED', {
    state: label ?? { 'zh-CN': String(state), 'en-US': String(state), 'zh-TW': String(state) },
  });
}

/**
 * What one side may do to an order now. The buyer cancels only before the seller confirms; the
 * seller cancels a confirmed order only after the payment deadline has passed.
 */
export function allowedActions(order: Pick<OrderRowData, 'state' | 'pay_by'>, side: Side | null, nowIso: string): OrderAction[] {
  if (side === 'buyer') {
    if (order.state === 1) return ['cancel'];
    if (order.state === 2) return ['pay'];
    if (order.state === 5) return ['receive'];
    return [];
  }
  if (side === 'seller') {
    if (order.state === 1) return ['confirm', 'refuse'];
    if (order.state === 2 && order.pay_by !== '' && order.pay_by <= nowIso) return ['cancel'];
    if (order.state === 3) return ['confirmPayment'];
    if (order.state === 4) return ['ship'];
    return [];
  }
  return [];
}

/** Which side's action each call is, so a call by the other side is refused as not theirs. */
const ACTION_SIDES: Record<OrderAction, Side[]> = {
  confirm: ['seller'],
  refuse: ['seller'],
  cancel: ['buyer', 'seller'],
  pay: ['buyer'],
  confirmPayment: ['seller'],
  ship: ['seller'],
  receive: ['buyer'],
};

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | null;
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(e?.message ?? '');
}

const ymd = (d: Date) => d.toISOString().slice(0, 10).replace(/-/g, '');

/**
 * Orders on listings: placing takes the stock in the same transaction as the order, margin orders
 * freeze the buyer's deposit, each party moves the order by its calls, and deadlines move it when
 * nobody does. Every change goes through the write path (operation log, events after commit).
 */
export function createOrdersService(deps: OrdersDeps) {
  const { repo, writes, scheduler, deposits, deadlines, now } = deps;
  const finishedHooks = new Map<string, OrderFinishedHook>();

  /** Tells the order's origin that it ended (completed or cancelled), in the same transaction. */
  async function finished(trx: Trx, order: OrderRowData, emit: Emit): Promise<void> {
    const hook = finishedHooks.get(order.origin);
    if (hook) await hook(trx, order, emit);
  }

  async function partyOf(userId: number): Promise<{ companyId: number; companyName: string; userName: string }> {
    const member = await repo.member(userId);
    if (!member?.company_id) throw new AppError('NOT_FOUND');
    return {
      companyId: member.company_id,
      companyName: member.company_name ?? '',
      userName: member.real_name || member.nick_name || member.account,
    };
  }

  const sideOf = (order: OrderRowData, companyId: number): Side | null =>
    order.buyer_company_id === companyId ? 'buyer' : order.seller_company_id === companyId ? 'seller' : null;

  function toRow(order: OrderRowData, side: Side | null): OrderRow {
    return {
      orderNo: order.order_no,
      state: order.state,
      origin: order.origin,
      originCode: order.origin_code,
      buyerUserId: String(order.buyer_user_id),
      buyerName: order.buyer_name,
      sellerUserId: String(order.seller_user_id),
      sellerName: order.seller_name,
      snapshot: JSON.parse(order.snapshot_json) as OrderSnapshot,
      quantity: fromMilli(order.quantity_milli),
      amount: Number(order.amount),
      currency: order.currency,
      depositFrozen: Number(order.deposit_frozen),
      deliveryAddress: order.delivery_address,
      contactName: order.contact_name,
      contactPhone: order.contact_phone,
      remark: order.remark,
      createdAt: order.created_at,
      confirmBy: order.confirm_by,
      payBy: order.pay_by,
      receiveBy: order.receive_by,
      actions: allowedActions(order, side, now().toISOString()),
    };
  }

  async function toOrder(order: OrderRowData, side: Side | null, on?: Trx): Promise<Order> {
    const events = await repo.events(order.id, on);
    return {
      ...toRow(order, side),
      timeline: events.map((e) => ({
        action: e.action,
        state: e.state,
        actorUserId: e.actor_user_id === null ? '' : String(e.actor_user_id),
        actorName: e.actor_name,
        time: e.at,
        note: e.note,
        fileIds: JSON.parse(e.file_ids_json) as string[],
      })),
    };
  }

  const reference = (order: Pick<OrderRowData, 'order_no'>) => `order:${order.order_no}`;

  function changed(emit: Emit, order: OrderRowData, action: string): void {
    emit({
      topic: 'order',
      key: order.order_no,
      action,
      companyIds: [order.buyer_company_id, order.seller_company_id],
      data: { state: order.state },
    });
  }

  async function tell(trx: Trx, order: OrderRowData, to: Side, kind: MessageDraft['kind'], emit: Emit, note = ''): Promise<void> {
    if (!deps.notifyCompany) return;
    const snapshot = JSON.parse(order.snapshot_json) as OrderSnapshot;
    await deps.notifyCompany(
      trx,
      to === 'buyer' ? order.buyer_company_id : order.seller_company_id,
      {
        kind,
        params: {
          orderNo: order.order_no,
          goodsName: snapshot.goodsSkuName,
          quantity: `${fromMilli(order.quantity_milli)} ${snapshot.unit}`.trim(),
          amount: Number(order.amount),
          currency: order.currency,
          // The other company, as the recipient sees it.
          party: to === 'buyer' ? order.seller_name : order.buyer_name,
          reason: note,
          deadline: order.pay_by,
        },
        link: { route: ORDER_ROUTES[to], query: { orderNo: order.order_no } },
      },
      emit,
    );
  }

  /** Stock back to the listing and the deposit back to the buyer: a cancellation that forfeits nothing. */
  async function undo(trx: Trx, order: OrderRowData, actorUserId: number | null, emit: Emit): Promise<void> {
    if (order.listing_id !== null) {
      await repo.returnStock(trx, order.listing_id, Number(order.quantity_milli), now().toISOString());
      emit({ topic: 'listing', key: String(order.listing_id), action: 'stock', companyIds: [order.seller_company_id] });
    }
    await releaseDeposit(trx, order, actorUserId, emit);
  }

  /**
   * One step of an order: moves it from the state it was read in (a conditional update, so a
   * racing call or deadline cannot apply twice) and writes its timeline entry.
   */
  async function step(
    trx: Trx,
    order: OrderRowData,
    s: { action: OrderEventAction; to: number; actor: Party | null; note: string; fileIds: string[]; set?: Partial<OrderRowData> },
    emit: Emit,
  ): Promise<OrderRowData> {
    const at = now().toISOString();
    const moved = await repo.transition(trx, order.id, order.state, { ...s.set, state: s.to, updated_at: at });
    if (!moved) throw stateRefusal((await repo.findByNo(order.order_no, trx))?.state ?? order.state);
    await repo.addEvent(trx, {
      orderId: order.id,
      action: s.action,
      state: s.to,
      actorUserId: s.actor?.userId ?? null,
      actorName: s.actor?.name ?? '',
      note: s.note,
      fileIds: s.fileIds,
      at,
    });
    const next = (await repo.findByNo(order.order_no, trx))!;
    // An order that ends tells its origin (a listing has nothing to hear).
    if (s.to === 6 || s.to === 9) await finished(trx, next, emit);
    return next;
  }

  async function checkFiles(fileIds: string[], required: boolean): Promise<string[]> {
    const ids = [...new Set(fileIds)];
    if (required && ids.length === 0) throw invalidField('fileIds', 'required');
    const stored = await repo.existingFileIds(ids);
    if (ids.some((id) => !stored.has(id))) throw invalidField('fileIds', 'invalidValue');
    return ids;
  }

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
      if (order.listing_id !== null) {
        await repo.returnStock(trx, order.listing_id, Number(order.quantity_milli), now().toISOString());
        emit({ topic: 'listing', key: String(order.listing_id), action: 'stock', companyIds: [order.seller_company_id] });
      }
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

  /** The buyer's frozen deposit back to it: on completion, and on a cancellation that forfeits nothing. */
  async function releaseDeposit(trx: Trx, order: OrderRowData, actorUserId: number | null, emit: Emit): Promise<void> {
    if (Number(order.deposit_frozen) > 0) {
      await deposits.release(
        trx,
        {
          companyId: order.buyer_company_id,
          currency: order.currency,
          amount: Number(order.deposit_frozen),
          reference: reference(order),
          actorUserId,
        },
        emit,
      );
    }
  }

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
      const checkQuantity = (surplus: number) => {
        const left = `${fromMilli(surplus)} ${unit}`.trim();
        if (surplus === 0 || quantityMilli > surplus) throw new AppError('NOT_ENOUGH_STOCK', { left });
        const min = Number(listing.min_milli);
        // When less than the minimum remains, the order takes exactly what remains.
        if (surplus < min) {
          if (quantityMilli !== surplus) throw new AppError('ORDER_BELOW_MINIMUM', { min: left });
          return;
        }
        if (quantityMilli < min) throw new AppError('ORDER_BELOW_MINIMUM', { min: `${fromMilli(min)} ${unit}`.trim() });
        const stepMilli = Number(listing.step_milli);
        if (stepMilli > 0 && (quantityMilli - min) % stepMilli !== 0) {
          throw new AppError('ORDER_OFF_STEP', { min: `${fromMilli(min)} ${unit}`.trim(), step: `${fromMilli(stepMilli)} ${unit}`.trim() });
        }
      };
      checkQuantity(listing.obj_state === 2 ? 0 : Number(listing.surplus_milli));

      const amount = amountOf(Number(listing.single_price), quantityMilli);
      const ratio = listing.listing_type === 'D' ? listing.deposit_ratio : 0;
      const deposit = ratio > 0 ? depositOf(amount, ratio) : 0;
      const snapshot: OrderSnapshot = {
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
      try {
        return await writes.write({ actorUserId: userId, action: 'place', target: 'order' }, async (trx, emit, log) => {
          const at = now();
          const atIso = at.toISOString();
          const confirmBy = new Date(at.getTime() + deadlines.confirmHours * HOUR_MS);
          const id = await repo.insert(trx, {
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
            state: 1,
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
          if (!(await repo.takeStock(trx, listing.id, quantityMilli, atIso))) {
            // Someone else took it first: answer with what is left now.
            const current = await repo.listing(listing.id, trx);
            if (!current || (current.obj_state !== 1 && current.obj_state !== 2)) throw new AppError('NOT_FOUND');
            checkQuantity(current.obj_state === 2 ? 0 : Number(current.surplus_milli));
            throw new AppError('NOT_ENOUGH_STOCK', { left: `${fromMilli(Number(current.surplus_milli))} ${unit}`.trim() });
          }
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
      const id = await repo.insert(trx, {
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
        state: 2,
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
      changed(emit, order, 'settle');
      return order;
    },

    /** Registers what an origin (auction, tender) does when one of its orders completes or is cancelled. */
    onFinished(origin: 'auction' | 'tender', hook: OrderFinishedHook): void {
      finishedHooks.set(origin, hook);
    },

    /** The orders a result made, for the origin's own views and its "all finished" check. */
    byOrigin(origin: 'auction' | 'tender', originCode: string, on?: Trx): Promise<OrderRowData[]> {
      return repo.byOrigin(origin, originCode, on);
    },

    async act(userId: number, action: OrderAction, body: z.output<typeof orderActionBodySchema>): Promise<Order> {
      const caller = await partyOf(userId);
      // A voucher (pay) or waybill (ship) is one or more stored files; other calls may attach some too.
      const fileIds = await checkFiles(body.fileIds, action === 'pay' || action === 'ship');
      return writes.write({ actorUserId: userId, action, target: `order:${body.orderNo}` }, async (trx, emit, log) => {
        const order = await repo.findByNoForUpdate(trx, body.orderNo);
        const side = order ? sideOf(order, caller.companyId) : null;
        if (!order || !side) throw new AppError('NOT_FOUND');
        if (!ACTION_SIDES[action].includes(side)) throw new AppError('NO_RIGHT');
        if (!allowedActions(order, side, now().toISOString()).includes(action)) throw stateRefusal(order.state);
        const actor: Party = { side, userId, name: caller.userName, companyId: caller.companyId };
        const next = await ACTS[action](trx, order, actor, { ...body, fileIds }, emit);
        log.before = { state: order.state };
        log.after = { state: next.state };
        changed(emit, next, action);
        return toOrder(next, side, trx);
      });
    },

    async detail(userId: number, orderNo: string): Promise<Order> {
      const caller = await partyOf(userId);
      const order = await repo.findByNo(orderNo);
      const side = order ? sideOf(order, caller.companyId) : null;
      if (!order || !side) throw new AppError('NOT_FOUND');
      return toOrder(order, side);
    },

    async page(userId: number, side: Side, body: z.output<typeof orderPageBodySchema>): Promise<OrderPage> {
      const { companyId } = await partyOf(userId);
      const filter = side === 'buyer' ? { buyerCompanyId: companyId } : { sellerCompanyId: companyId };
      const [page, counts] = await Promise.all([
        repo.page({ ...filter, ...(body.state !== undefined ? { state: body.state } : {}) }, body.pageNo, body.pageSize),
        repo.counts(side, companyId),
      ]);
      // Every state has its count, zero included, so a tab never lacks one.
      const allCounts = Object.fromEntries(ORDER_STATE_VALUES.map((state) => [String(state), counts[String(state)] ?? 0]));
      return {
        items: page.rows.map((o) => toRow(o, side)),
        totalItem: page.total,
        pageNo: body.pageNo,
        pageSize: body.pageSize,
        counts: allCounts,
      };
    },

    async adminPage(body: z.output<typeof orderAdminPageBodySchema>): Promise<OrderAdminPage> {
      const page = await repo.page(
        { ...(body.state !== undefined ? { state: body.state } : {}), ...(body.keyword ? { keyword: body.keyword } : {}) },
        body.pageNo,
        body.pageSize,
      );
      return { items: page.rows.map((o) => toRow(o, null)), totalItem: page.total, pageNo: body.pageNo, pageSize: body.pageSize };
    },

    async adminDetail(orderNo: string): Promise<Order> {
      const order = await repo.findByNo(orderNo);
      if (!order) throw new AppError('NOT_FOUND');
      return toOrder(order, null);
    },

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
export type OrdersService = ReturnType<typeof createOrdersService>;
