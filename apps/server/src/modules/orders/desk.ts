import { amountOf, depositOf, toMilli } from '@portal/contracts/quantity';
import { listingMachine } from '@portal/contracts/listing-manage';
import { orderMachine, type Order, type OrderSnapshot, type orderPlaceBodySchema } from '@portal/contracts/orders';
import type { z } from 'zod';
import { createDesks, type Waiting } from '../../platform/desk';
import { AppError } from '../../platform/errors';
import { createAll, move } from '../../platform/transitions';
import type { BatchLogEntry, Emit, Trx } from '../../platform/write-path';
import { checkQuantity } from './checks';
import { HOUR_MS, type OrderContext } from './context';
import { ORDER_JOBS } from './deadlines';
import type { OrderRowData, OrdersRepo } from './orders.repo';
import type { OrderViews } from './views';

/** The most orders one transaction of a listing's desk decides; the rest wait for the next. */
const DESK_BATCH_MAX = 200;

export type PlaceBody = z.output<typeof orderPlaceBodySchema>;

/** A buyer's order on its way to its listing's desk. */
export interface DeskOrder {
  userId: number;
  body: PlaceBody;
  /** The request that sent it: the events its order causes carry it. */
  requestId: string | undefined;
}
type WaitingOrder = Waiting<DeskOrder, Order>;

type HeldListing = NonNullable<Awaited<ReturnType<OrdersRepo['holdListing']>>>;
type Member = Awaited<ReturnType<OrdersRepo['members']>>[number];

/** An order the batch accepted, before it is written. */
interface Accepted {
  index: number;
  member: Member & { company_id: number };
  body: PlaceBody;
  requestId: string | undefined;
  quantityMilli: number;
  amount: number;
  deposit: number;
}

/** What the batch decided for one order: an answer, a refusal, or the answer of another request. */
type Decision = { answer: Order } | { error: AppError } | { accepted: number } | { stored: OrderRowData };

const ymd = (d: Date) => d.toISOString().slice(0, 10).replace(/-/g, '');
/** The number names the day and the order; ids only grow, so numbers never repeat. */
export const orderNoOf = (at: Date, id: number) => `${ymd(at)}${String(id).padStart(8, '0')}`;

/** What the order keeps of its listing's terms, as they were when it was placed. */
function snapshotOf(listing: HeldListing, ratio: number): OrderSnapshot {
  return {
    varietyCode: listing.variety_code,
    varietyName: listing.variety_name,
    goodsSkuName: listing.goods_sku_name,
    unit: listing.unit,
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

/** A retried request asks for what its first sending ordered, or it reuses the id for something else. */
export function sameRequest(order: Pick<OrderRowData, 'origin_code' | 'quantity_milli'>, body: PlaceBody): void {
  if (order.origin_code !== body.tradeListingCode || Number(order.quantity_milli) !== toMilli(body.quantity)) {
    throw new AppError('REQUEST_ID_REUSED');
  }
}

/**
 * The order desk of each listing on this server: buyers' orders wait here and are decided together,
 * in one transaction that holds the listing's row, so the stock is read once, shared out in the
 * order the requests arrived and taken in one update, and every order of the batch is written with
 * a handful of statements in all. The listing's row stays held until the commit, so batches of
 * every server decide one after the other and each sees the stock the one before left: no order
 * can take stock another already took.
 */
export function createOrderDesk(c: OrderContext, views: Pick<OrderViews, 'toOrder'>) {
  const { repo, writes, scheduler, deposits, deadlines, now, reference, changed, messageOf } = c;
  const { toOrder } = views;

  /**
   * Decides a batch in one transaction and answers each order. When the transaction itself fails
   * (not a refusal: those are answers), each order is decided again alone, so a failure is only
   * the failing order's (a request sent twice at once to two servers meets the other's order here).
   */
  async function decideBatch(code: string, batch: WaitingOrder[], held: () => void = () => {}): Promise<void> {
    let decisions: Decision[];
    try {
      decisions = await writes.writeMany((trx, emit) => decideLocked(trx, emit, code, batch, held));
    } catch (err) {
      if (batch.length === 1) batch[0]!.reject(err);
      else for (const order of batch) await decideBatch(code, [order]);
      return;
    }
    for (const [i, order] of batch.entries()) {
      const d = decisions[i]!;
      if ('error' in d) order.reject(d.error);
      else if ('answer' in d) order.resolve(d.answer);
    }
  }

  /**
   * A batch's transaction. Before the listing is held: the buyers and the orders their requests
   * already made. Then, holding the listing, each order in arrival order is checked against the
   * stock the orders before it left (a refused order writes nothing), and the accepted ones are
   * written together: the orders and their numbers, margin deposits frozen one by one (an order
   * whose deposit falls short is taken back and refused), the first timeline entries, the
   * confirmation deadlines, the seller's messages, the stock and the log rows.
   */
  async function decideLocked(trx: Trx, emit: Emit, code: string, batch: WaitingOrder[], held: () => void) {
    const members = new Map(
      (
        await repo.members(
          batch.map((o) => o.userId),
          trx,
        )
      ).map((m) => [m.id, m]),
    );
    const companyIds = [...new Set([...members.values()].flatMap((m) => (m.company_id ? [m.company_id] : [])))];
    const stored = new Map(
      (await repo.byRequests(companyIds, [...new Set(batch.map((o) => o.body.requestId))], trx)).map((o) => [
        `${o.buyer_company_id}:${o.request_id}`,
        o,
      ]),
    );
    const listing = await repo.holdListing(trx, code);
    held();

    const at = now();
    const margin = listing?.listing_type === 'D' && listing.deposit_ratio > 0;
    // What each buyer may still set aside, kept up to date as the batch's margin orders take it.
    const funds = margin ? await deposits.available(trx, companyIds, listing.currency) : new Map<number, number>();
    let surplus = Number(listing?.surplus_milli ?? 0);
    const terms = listing && { minMilli: Number(listing.min_milli), stepMilli: Number(listing.step_milli), unit: listing.unit };
    const accepted: Accepted[] = [];
    const acceptedBy = new Map<string, number>();
    const decisions: Decision[] = batch.map((order, index): Decision => {
      try {
        const member = members.get(order.userId);
        if (!member?.company_id) throw new AppError('NOT_FOUND');
        const { body } = order;
        const key = `${member.company_id}:${body.requestId}`;
        // A request sent again answers the order its first sending made.
        const earlier = stored.get(key);
        if (earlier) {
          sameRequest(earlier, body);
          return { stored: earlier };
        }
        const first = acceptedBy.get(key);
        if (first !== undefined) {
          sameRequest({ origin_code: code, quantity_milli: accepted[first]!.quantityMilli }, body);
          return { accepted: first };
        }
        // Only listings on the market can be ordered; others are not shown to buyers at all.
        if (!listing || !terms || (listing.obj_state !== 1 && listing.obj_state !== 2)) throw new AppError('NOT_FOUND');
        if (listing.company_id === member.company_id) throw new AppError('OWN_LISTING');
        if (listing.hold_bs !== 2) throw new AppError('LISTING_NOT_ORDERABLE');
        const quantityMilli = toMilli(body.quantity);
        checkQuantity(quantityMilli, listing.obj_state === 2 ? 0 : surplus, terms);
        const amount = amountOf(Number(listing.single_price), quantityMilli);
        const deposit = margin ? depositOf(amount, listing.deposit_ratio) : 0;
        const have = funds.get(member.company_id) ?? 0;
        if (deposit > have) throw new AppError('DEPOSIT_NOT_AVAILABLE', { missing: deposit - have, currency: listing.currency });
        funds.set(member.company_id, have - deposit);
        surplus -= quantityMilli;
        acceptedBy.set(key, accepted.length);
        accepted.push({
          index,
          member: { ...member, company_id: member.company_id },
          body,
          requestId: order.requestId,
          quantityMilli,
          amount,
          deposit,
        });
        return { accepted: accepted.length - 1 };
      } catch (err) {
        if (err instanceof AppError) return { error: err };
        throw err;
      }
    });

    const written = listing && accepted.length > 0 ? await writeAccepted(trx, emit, listing, accepted, at) : null;
    const logs: BatchLogEntry[] = [];
    if (written) {
      for (const [i, refusal] of written.refused) decisions[accepted[i]!.index] = { error: refusal };
      for (const [i, order] of written.orders) {
        const a = accepted[i]!;
        logs.push({
          actorUserId: a.member.id,
          account: a.member.account,
          action: 'place',
          target: 'order',
          after: { orderNo: order.order_no, listing: code, quantity: a.body.quantity, amount: a.amount, deposit: a.deposit },
        });
      }
    }
    // The answers: a new order with its one timeline entry; a retry with the order as it is now.
    const answers: Decision[] = [];
    for (const d of decisions) {
      if ('accepted' in d) {
        const made = written?.orders.get(d.accepted);
        answers.push(
          made
            ? { answer: await toOrder(made, 'buyer', trx, [written!.events.get(d.accepted)!]) }
            : decisions[accepted[d.accepted]!.index]!,
        );
      } else if ('stored' in d) answers.push({ answer: await toOrder(d.stored, 'buyer', trx) });
      else answers.push(d);
    }
    return { value: answers, logs };
  }

  /** Writes the accepted orders of a batch; answers what was written of each and the ones refused on the way. */
  async function writeAccepted(trx: Trx, emit: Emit, listing: HeldListing, accepted: Accepted[], at: Date) {
    const atIso = at.toISOString();
    const confirmBy = new Date(at.getTime() + deadlines.confirmHours * HOUR_MS);
    const ratio = listing.listing_type === 'D' ? listing.deposit_ratio : 0;
    const snapshot = JSON.stringify(snapshotOf(listing, ratio));
    const created = await createAll(
      trx,
      orderMachine,
      'place',
      1,
      accepted.map((a) => ({
        order_no: `TMP${crypto.randomUUID().replace(/-/g, '').slice(0, 30)}`,
        origin: 'listing',
        origin_code: listing.trade_listing_code,
        listing_id: listing.id,
        buyer_company_id: a.member.company_id,
        buyer_user_id: a.member.id,
        buyer_name: a.member.company_name ?? '',
        seller_company_id: listing.company_id,
        seller_user_id: listing.seller_id,
        seller_name: listing.user_name,
        request_id: a.body.requestId,
        snapshot_json: snapshot,
        quantity_milli: a.quantityMilli,
        amount: a.amount,
        currency: listing.currency,
        deposit_frozen: a.deposit,
        delivery_address: a.body.deliveryAddress,
        contact_name: a.body.contactName,
        contact_phone: a.body.contactPhone,
        remark: a.body.remark,
        confirm_by: confirmBy.toISOString(),
        created_at: atIso,
        updated_at: atIso,
      })),
    );
    const numbered = await repo.number(
      trx,
      created.map((o) => ({ id: o.id, orderNo: orderNoOf(at, o.id) })),
    );
    const emitFor = (a: Accepted): Emit => (a.requestId ? (e) => emit({ ...e, requestId: a.requestId }) : emit);

    // Margin deposits, one buyer after the other. The batch decided them on what each buyer had, so
    // they fall short only when another transaction took the money since (an operator's debit): that
    // order is then taken back and refused, and the stock is only ever taken for orders written.
    // Other orders of the batch were decided with its quantity taken and stay as decided.
    const refused = new Map<number, AppError>();
    for (const [i, a] of accepted.entries()) {
      if (a.deposit <= 0) continue;
      try {
        const order = numbered[i]!;
        const move = {
          companyId: a.member.company_id,
          currency: listing.currency,
          amount: a.deposit,
          reference: reference(order),
          actorUserId: a.member.id,
        };
        await deposits.freeze(trx, move, emitFor(a));
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        refused.set(i, err);
      }
    }
    await repo.drop(
      trx,
      [...refused.keys()].map((i) => numbered[i]!.id),
    );
    const kept = [...accepted.keys()].filter((i) => !refused.has(i));
    const orders = new Map(kept.map((i) => [i, numbered[i]!]));
    const entries = await repo.addEvents(
      trx,
      kept.map((i) => ({
        order_id: numbered[i]!.id,
        action: 'place',
        state: 1,
        actor_user_id: accepted[i]!.member.id,
        actor_name: accepted[i]!.member.real_name || accepted[i]!.member.nick_name || accepted[i]!.member.account,
        note: accepted[i]!.body.remark,
        file_ids_json: '[]',
        at: atIso,
      })),
    );
    const events = new Map(kept.map((i, k) => [i, entries[k]!]));
    await scheduler.schedule(
      trx,
      kept.map((i) => ({ kind: ORDER_JOBS.confirmDeadline, key: numbered[i]!.order_no, runAt: confirmBy })),
    );
    await c.notifyCompany?.(
      trx,
      listing.company_id,
      kept.map((i) => ({ ...messageOf(numbered[i]!, 'seller', 'order.placed'), requestId: accepted[i]!.requestId })),
      emit,
    );
    // The stock of every order written, in one update of the held row.
    const taken = kept.reduce((sum, i) => sum + accepted[i]!.quantityMilli, 0);
    if (taken > 0) {
      const left = await repo.takeStock(trx, listing.id, taken, atIso);
      // The row is held, so it has what was read: anything else is a fault, and the batch rolls back.
      if (left === undefined) throw new Error(`listing ${listing.id}: the stock moved while held`);
      if (left === 0) await move(trx, listingMachine, 'sellOut', listing.id, { to: 2, set: { updated_at: atIso } });
      for (const i of kept) changed(emitFor(accepted[i]!), numbered[i]!, 'placed');
      emit({ topic: 'listing', key: String(listing.id), action: 'stock', companyIds: [listing.company_id] });
    }
    return { orders, events, refused };
  }

  const { atDesk } = createDesks<string, DeskOrder, Order>(decideBatch, DESK_BATCH_MAX);
  return {
    /** Places a buyer's order at its listing's desk; answers the order, or refuses it. */
    place: (order: DeskOrder): Promise<Order> => atDesk(order.body.tradeListingCode, order),
  };
}
