import { z } from 'zod';
import { CURRENCIES, PAGE_SIZE_OPTIONS } from './constants';
import { enumField } from './enum-field';
import { LISTING_MANAGE_STATES } from './trade-constants';
import type { Endpoint } from './endpoint';
import { changesOf, defineMachine } from './state-machine';
import { idTextSchema, pageNoSchema } from './paging';
import { inputString, requiredText, text } from './validation';

/**
 * A supplier's own listings (我的挂牌) and the operator's review queue (挂牌审核). The listing is
 * the same record the market shows once it is on sale.
 */

/** Company users manage their own listings with this permission code. */
export const LISTING_PERMISSION = 'trade:listing';
/** Operators review, suspend and reinstate listings with this permission code. */
export const REVIEW_PERMISSION = 'trade:review';

/** Longest free texts of a listing. */
export const LISTING_LIMITS = {
  goodsSkuNameMax: 200,
  deliveryPlaceMax: 200,
  descriptionMax: 20_000,
  reasonMax: 500,
  picturesMax: 9,
  keywordMax: 40,
} as const;

const codeSchema = requiredText(32);
/** Whole cents. */
const centsSchema = z.number().int({ message: 'invalidValue' }).min(1, { message: 'tooSmall' }).max(1e13, { message: 'tooLarge' });
/** True when a quantity has at most three decimals (it is stored as whole thousandths). */
export function hasThreeDecimalsAtMost(value: number): boolean {
  const milli = value * 1000;
  return Math.abs(milli - Math.round(milli)) < 1e-6;
}
/** A quantity in its unit with up to three decimals. */
export const quantitySchema = z
  .number()
  .min(0, { message: 'tooSmall' })
  .max(1e10, { message: 'tooLarge' })
  .refine(hasThreeDecimalsAtMost, { message: 'invalidValue' });
const positiveQuantity = quantitySchema.refine((v) => v > 0, { message: 'tooSmall' });
/** A picture: a stored file's id (the upload answers it). */
const fileIdSchema = inputString()
  .trim()
  .regex(/^[A-Za-z0-9_.-]{1,64}$/, { message: 'invalidFormat' });
const pageSizeOption = z
  .number()
  .int()
  .refine((v) => (PAGE_SIZE_OPTIONS as readonly number[]).includes(v), { message: 'invalidValue' });

/** What an owner writes; `id` absent creates a draft. */
export const listingSaveBodySchema = z
  .strictObject({
    id: idTextSchema.optional(),
    /** A leaf of the variety tree. */
    varietyCode: codeSchema,
    goodsSkuName: requiredText(LISTING_LIMITS.goodsSkuNameMax),
    /** A market of a listing mode. */
    marketCode: codeSchema,
    /** 2 sell (default), 1 buy (a purchase listing). */
    holdBs: enumField('HoldBs').default(2),
    /** A standard, D margin. */
    listingType: enumField('ListingType'),
    /** Unit price in cents of the market's currency. */
    singlePrice: centsSchema,
    /** The market's currency (queryListingMoneyTypeList); absent: the market's, any other is refused. */
    currency: z.enum(CURRENCIES).optional(),
    objListingNum: positiveQuantity,
    /** The smallest order. */
    objMinNum: positiveQuantity,
    /** Order quantities are objMinNum plus whole steps; 0 or absent: any quantity. */
    objStepNum: quantitySchema.default(0),
    /** Days on sale after approval. */
    objListingDay: z.number().int().min(1, { message: 'tooSmall' }).max(365, { message: 'tooLarge' }),
    /** Delivery within this many days of confirmation. */
    objPeriodDay: z.number().int().min(1, { message: 'tooSmall' }).max(3650, { message: 'tooLarge' }),
    /** A train, B truck. */
    transportWay: enumField('TransportWay'),
    /** 1 acceptance, 2 spot exchange. */
    paymentType: enumField('PaymentType'),
    deliveryPlace: requiredText(LISTING_LIMITS.deliveryPlaceMax),
    /** Margin listings: percent of the order amount frozen from the buyer (default 10). */
    depositRatio: z.number().int().min(1, { message: 'tooSmall' }).max(100, { message: 'tooLarge' }).optional(),
    /** Stored file ids; the first is the card's picture. */
    pictures: z.array(fileIdSchema).max(LISTING_LIMITS.picturesMax, { message: 'tooMany' }).default([]),
    /** Rich text; the server sanitises it. */
    description: text(LISTING_LIMITS.descriptionMax).default(''),
  })
  .refine((b) => b.objMinNum <= b.objListingNum, { path: ['objMinNum'], message: 'invalidValue' });
export type ListingSaveBody = z.input<typeof listingSaveBodySchema>;
export type ListingSave = z.output<typeof listingSaveBodySchema>;

/** A listing as its owner and the operator see it. */
export const managedListingSchema = z.object({
  id: z.string(),
  tradeListingCode: z.string(),
  varietyCode: z.string(),
  varietyName: z.string(),
  goodsSkuName: z.string(),
  /** The unit quantities are counted in (the variety's). */
  unit: z.string(),
  marketCode: z.string(),
  holdBs: z.number().int(),
  listingType: z.string(),
  singlePrice: z.number().int(),
  currency: z.string(),
  objListingNum: z.number(),
  surplusListingNum: z.number(),
  objMinNum: z.number(),
  objStepNum: z.number(),
  objListingDay: z.number().int(),
  objPeriodDay: z.number().int(),
  transportWay: z.string(),
  paymentType: z.number().int(),
  deliveryPlace: z.string(),
  depositRatio: z.number().int(),
  pictures: z.array(z.string()),
  description: z.string(),
  objState: z.number().int(),
  /** The latest review or suspension reason; empty when none. */
  reviewRemark: z.string(),
  /** When it went on sale; empty until approved. */
  publishTime: z.string(),
  /** When it leaves the market; empty until approved. */
  expireTime: z.string(),
  /** The owner's user id and company name (the operator's queue shows them). */
  userId: z.string(),
  userName: z.string(),
  updatedAt: z.string(),
});
export type ManagedListing = z.infer<typeof managedListingSchema>;

export const managedListingPageSchema = z.object({
  items: z.array(managedListingSchema),
  totalItem: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});
export type ManagedListingPage = z.infer<typeof managedListingPageSchema>;

const listingStateSchema = enumField('ListingState');

export const listingMyPageBodySchema = z.strictObject({
  pageNo: pageNoSchema.default(1),
  pageSize: pageSizeOption.default(8),
  objState: listingStateSchema.optional(),
  /** Part of the code, the goods name or the variety name. */
  keyword: text(LISTING_LIMITS.keywordMax).optional(),
});
export type ListingMyPageBody = z.input<typeof listingMyPageBodySchema>;

export const listingReviewPageBodySchema = z.strictObject({
  pageNo: pageNoSchema.default(1),
  pageSize: pageSizeOption.default(8),
  /** Default: 4, the listings awaiting review. Drafts are never shown. */
  objState: listingStateSchema.optional(),
  keyword: text(LISTING_LIMITS.keywordMax).optional(),
});
export type ListingReviewPageBody = z.input<typeof listingReviewPageBodySchema>;

export const listingIdBodySchema = z.strictObject({ id: idTextSchema });

export const listingReviewBodySchema = z
  .strictObject({
    id: idTextSchema,
    pass: z.boolean(),
    /** Required when rejecting; the owner sees it. */
    reviewRemark: text(LISTING_LIMITS.reasonMax).default(''),
  })
  .refine((b) => b.pass || b.reviewRemark.length > 0, { path: ['reviewRemark'], message: 'required' });
export type ListingReviewBody = z.input<typeof listingReviewBodySchema>;

export const listingReasonBodySchema = z.strictObject({
  id: idTextSchema,
  /** The owner sees it as the listing's reviewRemark. */
  reason: requiredText(LISTING_LIMITS.reasonMax),
});
export type ListingReasonBody = z.input<typeof listingReasonBodySchema>;

/**
 * How a listing's state (obj_state) changes: created as a draft, submitted and reviewed, on sale
 * until withdrawn, suspended, expired or sold out by orders (and back on sale when an order is
 * cancelled while its days last); an edit of one on sale or sold out sends it back to review.
 */
export const listingMachine = /* @__PURE__ */ defineMachine({
  name: 'listing',
  table: 'listings',
  id: 'id',
  state: 'obj_state',
  labels: LISTING_MANAGE_STATES,
  refusal: 'STATE_NOT_ALLOWED',
  transitions: {
    create: { from: [], to: [0] },
    edit: { from: [0, 4, 5, 1, 2], to: [0, 4, 5] },
    submit: { from: [0, 5], to: [4] },
    withdraw: { from: [1], to: [3] },
    approve: { from: [4], to: [1] },
    reject: { from: [4], to: [5] },
    suspend: { from: [1], to: [7] },
    reinstate: { from: [7], to: [1, 6] },
    expire: { from: [1], to: [6], by: 'job' },
    sellOut: { from: [1], to: [2], by: 'effect' },
    restock: { from: [2], to: [1, 6], by: 'effect' },
  },
});

export const listingManageEndpoints = {
  myPage: {
    method: 'POST',
    path: '/listing/ws/listing/myPage',
    access: { permission: LISTING_PERMISSION },
    body: listingMyPageBodySchema,
    answer: managedListingPageSchema,
    summary: "The caller's company's listings in every state",
  },
  myDetail: {
    method: 'POST',
    path: '/listing/ws/listing/myDetail',
    access: { permission: LISTING_PERMISSION },
    body: listingIdBodySchema,
    answer: managedListingSchema,
    summary: 'One own listing (404 for another company)',
  },
  save: {
    method: 'POST',
    path: '/listing/ws/listing/save',
    access: { permission: LISTING_PERMISSION },
    body: listingSaveBodySchema,
    answer: managedListingSchema,
    summary: 'Create a draft or edit an own listing (an edited listing on sale goes back to review)',
    changes: changesOf(listingMachine, 'create', 'edit'),
  },
  submit: {
    method: 'POST',
    path: '/listing/ws/listing/submit',
    access: { permission: LISTING_PERMISSION },
    body: listingIdBodySchema,
    answer: managedListingSchema,
    summary: 'Submit a draft or rejected listing for review',
    changes: changesOf(listingMachine, 'submit'),
  },
  withdraw: {
    method: 'POST',
    path: '/listing/ws/listing/withdraw',
    access: { permission: LISTING_PERMISSION },
    body: listingIdBodySchema,
    answer: managedListingSchema,
    summary: 'Take an own listing on sale off the market',
    changes: changesOf(listingMachine, 'withdraw'),
  },
  reviewPage: {
    method: 'POST',
    path: '/listing/ws/listing/reviewPage',
    access: { permission: REVIEW_PERMISSION },
    body: listingReviewPageBodySchema,
    answer: managedListingPageSchema,
    summary: "The operator's review queue (pending by default; never drafts)",
  },
  reviewDetail: {
    method: 'POST',
    path: '/listing/ws/listing/reviewDetail',
    access: { permission: REVIEW_PERMISSION },
    body: listingIdBodySchema,
    answer: managedListingSchema,
    summary: 'One listing for the operator (drafts answer 404)',
  },
  review: {
    method: 'POST',
    path: '/listing/ws/listing/review',
    access: { permission: REVIEW_PERMISSION },
    body: listingReviewBodySchema,
    answer: managedListingSchema,
    summary: 'Approve (on sale until now + objListingDay days) or reject with a reason',
    changes: changesOf(listingMachine, 'approve', 'reject'),
  },
  suspend: {
    method: 'POST',
    path: '/listing/ws/listing/suspend',
    access: { permission: REVIEW_PERMISSION },
    body: listingReasonBodySchema,
    answer: managedListingSchema,
    summary: 'Suspend a listing on sale, with a reason the owner sees',
    changes: changesOf(listingMachine, 'suspend'),
  },
  reinstate: {
    method: 'POST',
    path: '/listing/ws/listing/reinstate',
    access: { permission: REVIEW_PERMISSION },
    body: listingReasonBodySchema,
    answer: managedListingSchema,
    summary: 'Put a suspended listing back on sale',
    changes: changesOf(listingMachine, 'reinstate'),
  },
} as const satisfies Record<string, Endpoint>;
