import { PAGE_PATHS } from '@portal/contracts/page-paths';
import { fromMilli } from '@portal/contracts/quantity';
import type { NotifyCompany } from '../messages';
import { listingMachine } from '@portal/contracts/listing-manage';
import { orderMachine, type OrderSnapshot } from '@portal/contracts/orders';
import { AppError } from '../../platform/errors';
import type { Scheduler } from '../../platform/scheduler';
import { move, moveFrom } from '../../platform/transitions';
import type { Emit, Trx, WritePath } from '../../platform/write-path';
import type { FilesService } from '../files';
import type { MessageDraft } from '../messages';
import type { OrderState, OrderStep, Party, Side } from './checks';
import type { OrderRowData, OrdersRepo } from './orders.repo';

/** The scope under which files given as evidence of an order (vouchers, waybills) are linked to it. */
export const ORDER_FILES = 'order';

/** The pages a message about an order opens, by the recipient's side. */
export const ORDER_ROUTES = { buyer: PAGE_PATHS.purchaseOrders, seller: PAGE_PATHS.salesOrders } as const;

export const HOUR_MS = 3_600_000;

/** Money moved for margin orders, inside the order's transaction (the deposits module). */
export interface DepositMoves {
  /** What each company may set aside now in the currency (none without an account). */
  available(trx: Trx, companyIds: number[], currency: string): Promise<Map<number, number>>;
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
  /** Links the files a step gives as evidence to the order (the caller's own uploads only). */
  files: Pick<FilesService, 'attach'>;
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
  /**
   * A deal recorded after the fact (an earlier system's, or the demo's price history): its contract
   * was made outside this platform, so none is opened here.
   */
  pastDeal?: boolean;
}

/**
 * Told when an order of an origin other than a listing completes (6) or is cancelled (9), inside
 * the same transaction, so the origin can move on (an auction space to "deal done", say).
 */
export type OrderFinishedHook = (trx: Trx, order: OrderRowData, emit: Emit) => Promise<void>;

/** Told inside the same transaction when an order is confirmed or made confirmed by a result (state 2). */
export type OrderConfirmedHook = (trx: Trx, order: OrderRowData, emit: Emit) => Promise<void>;

/** Asked before a buyer pays (or a seller cancels for non-payment); throws AppError to refuse. */
/** A check a payment must pass; it reads inside the payment's transaction, or on its own (undefined) for a view. */
export type OrderPaymentGuard = (on: Trx | undefined, order: OrderRowData) => Promise<void>;

/**
 * What every order command shares: the dependencies, who the caller is, the timeline step, the
 * messages to either side and the stock and deposit moves an ending order makes.
 */
export function createOrderContext(deps: OrdersDeps) {
  const { repo, deposits, now } = deps;
  const finishedHooks = new Map<string, OrderFinishedHook>();
  const confirmedHooks: OrderConfirmedHook[] = [];
  const paymentGuards: OrderPaymentGuard[] = [];

  /** Tells whoever listens that the order now awaits payment, in the same transaction. */
  async function confirmed(trx: Trx, order: OrderRowData, emit: Emit): Promise<void> {
    for (const hook of confirmedHooks) await hook(trx, order, emit);
  }

  /** Asks every guard whether the order may be paid now. */
  async function mayPay(trx: Trx, order: OrderRowData): Promise<void> {
    for (const guard of paymentGuards) await guard(trx, order);
  }

  /** Whether every guard lets the order be paid now: the order's view offers payment only then. */
  async function payable(order: OrderRowData, on?: Trx): Promise<boolean> {
    try {
      for (const guard of paymentGuards) await guard(on, order);
      return true;
    } catch (err) {
      if (err instanceof AppError) return false;
      throw err;
    }
  }

  /** Tells the order's origin that it ended (completed or cancelled), in the same transaction. */
  async function finished(trx: Trx, order: OrderRowData, emit: Emit): Promise<void> {
    const hook = finishedHooks.get(order.origin);
    if (hook) await hook(trx, order, emit);
  }

  async function partyOf(userId: number): Promise<{ companyId: number; companyName: string; userName: string; account: string }> {
    const member = await repo.member(userId);
    if (!member?.company_id) throw new AppError('NOT_FOUND');
    return {
      account: member.account,
      companyId: member.company_id,
      companyName: member.company_name ?? '',
      userName: member.real_name || member.nick_name || member.account,
    };
  }

  const sideOf = (order: OrderRowData, companyId: number): Side | null =>
    order.buyer_company_id === companyId ? 'buyer' : order.seller_company_id === companyId ? 'seller' : null;

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

  /** The message telling one side of an order what happened to it. */
  function messageOf(order: OrderRowData, to: Side, kind: MessageDraft['kind'], note = ''): MessageDraft {
    const snapshot = JSON.parse(order.snapshot_json) as OrderSnapshot;
    return {
      kind,
      params: {
        orderNo: order.order_no,
        goodsName: snapshot.goodsSkuName,
        quantity: fromMilli(order.quantity_milli),
        unit: snapshot.unit,
        amount: Number(order.amount),
        currency: order.currency,
        // The other company, as the recipient sees it.
        party: to === 'buyer' ? order.seller_name : order.buyer_name,
        reason: note,
        deadline: order.pay_by,
      },
      link: { route: ORDER_ROUTES[to], query: { orderNo: order.order_no } },
    };
  }

  async function tell(trx: Trx, order: OrderRowData, to: Side, kind: MessageDraft['kind'], emit: Emit, note = ''): Promise<void> {
    if (!deps.notifyCompany) return;
    const companyId = to === 'buyer' ? order.buyer_company_id : order.seller_company_id;
    await deps.notifyCompany(trx, companyId, messageOf(order, to, kind, note), emit);
  }

  /**
   * A cancelled order's quantity back to its listing. A sold-out listing goes back on sale while
   * its days on sale last, and counts as expired after them; other states keep theirs.
   */
  async function returnStock(trx: Trx, order: OrderRowData, emit: Emit): Promise<void> {
    if (order.listing_id === null) return;
    const at = now().toISOString();
    const listing = await repo.returnStock(trx, order.listing_id, Number(order.quantity_milli), at);
    if (listing?.obj_state === 2) {
      const onSale = listing.expire_time === '' || listing.expire_time > at;
      await move(trx, listingMachine, 'restock', order.listing_id, { to: onSale ? 1 : 6, set: { updated_at: at } });
    }
    emit({ topic: 'listing', key: String(order.listing_id), action: 'stock', companyIds: [order.seller_company_id] });
  }

  /** Stock back to the listing and the deposit back to the buyer: a cancellation that forfeits nothing. */
  async function undo(trx: Trx, order: OrderRowData, actorUserId: number | null, emit: Emit): Promise<void> {
    await returnStock(trx, order, emit);
    await releaseDeposit(trx, order, actorUserId, emit);
  }

  /**
   * One step of an order: moves it from the state it was read in (a conditional update, so a
   * racing call or deadline cannot apply twice) and writes its timeline entry.
   */
  async function step(
    trx: Trx,
    order: OrderRowData,
    s: {
      action: OrderStep;
      to: OrderState;
      actor: Party | null;
      note: string;
      fileIds: string[];
      set?: { pay_by?: string; receive_by?: string };
    },
    emit: Emit,
  ): Promise<OrderRowData> {
    const at = now().toISOString();
    await moveFrom(trx, orderMachine, s.action, order, { to: s.to, set: { ...s.set, updated_at: at } });
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

  /** The order's parties read the files given as evidence of it, and operators who watch orders. */

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

  return {
    ...deps,
    finishedHooks,
    confirmedHooks,
    paymentGuards,
    confirmed,
    mayPay,
    payable,
    finished,
    partyOf,
    sideOf,
    reference,
    changed,
    messageOf,
    tell,
    returnStock,
    undo,
    releaseDeposit,
    step,
  };
}
export type OrderContext = ReturnType<typeof createOrderContext>;
