import { z } from 'zod';
import { PAGE_SIZE_OPTIONS } from './constants';
import { enumField } from './enum-field';
import { ORDER_ACTION_VALUES, ORDER_STATES, type OrderAction } from './trade-constants';
import type { Endpoint } from './endpoint';
import { listingMachine, quantitySchema } from './listing-manage';
import { changesOf, defineMachine, joinChanges, type TransitionRef } from './state-machine';
import { pageNoSchema } from './paging';
import { inputString, requiredText, text } from './validation';

/**
 * Orders (采购订单, 销售订单, 订单监管). An order is
 * placed on a listing, moves through its states by the parties' calls and the deadlines, and keeps
 * a timeline of everything that happened to it.
 */

/** Company users place and handle their company's orders with this permission code. */
export const ORDER_PERMISSION = 'trade:order';
/** Operators watch every order with this permission code. */
export const ORDER_WATCH_PERMISSION = 'trade:order-watch';

export const ORDER_LIMITS = {
  addressMax: 200,
  contactNameMax: 40,
  contactPhoneMax: 40,
  remarkMax: 500,
  noteMax: 500,
  fileIdsMax: 9,
  requestIdMax: 64,
  keywordMax: 40,
} as const;

const orderNoSchema = inputString()
  .trim()
  .regex(/^[A-Za-z0-9]{1,40}$/, { message: 'invalidFormat' });
const fileIdSchema = inputString()
  .trim()
  .regex(/^[A-Za-z0-9_.-]{1,64}$/, { message: 'invalidFormat' });
const pageSizeOption = z
  .number()
  .int()
  .refine((v) => (PAGE_SIZE_OPTIONS as readonly number[]).includes(v), { message: 'invalidValue' });
const orderStateSchema = enumField('OrderState');

export const orderPlaceBodySchema = z.strictObject({
  tradeListingCode: requiredText(40),
  quantity: quantitySchema.refine((v) => v > 0, { message: 'tooSmall' }),
  deliveryAddress: requiredText(ORDER_LIMITS.addressMax),
  contactName: requiredText(ORDER_LIMITS.contactNameMax),
  contactPhone: requiredText(ORDER_LIMITS.contactPhoneMax).regex(/^[0-9+\-\s()]+$/, { message: 'invalidFormat' }),
  remark: text(ORDER_LIMITS.remarkMax).default(''),
  /** Made once per attempt by the client: the same id sent again answers the same order. */
  requestId: inputString()
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, { message: 'invalidFormat' }),
});
export type OrderPlaceBody = z.input<typeof orderPlaceBodySchema>;

/** What the order endpoints that move an order take. */
export const orderActionBodySchema = z.strictObject({
  orderNo: orderNoSchema,
  /** A reason (refuse requires one) or a remark the timeline keeps. */
  note: text(ORDER_LIMITS.noteMax).default(''),
  /** Stored files (the upload's ids): the payment voucher (pay, required) or the waybill (ship, required). */
  fileIds: z.array(fileIdSchema).max(ORDER_LIMITS.fileIdsMax, { message: 'tooMany' }).default([]),
});
export type OrderActionBody = z.input<typeof orderActionBodySchema>;

export const orderDetailBodySchema = z.strictObject({ orderNo: orderNoSchema });

export const orderPageBodySchema = z.strictObject({
  pageNo: pageNoSchema.default(1),
  pageSize: pageSizeOption.default(8),
  state: orderStateSchema.optional(),
});
export type OrderPageBody = z.input<typeof orderPageBodySchema>;

export const orderAdminPageBodySchema = orderPageBodySchema.extend({
  /** Part of the order number, the listing code or either company's name. */
  keyword: text(ORDER_LIMITS.keywordMax).optional(),
});
export type OrderAdminPageBody = z.input<typeof orderAdminPageBodySchema>;

/** What was bought, as it was when the order was placed (a later edit of the listing does not change it). */
export const orderSnapshotSchema = z.object({
  varietyCode: z.string(),
  varietyName: z.string(),
  goodsSkuName: z.string(),
  unit: z.string(),
  /** Unit price in cents of `currency`. */
  singlePrice: z.number().int(),
  currency: z.string(),
  listingType: z.string(),
  paymentType: z.number().int(),
  transportWay: z.string(),
  deliveryPlace: z.string(),
  /** Delivery within this many days of confirmation. */
  objPeriodDay: z.number().int(),
  /** Margin listings: the percentage of the amount frozen as deposit; 0 otherwise. */
  depositRatio: z.number().int(),
  /** The auction's or tender's name an order of a result came from (absent on older orders and listings). */
  originName: z.string().optional(),
});
export type OrderSnapshot = z.infer<typeof orderSnapshotSchema>;

export const orderTimelineEntrySchema = z.object({
  /** place, a call name (confirm, refuse, ...), autoCancel or autoReceive. */
  action: z.string(),
  /** The order's state after it. */
  state: z.number().int(),
  /** Empty when the platform acted by itself. */
  actorUserId: z.string(),
  actorName: z.string(),
  time: z.string(),
  note: z.string(),
  fileIds: z.array(z.string()),
});
export type OrderTimelineEntry = z.infer<typeof orderTimelineEntrySchema>;

export const orderSchema = z.object({
  orderNo: z.string(),
  state: z.number().int(),
  /** listing, auction or tender. */
  origin: z.string(),
  /** The tradeListingCode, spaceId or tenderNo. */
  originCode: z.string(),
  buyerUserId: z.string(),
  buyerName: z.string(),
  sellerUserId: z.string(),
  sellerName: z.string(),
  snapshot: orderSnapshotSchema,
  quantity: z.number(),
  /** Cents of `currency`: singlePrice x quantity, rounded half up to a cent. */
  amount: z.number().int(),
  currency: z.string(),
  /** Cents frozen from the buyer's deposit (margin listings); 0 otherwise. */
  depositFrozen: z.number().int(),
  deliveryAddress: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
  remark: z.string(),
  createdAt: z.string(),
  /** The seller must confirm by then (state 1), else the order is cancelled. Empty when not running. */
  confirmBy: z.string(),
  /** The buyer must pay by then (state 2). */
  payBy: z.string(),
  /** Receipt is confirmed automatically then (state 5). */
  receiveBy: z.string(),
  timeline: z.array(orderTimelineEntrySchema),
  /** The calls the caller may make now; empty for an operator. */
  actions: z.array(z.enum(ORDER_ACTION_VALUES)),
});
export type Order = z.infer<typeof orderSchema>;

/** A list row: the order without its timeline. */
export const orderRowSchema = orderSchema.omit({ timeline: true });
export type OrderRow = z.infer<typeof orderRowSchema>;

export const orderPageSchema = z.object({
  items: z.array(orderRowSchema),
  totalItem: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  /** The caller's orders per state ("1": n, ..., "9": n), whatever the state filter. */
  counts: z.record(z.string(), z.number().int()),
});
export type OrderPage = z.infer<typeof orderPageSchema>;

export const orderAdminPageSchema = orderPageSchema.omit({ counts: true });
export type OrderAdminPage = z.infer<typeof orderAdminPageSchema>;

/**
 * How an order's state changes: placed awaiting the seller (or created confirmed by an auction or
 * tender result), confirmed or refused, paid, payment confirmed, shipped, received; cancelled by
 * the buyer before confirmation, by the seller after the payment deadline, or by the deadline
 * itself; received by the deadline when nobody confirms receipt.
 */
export const orderMachine = /* @__PURE__ */ defineMachine({
  name: 'order',
  table: 'orders',
  id: 'id',
  state: 'state',
  labels: ORDER_STATES,
  refusal: 'STATE_NOT_ALLOWED',
  transitions: {
    place: { from: [], to: [1] },
    settle: { from: [], to: [2], by: 'effect' },
    confirm: { from: [1], to: [2] },
    refuse: { from: [1], to: [9] },
    cancel: { from: [1, 2], to: [9] },
    pay: { from: [2], to: [3] },
    confirmPayment: { from: [3], to: [4] },
    ship: { from: [4], to: [5] },
    receive: { from: [5], to: [6] },
    autoCancel: { from: [1], to: [9], by: 'job' },
    autoReceive: { from: [5], to: [6], by: 'job' },
    /** Its contract was declined or not signed in time: cancelled as nobody's fault, deposits released. */
    contractCancel: { from: [2], to: [9], by: 'effect' },
  },
});

// Free of side effects, so a bundle that does not use the endpoint table leaves it out.
const action = /* @__NO_SIDE_EFFECTS__ */ (name: OrderAction, summary: string, changes: TransitionRef[] = changesOf(orderMachine, name)) =>
  ({
    method: 'POST',
    path: `/commtrade/ws/order/${name}`,
    access: { permission: ORDER_PERMISSION },
    body: orderActionBodySchema,
    answer: orderSchema,
    summary,
    changes,
  }) as const;

export const orderEndpoints = {
  place: {
    method: 'POST',
    path: '/commtrade/ws/order/place',
    access: { permission: ORDER_PERMISSION },
    body: orderPlaceBodySchema,
    answer: orderSchema,
    summary: 'Order on a listing: takes the quantity from its stock at once (a repeated requestId answers the same order)',
    changes: joinChanges(changesOf(orderMachine, 'place'), changesOf(listingMachine, 'sellOut')),
  },
  buyPage: {
    method: 'POST',
    path: '/commtrade/ws/order/buyPage',
    access: { permission: ORDER_PERMISSION },
    body: orderPageBodySchema,
    answer: orderPageSchema,
    summary: "The caller's company's purchase orders with counts per state",
  },
  sellPage: {
    method: 'POST',
    path: '/commtrade/ws/order/sellPage',
    access: { permission: ORDER_PERMISSION },
    body: orderPageBodySchema,
    answer: orderPageSchema,
    summary: "The caller's company's sales orders with counts per state",
  },
  detail: {
    method: 'POST',
    path: '/commtrade/ws/order/detail',
    access: { permission: ORDER_PERMISSION },
    body: orderDetailBodySchema,
    answer: orderSchema,
    summary: 'One order of either party with its timeline and what the caller may do now (404 for others)',
  },
  confirm: action('confirm', 'Seller: accept an order awaiting confirmation (starts the payment deadline)'),
  refuse: action(
    'refuse',
    'Seller: refuse an order awaiting confirmation, with a reason (stock returns)',
    joinChanges(changesOf(orderMachine, 'refuse'), changesOf(listingMachine, 'restock')),
  ),
  cancel: action(
    'cancel',
    'Buyer in state 1, or seller in state 2 after the payment deadline: cancel (stock returns)',
    joinChanges(changesOf(orderMachine, 'cancel'), changesOf(listingMachine, 'restock')),
  ),
  pay: action('pay', 'Buyer: report the payment with its voucher files'),
  confirmPayment: action('confirmPayment', 'Seller: confirm the payment arrived'),
  ship: action('ship', 'Seller: ship, with the waybill files (starts the automatic receipt deadline)'),
  receive: action('receive', 'Buyer: confirm receipt (completes the order)'),
  adminPage: {
    method: 'POST',
    path: '/commtrade/ws/order/adminPage',
    access: { permission: ORDER_WATCH_PERMISSION },
    body: orderAdminPageBodySchema,
    answer: orderAdminPageSchema,
    summary: 'Every order, for the operator',
  },
  adminDetail: {
    method: 'POST',
    path: '/commtrade/ws/order/adminDetail',
    access: { permission: ORDER_WATCH_PERMISSION },
    body: orderDetailBodySchema,
    answer: orderSchema,
    summary: 'One order with its timeline, for the operator (no actions)',
  },
} as const satisfies Record<string, Endpoint>;
