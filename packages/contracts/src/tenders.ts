import { z } from 'zod';
import { TENDER_PAGE_SIZE } from './constants';
import { enumField } from './enum-field';
import type { Endpoint } from './endpoint';
import { idTextSchema, pageNoSchema, pageOf, pageSizeSchema } from './paging';

export const tenderSearchBodySchema = z.strictObject({
  pageNo: pageNoSchema.default(1),
  pageSize: pageSizeSchema.default(TENDER_PAGE_SIZE),
  /** One of 2-7; absent: all of them. */
  objState: enumField('TenderState').optional(),
});
export type TenderSearchBody = z.input<typeof tenderSearchBodySchema>;
export type TenderSearch = z.output<typeof tenderSearchBodySchema>;

export const tenderItemSchema = z.object({
  id: z.string(),
  /** The tenderer's user id (checkRelation's buyerUserId). */
  userId: z.string(),
  tenderNo: z.string(),
  tenderName: z.string(),
  /** The tendering company. */
  userName: z.string(),
  bidBeginTime: z.string(),
  bidEndTime: z.string(),
  objState: z.number().int(),
  /** Y when bidding has closed by time (bidEndTime passed) whatever the state says. */
  overdueFlag: z.enum(['Y', 'N']),
});
export type TenderItem = z.infer<typeof tenderItemSchema>;
export const tenderPageSchema = pageOf(tenderItemSchema);

export const checkRelationBodySchema = z.strictObject({
  buyerUserId: idTextSchema,
  /** The signed-in supplier; must be the session's user. */
  currUserNo: idTextSchema,
});
export const checkRelationAnswerSchema = z.object({ flag: z.enum(['Y', 'N']) });

export const tenderDetailBodySchema = z.strictObject({ id: idTextSchema });
export const tenderLineSchema = z.object({
  /** 1, 2, ... in the order the buyer saved them; a bid names its lines by it. */
  lineNo: z.number().int(),
  goodsName: z.string(),
  specification: z.string(),
  quantity: z.number(),
  unit: z.string(),
  deliveryPlace: z.string(),
  deliveryDate: z.string(),
});
export const tenderDetailSchema = tenderItemSchema.extend({
  /** inquiry or bidding. */
  tenderType: z.enum(['inquiry', 'bidding']),
  currency: z.string(),
  paymentType: z.number().int(),
  contactName: z.string(),
  contactPhone: z.string(),
  description: z.string(),
  publishTime: z.string(),
  /** When the bids are opened (default: bidEndTime). */
  openTime: z.string(),
  /** lowest (by total amount) or scoring (price score and technical score by priceWeight). */
  evaluationMethod: z.enum(['lowest', 'scoring']),
  priceWeight: z.number().int().nullable(),
  minValidBids: z.number().int(),
  /** Deposit per bid in cents; 0: none. */
  deposit: z.number().int(),
  /** The tender documents (stored file ids). */
  documentFileIds: z.array(z.string()),
  lines: z.array(tenderLineSchema),
  /** The server's clock when answered, for the countdown to bidEndTime. */
  serverTime: z.string(),
});
export type TenderDetail = z.infer<typeof tenderDetailSchema>;

export const tenderEndpoints = {
  biddingPageForCommon: {
    method: 'POST',
    path: '/purchase/ws/tender/biddingPageForCommon',
    access: 'public',
    body: tenderSearchBodySchema,
    answer: tenderPageSchema,
    summary: 'The tender hall: tenders in states 2-7, newest first',
  },
  biddingPage: {
    method: 'POST',
    path: '/purchase/ws/tender/biddingPage',
    access: 'session',
    body: tenderSearchBodySchema,
    answer: tenderPageSchema,
    summary: "Tenders the signed-in supplier may bid on (its buyers' tenders)",
  },
  checkRelation: {
    method: 'POST',
    path: '/purchase/ws/purCustomerRelation/checkRelation',
    access: 'session',
    body: checkRelationBodySchema,
    answer: checkRelationAnswerSchema,
    summary: 'Whether the signed-in supplier is on the tenderer’s supplier list (Y/N)',
  },
  tenderDetailForCommon: {
    method: 'POST',
    path: '/purchase/ws/tender/tenderDetailForCommon',
    access: 'public',
    body: tenderDetailBodySchema,
    answer: tenderDetailSchema,
    summary: 'One tender with its lines (read-only)',
  },
} as const satisfies Record<string, Endpoint>;
