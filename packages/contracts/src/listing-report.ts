import { z } from 'zod';
import { defineListing } from './resource';
import { text } from './validation';

/**
 * The operators' report "listings by state per company": how many listings each company holds in
 * each state of the listing's life (draft, pending review, on sale ... suspended). A read-only
 * back-office list, so the shared list page shows it.
 */

/** Operators read the report with this permission code. */
export const LISTING_REPORT_PERMISSION = 'report:listing-states';

export const listingReportRowSchema = z.object({
  /** The company's id; the row's key. */
  id: z.string(),
  /** Empty for listings of no company. */
  companyName: z.string(),
  /** Listings in each state of LISTING_MANAGE_STATE_VALUES, in that order, 0 when none. */
  byState: z.array(z.object({ state: z.number().int(), count: z.number().int() })),
  total: z.number().int(),
});
export type ListingReportRow = z.infer<typeof listingReportRowSchema>;

/** Companies with the most listings first; `keyword` is part of the company's name. */
export const listingReportListing = defineListing({
  name: 'listing-states-report',
  permission: { view: LISTING_REPORT_PERMISSION },
  row: listingReportRowSchema,
  filters: z.object({ keyword: text(40).optional() }),
});
export type ListingReportAnswer = { rows: ListingReportRow[]; total: number };
