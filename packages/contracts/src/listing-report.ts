import { z } from 'zod';
import type { Endpoint } from './endpoint';
import { pageNoSchema, pageSizeSchema } from './paging';
import { text } from './validation';

/**
 * The operators' report "listings by state per company": how many listings each company holds in
 * each state of the listing's life (draft, pending review, on sale ... suspended).
 */

/** Operators read the report with this permission code. */
export const LISTING_REPORT_PERMISSION = 'report:listing-states';

export const listingReportBodySchema = z.strictObject({
  pageNo: pageNoSchema.default(1),
  pageSize: pageSizeSchema.default(20),
  /** Part of the company's name. */
  keyword: text(40).optional(),
});
export type ListingReportBody = z.input<typeof listingReportBodySchema>;

export const listingReportRowSchema = z.object({
  companyId: z.string(),
  /** Empty for listings of no company. */
  companyName: z.string(),
  /** Listings in each state of LISTING_MANAGE_STATE_VALUES, in that order, 0 when none. */
  byState: z.array(z.object({ state: z.number().int(), count: z.number().int() })),
  total: z.number().int(),
});
export type ListingReportRow = z.infer<typeof listingReportRowSchema>;

export const listingReportAnswerSchema = z.object({ rows: z.array(listingReportRowSchema), total: z.number().int() });
export type ListingReportAnswer = z.infer<typeof listingReportAnswerSchema>;

export const listingReportEndpoints = {
  /** Companies with the most listings first. */
  byCompany: {
    method: 'POST',
    path: '/listing/ws/report/statesByCompany',
    access: { permission: LISTING_REPORT_PERMISSION },
    body: listingReportBodySchema,
    answer: listingReportAnswerSchema,
    summary: 'Listings by state per company (operators)',
  },
} as const satisfies Record<string, Endpoint>;
