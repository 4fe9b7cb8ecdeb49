import { z } from 'zod';
import { CURRENCIES, PAGE_SIZE_OPTIONS } from './constants';
import { enumField } from './enum-field';
import type { Endpoint } from './endpoint';
import type { Localized } from './i18n';
import { hasThreeDecimalsAtMost } from './listing-manage';
import { changesOf, defineMachine, joinChanges } from './state-machine';
import { idTextSchema, pageNoSchema } from './paging';
import { inputString, requiredText, text } from './validation';

/**
 * Sealed tenders from the buyer's draft to the award (我的招标), the suppliers' sealed bids (我的投标)
 * and the operator's review (招标审核). The tender is the same record the tender hall shows once
 * it is published.
 */

/** Company users tender and bid with this permission code. */
export const TENDER_PERMISSION = 'trade:tender';
/** Operators review tenders (when review is on) with this permission code. */
export const TENDER_REVIEW_PERMISSION = 'trade:tender-review';

const l = (zhCN: string, enUS: string, zhTW: string): Localized => ({ 'zh-CN': zhCN, 'en-US': enUS, 'zh-TW': zhTW });

/** Every tender objState, 0 and 1 included (the hall shows 2-7 only). */
export const TENDER_MANAGE_STATES = {
  0: l('草稿', 'Draft', '草稿'),
  1: l('待审核', 'Pending review', '待審核'),
  2: l('已发布', 'Published', '已發佈'),
  3: l('已截标', 'Bidding closed', '已截標'),
  4: l('已评标', 'Evaluated', '已評標'),
  5: l('已议价', 'Negotiated', '已議價'),
  6: l('已完成', 'Completed', '已完成'),
  7: l('已流标', 'Failed', '已流標'),
} as const;
export const TENDER_MANAGE_STATE_VALUES = [0, 1, 2, 3, 4, 5, 6, 7] as const;

export const TENDER_TYPES = ['inquiry', 'bidding'] as const;
export type TenderType = (typeof TENDER_TYPES)[number];
export const TENDER_TYPE_LABELS: Record<TenderType, Localized> = {
  inquiry: l('询价', 'Inquiry', '詢價'),
  bidding: l('招标', 'Bidding', '招標'),
};
export const EVALUATION_METHODS = ['lowest', 'scoring'] as const;
export type EvaluationMethod = (typeof EVALUATION_METHODS)[number];
export const EVALUATION_METHOD_LABELS: Record<EvaluationMethod, Localized> = {
  lowest: l('最低价法', 'Lowest price', '最低價法'),
  scoring: l('综合评分法', 'Scoring', '綜合評分法'),
};

export const TENDER_BID_STATES = ['submitted', 'withdrawn', 'opened', 'valid', 'invalid', 'won', 'lost'] as const;
export type TenderBidState = (typeof TENDER_BID_STATES)[number];
export const TENDER_BID_STATE_LABELS: Record<TenderBidState, Localized> = {
  submitted: l('已投标', 'Submitted', '已投標'),
  withdrawn: l('已撤回', 'Withdrawn', '已撤回'),
  opened: l('已开标', 'Opened', '已開標'),
  valid: l('有效', 'Valid', '有效'),
  invalid: l('无效', 'Invalid', '無效'),
  won: l('中标', 'Won', '中標'),
  lost: l('未中标', 'Lost', '未中標'),
};

/**
 * How a tender's state changes: a draft published (through review when review is on, a rejected
 * one back to draft), bidding closed at its end, evaluated once opened (or failed for want of
 * valid bids), negotiated when a round closes, awarded; cancelled by its buyer until evaluated.
 */
export const tenderMachine = /* @__PURE__ */ defineMachine({
  name: 'tender',
  table: 'tenders',
  id: 'id',
  state: 'obj_state',
  labels: TENDER_MANAGE_STATES,
  refusal: 'STATE_NOT_ALLOWED',
  transitions: {
    create: { from: [], to: [0] },
    submit: { from: [0], to: [1] },
    publish: { from: [0], to: [2] },
    approve: { from: [1], to: [2] },
    reject: { from: [1], to: [0] },
    cancel: { from: [0, 1, 2, 3], to: [7] },
    close: { from: [2], to: [3], by: 'job' },
    evaluate: { from: [3], to: [4] },
    /** Too few valid bids, at the opening or at the evaluation. */
    fail: { from: [3], to: [7] },
    negotiated: { from: [4], to: [5], by: 'job' },
    award: { from: [4, 5], to: [6] },
  },
});

/**
 * How a sealed bid's state changes: submitted (and revised, or withdrawn and submitted again)
 * until bidding ends, opened or found invalid at the opening, judged at the evaluation, won or
 * lost at the award.
 */
export const tenderBidMachine = /* @__PURE__ */ defineMachine({
  name: 'tenderBid',
  table: 'tender_bids',
  id: 'id',
  state: 'state',
  labels: TENDER_BID_STATE_LABELS,
  refusal: 'STATE_NOT_ALLOWED',
  transitions: {
    submit: { from: [], to: ['submitted'] },
    revise: { from: ['submitted', 'withdrawn'], to: ['submitted'] },
    withdraw: { from: ['submitted'], to: ['withdrawn'], refusal: 'NO_BID' },
    open: { from: ['submitted'], to: ['opened', 'invalid'], by: 'job' },
    judge: { from: ['opened', 'invalid'], to: ['valid', 'invalid'] },
    award: { from: ['valid'], to: ['won', 'lost'] },
  },
});

export const SUPPLIER_APPLICATION_STATES = ['pending', 'accepted', 'declined'] as const;
export type SupplierApplicationState = (typeof SUPPLIER_APPLICATION_STATES)[number];

/** The default smallest number of valid bids a tender needs (a setting may change it). */
export const DEFAULT_MIN_VALID_BIDS = 3;

/** Limits of a tender's and a bid's free texts and lists. */
export const TENDER_LIMITS = {
  tenderNameMax: 200,
  contactNameMax: 40,
  contactPhoneMax: 40,
  descriptionMax: 20_000,
  goodsNameMax: 200,
  specificationMax: 200,
  unitMax: 20,
  deliveryPlaceMax: 200,
  linesMax: 50,
  filesMax: 20,
  reasonMax: 500,
  remarkMax: 1000,
  questionMax: 2000,
  answerMax: 2000,
} as const;

const pageSizeOption = z
  .number()
  .int()
  .refine((v) => (PAGE_SIZE_OPTIONS as readonly number[]).includes(v), { message: 'invalidValue' });
/** A time with its zone (ISO 8601); answers give UTC `...Z`. */
const isoTime = inputString().pipe(z.iso.datetime({ offset: true, message: 'invalidFormat' }));
/** A calendar date, YYYY-MM-DD. */
export const calendarDateSchema = inputString().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { message: 'invalidFormat' });
/** Whole cents, at least one. */
const centsSchema = z.number().int({ message: 'invalidValue' }).min(1, { message: 'tooSmall' }).max(1e13, { message: 'tooLarge' });
const positiveQuantity = z
  .number()
  .max(1e10, { message: 'tooLarge' })
  .refine((v) => v > 0, { message: 'tooSmall' })
  .refine(hasThreeDecimalsAtMost, { message: 'invalidValue' });
/** A stored file's id (the upload answers it). */
const fileIdSchema = inputString()
  .trim()
  .regex(/^[A-Za-z0-9_.-]{1,64}$/, { message: 'invalidFormat' });
const fileIdsSchema = z.array(fileIdSchema).max(TENDER_LIMITS.filesMax, { message: 'tooMany' }).default([]);
const lineNoSchema = z.number().int().min(1, { message: 'tooSmall' }).max(TENDER_LIMITS.linesMax, { message: 'tooLarge' });

// ---------------------------------------------------------------------------------------------
// The tender (buyer)

export const tenderLineInputSchema = z.strictObject({
  goodsName: requiredText(TENDER_LIMITS.goodsNameMax),
  specification: text(TENDER_LIMITS.specificationMax).default(''),
  quantity: positiveQuantity,
  unit: requiredText(TENDER_LIMITS.unitMax),
  deliveryPlace: text(TENDER_LIMITS.deliveryPlaceMax).default(''),
  deliveryDate: calendarDateSchema,
});

/** What a buyer writes; `id` absent creates a draft. Lines are numbered 1, 2 ... in this order. */
export const tenderSaveBodySchema = z
  .strictObject({
    id: idTextSchema.optional(),
    tenderName: requiredText(TENDER_LIMITS.tenderNameMax),
    tenderType: z.enum(TENDER_TYPES),
    currency: z.enum(CURRENCIES).default('CNY'),
    /** 1 acceptance, 2 spot exchange. */
    paymentType: enumField('PaymentType'),
    contactName: text(TENDER_LIMITS.contactNameMax).default(''),
    contactPhone: text(TENDER_LIMITS.contactPhoneMax).default(''),
    /** Rich text; the server sanitises it. */
    description: text(TENDER_LIMITS.descriptionMax).default(''),
    bidBeginTime: isoTime,
    bidEndTime: isoTime,
    /** Default: bidEndTime. */
    openTime: isoTime.optional(),
    evaluationMethod: z.enum(EVALUATION_METHODS).default('lowest'),
    /** Percent the price score weighs (scoring only); the technical score weighs the rest. */
    priceWeight: z.number().int().min(1, { message: 'tooSmall' }).max(100, { message: 'tooLarge' }).optional(),
    /** Default: the setting (3). */
    minValidBids: z.number().int().min(1, { message: 'tooSmall' }).max(100, { message: 'tooLarge' }).optional(),
    /** Deposit per bid in cents; 0: none. */
    deposit: z.number().int({ message: 'invalidValue' }).min(0, { message: 'tooSmall' }).max(1e13, { message: 'tooLarge' }).default(0),
    documentFileIds: fileIdsSchema,
    lines: z.array(tenderLineInputSchema).min(1, { message: 'required' }).max(TENDER_LIMITS.linesMax, { message: 'tooMany' }),
  })
  .refine((b) => Date.parse(b.bidEndTime) > Date.parse(b.bidBeginTime), {
    path: ['bidEndTime'],
    message: 'invalidValue',
  })
  .refine((b) => b.evaluationMethod !== 'scoring' || b.priceWeight !== undefined, { path: ['priceWeight'], message: 'required' });
export type TenderSaveBody = z.input<typeof tenderSaveBodySchema>;
export type TenderSave = z.output<typeof tenderSaveBodySchema>;

export const tenderLineSchema = z.object({
  lineNo: z.number().int(),
  goodsName: z.string(),
  specification: z.string(),
  quantity: z.number(),
  unit: z.string(),
  deliveryPlace: z.string(),
  deliveryDate: z.string(),
});
export type TenderLine = z.infer<typeof tenderLineSchema>;

/** The public opening record: who bid (which version) and the digests; the chain digest seals it. */
export const tenderOpeningSchema = z.object({
  time: z.string(),
  bids: z.array(z.object({ bidId: z.string(), supplierName: z.string(), version: z.number().int(), digest: z.string() })),
  /** SHA-256(previous chain digest + this record's canonical content). */
  digest: z.string(),
});
export type TenderOpening = z.infer<typeof tenderOpeningSchema>;

/** One valid or invalid bid as the evaluation judged it; rank 1 is the best. */
export const tenderEvaluationRowSchema = z.object({
  bidId: z.string(),
  supplierName: z.string(),
  valid: z.boolean(),
  invalidReason: z.string(),
  /** Sum of unitPrice × quantity over the bid's lines, in cents. */
  total: z.number().int(),
  /** 0-100; the lowest total scores 100. */
  priceScore: z.number(),
  /** 0-100 (scoring only). */
  technicalScore: z.number().nullable(),
  score: z.number(),
  /** 1 = best; null for an invalid bid. */
  rank: z.number().int().nullable(),
});
export const tenderEvaluationSchema = z.object({
  time: z.string(),
  method: z.enum(EVALUATION_METHODS),
  priceWeight: z.number().int().nullable(),
  rows: z.array(tenderEvaluationRowSchema),
});
export type TenderEvaluation = z.infer<typeof tenderEvaluationSchema>;

/** The one negotiation round: final quotes (inquiry) or clarifications (bidding). */
export const tenderNegotiationSchema = z.object({
  /** finalQuote on an inquiry, clarification on a bidding tender. */
  kind: z.enum(['finalQuote', 'clarification']),
  question: z.string(),
  deadline: z.string(),
  time: z.string(),
  /** How many suppliers have answered so far. */
  answerCount: z.number().int(),
  /** True once the deadline has passed and the answers are open. */
  closed: z.boolean(),
  /** The answers, once the round has closed (final quotes are sealed until then). */
  answers: z.array(
    z.object({
      bidId: z.string(),
      supplierName: z.string(),
      answer: z.string(),
      time: z.string(),
      /** A final quote's lines; empty for a clarification. */
      lines: z.array(z.object({ lineNo: z.number().int(), unitPrice: z.number().int(), quantity: z.number(), deliveryDate: z.string() })),
    }),
  ),
});
export type TenderNegotiation = z.infer<typeof tenderNegotiationSchema>;

export const tenderAwardSchema = z.object({
  lineNo: z.number().int(),
  bidId: z.string(),
  supplierUserId: z.string(),
  supplierName: z.string(),
  quantity: z.number(),
  unitPrice: z.number().int(),
  /** The order made for this line and supplier. */
  orderNo: z.string(),
});
export type TenderAward = z.infer<typeof tenderAwardSchema>;

/** A tender as its buyer (and an operator) sees it. No price before the opening. */
export const managedTenderSchema = z.object({
  id: z.string(),
  tenderNo: z.string(),
  tenderName: z.string(),
  tenderType: z.enum(TENDER_TYPES),
  currency: z.string(),
  paymentType: z.number().int(),
  contactName: z.string(),
  contactPhone: z.string(),
  description: z.string(),
  bidBeginTime: z.string(),
  bidEndTime: z.string(),
  openTime: z.string(),
  evaluationMethod: z.enum(EVALUATION_METHODS),
  priceWeight: z.number().int().nullable(),
  minValidBids: z.number().int(),
  deposit: z.number().int(),
  documentFileIds: z.array(z.string()),
  lines: z.array(tenderLineSchema),
  objState: z.number().int(),
  /** The latest review remark, or the cancellation / failure reason. */
  reviewRemark: z.string(),
  /** Why the tender ended in 7 (cancelled or failed); empty otherwise. */
  closeReason: z.string(),
  /** When it was published; empty before. */
  publishTime: z.string(),
  /** Y once bidEndTime has passed (the hall's meaning). */
  overdueFlag: z.enum(['Y', 'N']),
  /** The buyer's user id and company name. */
  userId: z.string(),
  userName: z.string(),
  /** Bids that count now (submitted or later; withdrawn ones do not). */
  bidCount: z.number().int(),
  opening: tenderOpeningSchema.nullable(),
  evaluation: tenderEvaluationSchema.nullable(),
  negotiation: tenderNegotiationSchema.nullable(),
  awards: z.array(tenderAwardSchema),
  /** The server's clock when answered, for countdowns. */
  serverTime: z.string(),
  updatedAt: z.string(),
});
export type ManagedTender = z.infer<typeof managedTenderSchema>;

export const managedTenderPageSchema = z.object({
  items: z.array(managedTenderSchema),
  totalItem: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});
export type ManagedTenderPage = z.infer<typeof managedTenderPageSchema>;

/** The owner's and the operator's lists also filter on drafts and tenders awaiting review. */
const tenderStateSchema = enumField('TenderState', TENDER_MANAGE_STATES);

export const tenderMyPageBodySchema = z.strictObject({
  pageNo: pageNoSchema.default(1),
  pageSize: pageSizeOption.default(8),
  objState: tenderStateSchema.optional(),
});
export type TenderMyPageBody = z.input<typeof tenderMyPageBodySchema>;

export const tenderReviewPageBodySchema = z.strictObject({
  pageNo: pageNoSchema.default(1),
  pageSize: pageSizeOption.default(8),
  /** Default: 1, the tenders awaiting review. Drafts are never shown. */
  objState: tenderStateSchema.optional(),
});
export type TenderReviewPageBody = z.input<typeof tenderReviewPageBodySchema>;

export const tenderIdBodySchema = z.strictObject({ id: idTextSchema });

export const tenderCancelBodySchema = z.strictObject({
  id: idTextSchema,
  /** Every bidder and the supplier list see it. */
  reason: requiredText(TENDER_LIMITS.reasonMax),
});
export type TenderCancelBody = z.input<typeof tenderCancelBodySchema>;

export const tenderReviewBodySchema = z
  .strictObject({
    id: idTextSchema,
    pass: z.boolean(),
    /** Required when rejecting; the buyer sees it. */
    reviewRemark: text(TENDER_LIMITS.reasonMax).default(''),
  })
  .refine((b) => b.pass || b.reviewRemark.length > 0, { path: ['reviewRemark'], message: 'required' });
export type TenderReviewBody = z.input<typeof tenderReviewBodySchema>;

export const tenderEvaluateBodySchema = z.strictObject({
  id: idTextSchema,
  /** Every opened bid, judged once. */
  bids: z
    .array(
      z.strictObject({
        bidId: idTextSchema,
        valid: z.boolean(),
        /** Required for an invalid bid. */
        reason: text(TENDER_LIMITS.reasonMax).optional(),
        /** 0-100, required for each valid bid when the method is scoring. */
        technicalScore: z.number().min(0, { message: 'tooSmall' }).max(100, { message: 'tooLarge' }).optional(),
      }),
    )
    .min(1, { message: 'required' })
    .max(10_000, { message: 'tooMany' }),
});
export type TenderEvaluateBody = z.input<typeof tenderEvaluateBodySchema>;

export const tenderNegotiateBodySchema = z.strictObject({
  id: idTextSchema,
  /** When the round closes (final quotes open together then). */
  deadline: isoTime,
  question: requiredText(TENDER_LIMITS.questionMax),
});
export type TenderNegotiateBody = z.input<typeof tenderNegotiateBodySchema>;

export const tenderAwardBodySchema = z.strictObject({
  id: idTextSchema,
  awards: z
    .array(z.strictObject({ lineNo: lineNoSchema, bidId: idTextSchema, quantity: positiveQuantity }))
    .min(1, { message: 'required' })
    .max(1000, { message: 'tooMany' }),
});
export type TenderAwardBody = z.input<typeof tenderAwardBodySchema>;

// ---------------------------------------------------------------------------------------------
// The sealed bid (supplier)

export const tenderBidLineInputSchema = z.strictObject({
  lineNo: lineNoSchema,
  /** Cents per unit, in the tender's currency. */
  unitPrice: centsSchema,
  /** At most the line's quantity. */
  quantity: positiveQuantity,
  deliveryDate: calendarDateSchema,
});
export type TenderBidLineInput = z.output<typeof tenderBidLineInputSchema>;

const bidLinesSchema = z
  .array(tenderBidLineInputSchema)
  .min(1, { message: 'required' })
  .max(TENDER_LIMITS.linesMax, { message: 'tooMany' })
  .refine((lines) => new Set(lines.map((x) => x.lineNo)).size === lines.length, { message: 'invalidValue' });

/** A new bid, or a revision (a new version) of the caller's bid on the tender. */
export const tenderBidSaveBodySchema = z.strictObject({
  tenderId: idTextSchema,
  /** A line may be left out. */
  lines: bidLinesSchema,
  remark: text(TENDER_LIMITS.remarkMax).default(''),
  fileIds: fileIdsSchema,
});
export type TenderBidSaveBody = z.input<typeof tenderBidSaveBodySchema>;
export type TenderBidSave = z.output<typeof tenderBidSaveBodySchema>;

export const tenderBidTenderBodySchema = z.strictObject({ tenderId: idTextSchema });

export const tenderBidAnswerBodySchema = z.strictObject({
  tenderId: idTextSchema,
  /** The final quote's note, or the clarification. */
  answer: requiredText(TENDER_LIMITS.answerMax),
  /** Inquiry: the final quote (each unitPrice ≤ the first). Bidding: must repeat the bid unchanged. */
  lines: bidLinesSchema.optional(),
});
export type TenderBidAnswerBody = z.input<typeof tenderBidAnswerBodySchema>;

export const tenderReceiptSchema = z.object({
  /** SHA-256 (hex) of the bid's canonical content and this time. */
  digest: z.string(),
  time: z.string(),
});
export type TenderReceipt = z.infer<typeof tenderReceiptSchema>;

export const tenderBidLineSchema = z.object({
  lineNo: z.number().int(),
  unitPrice: z.number().int(),
  quantity: z.number(),
  deliveryDate: z.string(),
});

/**
 * A bid. Its supplier sees it whole; the buyer sees it only after the opening (before it, the
 * buyer sees the count alone). After the award the supplier also gets its outcome and the
 * winning prices.
 */
export const tenderBidSchema = z.object({
  bidId: z.string(),
  tenderId: z.string(),
  supplierUserId: z.string(),
  supplierName: z.string(),
  version: z.number().int(),
  state: z.enum(TENDER_BID_STATES),
  invalidReason: z.string(),
  lines: z.array(tenderBidLineSchema),
  remark: z.string(),
  fileIds: z.array(z.string()),
  /** Sum of unitPrice × quantity over the lines, in cents. */
  total: z.number().int(),
  rank: z.number().int().nullable(),
  score: z.number().nullable(),
  receipt: tenderReceiptSchema,
  /** After the award only. */
  outcome: z.enum(['won', 'lost']).optional(),
  awarded: z.array(z.object({ lineNo: z.number().int(), quantity: z.number(), unitPrice: z.number().int() })).optional(),
  winningPrices: z.array(z.object({ lineNo: z.number().int(), unitPrice: z.number().int() })).optional(),
  /** The caller's answer in the negotiation round, if any (its own bid only). */
  answer: z
    .object({ answer: z.string(), time: z.string(), lines: z.array(tenderBidLineSchema), receipt: tenderReceiptSchema })
    .nullable()
    .optional(),
  updatedAt: z.string(),
});
export type TenderBid = z.infer<typeof tenderBidSchema>;

/** The buyer's bid table: the count always, the rows only after the opening. */
export const tenderBidTableSchema = z.object({
  bidCount: z.number().int(),
  opened: z.boolean(),
  items: z.array(tenderBidSchema),
});
export type TenderBidTable = z.infer<typeof tenderBidTableSchema>;

/** The answer to a negotiation round as its supplier sees it. */
export const tenderAnswerSchema = z.object({
  tenderId: z.string(),
  bidId: z.string(),
  kind: z.enum(['finalQuote', 'clarification']),
  answer: z.string(),
  lines: z.array(tenderBidLineSchema),
  receipt: tenderReceiptSchema,
});
export type TenderAnswer = z.infer<typeof tenderAnswerSchema>;

/** One row of 我的投标: the tender and the caller's bid on it. */
export const myTenderBidRowSchema = z.object({
  tenderId: z.string(),
  tenderNo: z.string(),
  tenderName: z.string(),
  tenderType: z.enum(TENDER_TYPES),
  /** The buyer's company. */
  userName: z.string(),
  objState: z.number().int(),
  bidEndTime: z.string(),
  openTime: z.string(),
  bidId: z.string(),
  version: z.number().int(),
  state: z.enum(TENDER_BID_STATES),
  /** The round waiting for this supplier's answer, if one is open. */
  negotiationDeadline: z.string(),
  updatedAt: z.string(),
});
export const myTenderBidPageBodySchema = z.strictObject({
  pageNo: pageNoSchema.default(1),
  pageSize: pageSizeOption.default(8),
  state: z.enum(TENDER_BID_STATES).optional(),
});
export const myTenderBidPageSchema = z.object({
  items: z.array(myTenderBidRowSchema),
  totalItem: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});
export type MyTenderBidRow = z.infer<typeof myTenderBidRowSchema>;

export const tenderTradeEndpoints = {
  save: {
    method: 'POST',
    path: '/purchase/ws/tender/save',
    access: { permission: TENDER_PERMISSION },
    body: tenderSaveBodySchema,
    answer: managedTenderSchema,
    summary: 'Create a draft tender or edit an own draft (lines numbered 1, 2 ... in the order saved)',
    changes: changesOf(tenderMachine, 'create'),
  },
  publish: {
    method: 'POST',
    path: '/purchase/ws/tender/publish',
    access: { permission: TENDER_PERMISSION },
    body: tenderIdBodySchema,
    answer: managedTenderSchema,
    summary: 'Publish a draft: to review (1) when review is on, else straight to the hall (2)',
    changes: changesOf(tenderMachine, 'submit', 'publish'),
  },
  cancel: {
    method: 'POST',
    path: '/purchase/ws/tender/cancel',
    access: { permission: TENDER_PERMISSION },
    body: tenderCancelBodySchema,
    answer: managedTenderSchema,
    summary: 'Cancel an own tender in states 0-3 with a reason (→ 7); bidders are told',
    changes: changesOf(tenderMachine, 'cancel'),
  },
  myPage: {
    method: 'POST',
    path: '/purchase/ws/tender/myPage',
    access: { permission: TENDER_PERMISSION },
    body: tenderMyPageBodySchema,
    answer: managedTenderPageSchema,
    summary: "The caller's company's tenders in every state, newest first",
  },
  detail: {
    method: 'POST',
    path: '/purchase/ws/tender/detail',
    access: 'session',
    body: tenderIdBodySchema,
    answer: managedTenderSchema,
    summary: 'One tender for its buyer or an operator (no prices before opening; 404 for anyone else)',
  },
  bids: {
    method: 'POST',
    path: '/purchase/ws/tender/bids',
    access: { permission: TENDER_PERMISSION },
    body: tenderIdBodySchema,
    answer: tenderBidTableSchema,
    summary: "The buyer's bid table: the count before opening, every bid after",
  },
  evaluate: {
    method: 'POST',
    path: '/purchase/ws/tender/evaluate',
    access: { permission: TENDER_PERMISSION },
    body: tenderEvaluateBodySchema,
    answer: managedTenderSchema,
    summary: 'Judge each opened bid valid or invalid (with a reason), score (scoring) and rank: 3 → 4, or 7',
    changes: joinChanges(changesOf(tenderMachine, 'evaluate', 'fail'), changesOf(tenderBidMachine, 'judge')),
  },
  negotiate: {
    method: 'POST',
    path: '/purchase/ws/tender/negotiate',
    access: { permission: TENDER_PERMISSION },
    body: tenderNegotiateBodySchema,
    answer: managedTenderSchema,
    summary: 'Open the one round (final quotes or clarifications) until the deadline; → 5 then',
  },
  award: {
    method: 'POST',
    path: '/purchase/ws/tender/award',
    access: { permission: TENDER_PERMISSION },
    body: tenderAwardBodySchema,
    answer: managedTenderSchema,
    summary: 'Award per line (quantities may be split, never above the line): → 6, one order per line and supplier',
    changes: joinChanges(changesOf(tenderMachine, 'award'), changesOf(tenderBidMachine, 'award')),
  },
  reviewPage: {
    method: 'POST',
    path: '/purchase/ws/tender/reviewPage',
    access: { permission: TENDER_REVIEW_PERMISSION },
    body: tenderReviewPageBodySchema,
    answer: managedTenderPageSchema,
    summary: "The operator's review queue (pending by default; never drafts)",
  },
  review: {
    method: 'POST',
    path: '/purchase/ws/tender/review',
    access: { permission: TENDER_REVIEW_PERMISSION },
    body: tenderReviewBodySchema,
    answer: managedTenderSchema,
    summary: 'Approve (→ 2, suppliers told) or reject with a reason (→ 0, the buyer sees it)',
    changes: changesOf(tenderMachine, 'approve', 'reject'),
  },
  bidSave: {
    method: 'POST',
    path: '/purchase/ws/tenderBid/save',
    access: { permission: TENDER_PERMISSION },
    body: tenderBidSaveBodySchema,
    answer: tenderBidSchema,
    summary: 'Submit a sealed bid, or revise it (a new version), until bidEndTime; answers the receipt',
    changes: changesOf(tenderBidMachine, 'submit', 'revise'),
  },
  bidWithdraw: {
    method: 'POST',
    path: '/purchase/ws/tenderBid/withdraw',
    access: { permission: TENDER_PERMISSION },
    body: tenderBidTenderBodySchema,
    answer: tenderBidSchema,
    summary: 'Withdraw the caller’s bid until bidEndTime (it may bid again)',
    changes: changesOf(tenderBidMachine, 'withdraw'),
  },
  bidMine: {
    method: 'POST',
    path: '/purchase/ws/tenderBid/mine',
    access: { permission: TENDER_PERMISSION },
    body: tenderBidTenderBodySchema,
    answer: tenderBidSchema.nullable(),
    summary: 'The caller’s bid on a tender with its receipt (null when it has none)',
  },
  bidMyPage: {
    method: 'POST',
    path: '/purchase/ws/tenderBid/myPage',
    access: { permission: TENDER_PERMISSION },
    body: myTenderBidPageBodySchema,
    answer: myTenderBidPageSchema,
    summary: "The caller's company's tender bids (我的投标), newest first",
  },
  bidAnswer: {
    method: 'POST',
    path: '/purchase/ws/tenderBid/answer',
    access: { permission: TENDER_PERMISSION },
    body: tenderBidAnswerBodySchema,
    answer: tenderAnswerSchema,
    summary: 'Answer the negotiation round: a sealed final quote (inquiry) or a clarification (bidding)',
  },
} as const satisfies Record<string, Endpoint>;
