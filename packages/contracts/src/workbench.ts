import { z } from 'zod';
import type { Endpoint } from './endpoint';

/**
 * The workbench (工作台): what a signed-in person sees first, answering "how am I doing". A
 * company user sees the buyer's and the supplier's views, an operator the platform's; each view is
 * one call with its own permission code, so a role may be given one view and not another.
 */

/** A company's purchases: what it bought, its open orders, its deposit, what closes soon. */
export const WORKBENCH_BUYER_PERMISSION = 'workbench:buyer';
/** A company's sales: what it sold, what it has on sale, the orders waiting for it. */
export const WORKBENCH_SUPPLIER_PERMISSION = 'workbench:supplier';
/** The platform's day: deals, active companies, live auctions, reviews waiting. */
export const WORKBENCH_OPERATOR_PERMISSION = 'workbench:operator';

/** How many months the purchases and sales by month cover, this month included. */
export const WORKBENCH_MONTHS = 12;
/** How many days the operator's deals per day cover, today included. */
export const WORKBENCH_DAYS = 30;
/** How many auctions and tenders "closing soon" lists at most. */
export const WORKBENCH_SOON_LIMIT = 5;

/** One month (YYYY-MM, UTC) of one variety in one currency: orders and their amount in cents. */
export const monthFigureSchema = z.object({
  month: z.string(),
  varietyCode: z.string(),
  varietyName: z.string(),
  currency: z.string(),
  orders: z.number().int(),
  amount: z.number().int(),
});
export type MonthFigure = z.infer<typeof monthFigureSchema>;

/** How many orders are in one state. */
export const stateCountSchema = z.object({ state: z.number().int(), count: z.number().int() });
export type StateCount = z.infer<typeof stateCountSchema>;

/** An auction or tender that closes soon: where to open it and when it closes (ISO). */
export const closingSoonSchema = z.object({
  kind: z.enum(['auction', 'tender']),
  id: z.string(),
  name: z.string(),
  /** Auctions: 4 auctioning, 2 approved and not started; tenders: 2 bidding. */
  status: z.number().int(),
  closesAt: z.string(),
  /** Tenders a supplier may bid in: whether its company has a bid in. */
  bidIn: z.boolean().optional(),
});
export type ClosingSoon = z.infer<typeof closingSoonSchema>;

export const depositFigureSchema = z.object({
  currency: z.string(),
  available: z.number().int(),
  frozen: z.number().int(),
});

export const buyerWorkbenchSchema = z.object({
  /** The answer's time (ISO): the months and "soon" are counted from it. */
  at: z.string(),
  /** Orders not cancelled, by month of placing and variety, oldest month first. */
  purchases: z.array(monthFigureSchema),
  /** Orders not yet completed or cancelled, by state (states with none are left out). */
  openOrders: z.array(stateCountSchema),
  deposits: z.array(depositFigureSchema),
  /** Auctions the company registered for and its own tenders, soonest first. */
  closingSoon: z.array(closingSoonSchema),
});
export type BuyerWorkbench = z.infer<typeof buyerWorkbenchSchema>;

export const supplierWorkbenchSchema = z.object({
  at: z.string(),
  sales: z.array(monthFigureSchema),
  /** Listings on sale now. */
  listingsOnSale: z.number().int(),
  /** Orders waiting for the seller, by state: 1 to confirm, 3 payment to confirm, 4 to ship. */
  toAct: z.array(stateCountSchema),
  /** Tenders the company may bid in, soonest first. */
  closingSoon: z.array(closingSoonSchema),
});
export type SupplierWorkbench = z.infer<typeof supplierWorkbenchSchema>;

/** One day (YYYY-MM-DD, UTC) of deals in one currency. */
export const dayFigureSchema = z.object({
  day: z.string(),
  currency: z.string(),
  orders: z.number().int(),
  amount: z.number().int(),
});
export type DayFigure = z.infer<typeof dayFigureSchema>;

export const REVIEW_KINDS = ['listings', 'auctionSpaces', 'tenders', 'supplierApplications'] as const;
export type ReviewKind = (typeof REVIEW_KINDS)[number];

export const operatorWorkbenchSchema = z.object({
  at: z.string(),
  /** Orders not cancelled per day of placing, oldest first; days with none are left out. */
  deals: z.array(dayFigureSchema),
  /** Companies that bought or sold in the last WORKBENCH_DAYS days. */
  activeCompanies: z.number().int(),
  /** Auction spaces auctioning now. */
  liveAuctions: z.number().int(),
  /** What waits for a decision, one count per kind in REVIEW_KINDS' order. */
  reviews: z.array(z.object({ kind: z.enum(REVIEW_KINDS), count: z.number().int() })),
});
export type OperatorWorkbench = z.infer<typeof operatorWorkbenchSchema>;

export const workbenchEndpoints = {
  buyer: {
    method: 'POST',
    path: '/omc/api/workbench/buyer',
    access: { permission: WORKBENCH_BUYER_PERMISSION },
    body: z.object({}),
    answer: buyerWorkbenchSchema,
    summary: "The buyer's workbench: purchases by month and variety, open orders, deposit, auctions and tenders closing soon",
  },
  supplier: {
    method: 'POST',
    path: '/omc/api/workbench/supplier',
    access: { permission: WORKBENCH_SUPPLIER_PERMISSION },
    body: z.object({}),
    answer: supplierWorkbenchSchema,
    summary: "The supplier's workbench: sales by month and variety, listings on sale, orders to act on, tenders closing soon",
  },
  operator: {
    method: 'POST',
    path: '/omc/api/workbench/operator',
    access: { permission: WORKBENCH_OPERATOR_PERMISSION },
    body: z.object({}),
    answer: operatorWorkbenchSchema,
    summary: "The operator's workbench: deals per day, active companies, live auctions, reviews waiting",
  },
} as const satisfies Record<string, Endpoint>;
