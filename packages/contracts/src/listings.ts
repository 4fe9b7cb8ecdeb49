import { z } from 'zod';
import { inputString } from './validation';
import { LISTING_PAGE_SIZE, LISTING_USER_NAME_MAX } from './constants';
import { enumField } from './enum-field';
import type { Endpoint } from './endpoint';
import { idTextSchema, pageNoSchema, pageSizeSchema } from './paging';

/** Money travels as integer cents (price type 1); the browser divides by 100 to show it. */
const centsSchema = z.number().int().min(0).max(1e13);
/** Quantities travel in their unit with up to 3 decimals. */
const quantitySchema = z.number().min(0).max(1e10);
const codeSchema = inputString().trim().max(32, { message: 'tooLong' });

/**
 * The listing search condition. Price bounds use the unit of
 * `singlePrice` (cents); quantity bounds compare with the quantity still available.
 */
export const listingSearchBodySchema = z
  .strictObject({
    /** 1 on listing (default) or 2 sold out; the other states are never shown, so they answer nothing. */
    objState: enumField('ListingState').optional(),
    minSinglePrice: centsSchema.optional(),
    maxSinglePrice: centsSchema.optional(),
    minObjListingNum: quantitySchema.optional(),
    maxObjListingNum: quantitySchema.optional(),
    /** A node of the variety tree at any of its three levels. */
    varietyCode: codeSchema.optional(),
    /** Part of the seller's company name. */
    userName: inputString().trim().max(LISTING_USER_NAME_MAX, { message: 'tooLong' }).optional(),
    holdBs: enumField('HoldBs').optional(),
    listingType: enumField('ListingType').optional(),
    marketCode: codeSchema.optional(),
    /** 1 price, 2 publish time (default). */
    sortField: z.union([z.literal(1), z.literal(2)]).default(2),
    /** 1 ascending, 0 descending (default). */
    sortAsc: z.union([z.literal(0), z.literal(1)]).default(0),
    pageNo: pageNoSchema.default(1),
    pageSize: pageSizeSchema.default(LISTING_PAGE_SIZE),
    /** Sent by the portal for the signed-in user; the search does not depend on it. */
    currUserNo: inputString().max(32, { message: 'tooLong' }).optional(),
    /** Only this seller's listings (the store page). */
    shopUserId: idTextSchema.optional(),
  })
  .refine((b) => b.minSinglePrice === undefined || b.maxSinglePrice === undefined || b.minSinglePrice <= b.maxSinglePrice, {
    path: ['minSinglePrice'],
    message: 'invalidValue',
  })
  .refine((b) => b.minObjListingNum === undefined || b.maxObjListingNum === undefined || b.minObjListingNum <= b.maxObjListingNum, {
    path: ['minObjListingNum'],
    message: 'invalidValue',
  });
export type ListingSearchBody = z.input<typeof listingSearchBodySchema>;
export type ListingSearch = z.output<typeof listingSearchBodySchema>;

export const listingSkuSchema = z.object({
  goodsSkuName: z.string(),
  /** The unit quantities are counted in, e.g. 吨. */
  varietyUnit: z.string(),
});

export const listingItemSchema = z.object({
  id: z.string(),
  tradeListingCode: z.string(),
  /** A or D (margin listing). */
  listingType: z.string(),
  /** 1 buy, 2 sell. */
  holdBs: z.number().int(),
  objState: z.number().int(),
  /** Unit price in cents of `currency`. */
  singlePrice: z.number().int(),
  currency: z.string(),
  /** Quantity still available. */
  surplusListingNum: z.number(),
  /** Quantity listed. */
  objListingNum: z.number(),
  /** Days the listing stays on the market. */
  objListingDay: z.number().int(),
  /** Days allowed for delivery after a deal. */
  objPeriodDay: z.number().int(),
  /** Smallest quantity one deal may take. */
  objMinNum: z.number(),
  /** A train, B truck. */
  transportWay: z.string(),
  /** 1 acceptance, 2 spot exchange. */
  paymentType: z.number().int(),
  /** The seller's company name. */
  userName: z.string(),
  /** The seller's user id (its store page). */
  userId: z.string(),
  marketCode: z.string(),
  varietyCode: z.string(),
  varietyName: z.string(),
  /** The picture's URL (`/file/download?fileId=...`), or empty. */
  picPath: z.string(),
  publishTime: z.string(),
  skuList: z.array(listingSkuSchema),
});
export type ListingItem = z.infer<typeof listingItemSchema>;

export const listingPageSchema = z.object({
  items: z.array(listingItemSchema),
  /** Matching listings; with `totalCapped` a lower bound (the count stopped at the cap). */
  totalItem: z.number().int(),
  totalCapped: z.boolean(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});
export type ListingPage = z.infer<typeof listingPageSchema>;

export const listingDetailBodySchema = z.strictObject({
  tradeListingCode: inputString().trim().min(1, { message: 'required' }).max(40, { message: 'tooLong' }),
});

export const listingSpecSchema = z.object({ name: z.string(), value: z.string() });
export const listingDetailSkuSchema = listingSkuSchema.extend({ specs: z.array(listingSpecSchema) });

export const listingSellerSchema = z.object({
  userId: z.string(),
  companyName: z.string(),
  shopLogo: z.string(),
  region: z.string(),
  mainBusiness: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
});

export const listingDetailSchema = listingItemSchema.extend({
  skuList: z.array(listingDetailSkuSchema),
  marketName: z.string(),
  varietyPath: z.array(z.string()),
  origin: z.string(),
  deliveryPlace: z.string(),
  deliveryStart: z.string(),
  deliveryEnd: z.string(),
  remark: z.string(),
  /** The seller's description: rich text, sanitised when it was saved. */
  description: z.string(),
  /** Order quantities are objMinNum plus whole steps of this; 0: any quantity. */
  objStepNum: z.number(),
  /** Margin listings (D): the percentage of an order's amount frozen from the buyer's deposit. */
  depositRatio: z.number().int(),
  seller: listingSellerSchema,
});
export type ListingDetail = z.infer<typeof listingDetailSchema>;

export const listingEndpoints = {
  portalSalePage: {
    method: 'POST',
    path: '/listing/ws/listing/portalSalePage',
    access: 'public',
    body: listingSearchBodySchema,
    answer: listingPageSchema,
    summary: 'The listing market: search, sort and page listings',
  },
  portalListingDetail: {
    method: 'POST',
    path: '/listing/ws/listing/portalListingDetail',
    access: 'public',
    body: listingDetailBodySchema,
    answer: listingDetailSchema,
    summary: 'One listing with its SKUs, seller and terms (the product detail page)',
  },
} as const satisfies Record<string, Endpoint>;
