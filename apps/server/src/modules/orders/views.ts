import { fromMilli } from '@portal/contracts/quantity';
import { ORDER_STATE_VALUES } from '@portal/contracts/trade-constants';
import {
  ORDER_WATCH_PERMISSION,
  type Order,
  type OrderAdminPage,
  type OrderPage,
  type OrderRow,
  type OrderSnapshot,
  type orderAdminPageBodySchema,
  type orderPageBodySchema,
} from '@portal/contracts/orders';
import type { z } from 'zod';
import { AppError } from '../../platform/errors';
import type { Trx } from '../../platform/write-path';
import type { FileReaders } from '../files';
import { allowedActions, type Side } from './checks';
import type { OrderContext } from './context';
import type { OrderEventRow, OrderRowData } from './orders.repo';

/** How orders read: each side's lists with counts, one order with its timeline, the operator's watch. */
export function createOrderViews(c: OrderContext) {
  const { repo, now, partyOf, sideOf } = c;

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

  /** The order as its side reads it, with its timeline (read, unless the caller holds it whole). */
  async function toOrder(order: OrderRowData, side: Side | null, on?: Trx, timeline?: OrderEventRow[]): Promise<Order> {
    const events = timeline ?? (await repo.events(order.id, on));
    const row = toRow(order, side);
    // Payment is offered only when it would be taken (a contract to sign first holds it back).
    if (row.actions.includes('pay') && !(await c.payable(order, on))) row.actions = row.actions.filter((a) => a !== 'pay');
    return {
      ...row,
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

  async function fileReaders(orderNo: string): Promise<FileReaders | undefined> {
    const order = await repo.findByNo(orderNo);
    return order && { companyIds: [order.buyer_company_id, order.seller_company_id], operatorPermission: ORDER_WATCH_PERMISSION };
  }

  return {
    toRow,
    toOrder,
    fileReaders,
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
  };
}
export type OrderViews = ReturnType<typeof createOrderViews>;
