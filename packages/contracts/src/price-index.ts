import { z } from 'zod';
import { inputString, requiredText, text } from './validation';

/**
 * The price index made from deals: once a day, per variety (and per market where a market trades
 * it), the volume-weighted average unit price of the day's deals with open, high, low, close and
 * volume. docs/price-index.md states the methodology; these are the calls that read it and the
 * operator's annotate and withhold.
 */

/** Operators annotate or withhold a published value with this permission code. */
export const PRICE_INDEX_PERMISSION = 'price-index:manage';

/** The version of the computation rule every publication records (docs/price-index.md). */
export const PRICE_INDEX_RULE_VERSION = 'v1';
/** Fewer kept deals than this on a day: the previous value is carried and marked. */
export const PRICE_INDEX_MIN_SAMPLES = 3;
/** A deal further than this many median absolute deviations from the day's median is removed. */
export const PRICE_INDEX_MAD_LIMIT = 3;
/** The market code of the index over all markets. */
export const ALL_MARKETS = '';

const isoDate = inputString().pipe(z.iso.date({ message: 'invalidFormat' }));
const code = inputString().trim().min(1, { message: 'required' }).max(40, { message: 'tooLong' });

/** One day of one index. Prices are unit prices in cents of `currency`; volume in the variety's unit. */
export const priceIndexDaySchema = z.object({
  /** YYYY-MM-DD in China Standard Time. */
  date: z.string(),
  /** The published value: the day's volume-weighted average, or the value carried from the day before. */
  index: z.number().int().nullable(),
  /** The day's first, highest, lowest and last kept deal; null when the value was carried or withheld. */
  open: z.number().int().nullable(),
  high: z.number().int().nullable(),
  low: z.number().int().nullable(),
  close: z.number().int().nullable(),
  /** Quantity of the kept deals. */
  volume: z.number(),
  /** Deals of the day counted before the outlier rule. */
  samples: z.number().int(),
  /** Deals the outlier rule removed. */
  removed: z.number().int(),
  /** True when fewer than PRICE_INDEX_MIN_SAMPLES deals were kept and the previous value stands. */
  carried: z.boolean(),
  /** True when an operator withheld the value (index and prices are then null). */
  withheld: z.boolean(),
  /** The operator's annotation or the reason of withholding; empty when none. */
  note: z.string(),
  ruleVersion: z.string(),
});
export type PriceIndexDay = z.infer<typeof priceIndexDaySchema>;

export const priceIndexSeriesSchema = z.object({
  varietyCode: z.string(),
  varietyName: z.string(),
  /** Empty: over all markets. */
  marketCode: z.string(),
  marketName: z.string(),
  unit: z.string(),
  currency: z.string(),
  days: z.array(priceIndexDaySchema),
});
export type PriceIndexSeries = z.infer<typeof priceIndexSeriesSchema>;

/** One index that has publications: what the price pages and the feed may ask for. */
export const priceIndexEntrySchema = z.object({
  varietyCode: z.string(),
  varietyName: z.string(),
  marketCode: z.string(),
  marketName: z.string(),
  unit: z.string(),
  /** The latest publication's date and value. */
  lastDate: z.string(),
  lastIndex: z.number().int().nullable(),
});
export type PriceIndexEntry = z.infer<typeof priceIndexEntrySchema>;

export const seriesQuerySchema = z.object({
  varietyCode: code,
  /** A market's code; left out: the index over all markets. */
  marketCode: text(40).optional(),
  /** First and last day, inclusive (YYYY-MM-DD); left out: from the first publication, to the last. */
  from: isoDate.optional(),
  to: isoDate.optional(),
  /** `csv` answers text/csv instead of JSON (as does Accept: text/csv). */
  format: z.enum(['json', 'csv']).optional(),
});

export const operatorListBodySchema = z.strictObject({
  varietyCode: code,
  marketCode: text(40).optional(),
  pageNo: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});

export const annotateBodySchema = z.strictObject({
  varietyCode: code,
  marketCode: text(40).optional(),
  date: isoDate,
  /** What readers should know about the value (shown beside it); the reason is kept in the operation log. */
  note: requiredText(200),
});

export const withholdBodySchema = z.strictObject({
  varietyCode: code,
  marketCode: text(40).optional(),
  date: isoDate,
  /** Why the value is withheld; readers see it in place of the value. */
  reason: requiredText(200),
  /** False publishes a withheld value again (the reason is still required and logged). */
  withhold: z.boolean().default(true),
});

export const priceIndexEndpoints = {
  indices: {
    method: 'GET',
    path: '/cms/api/price-index/indices',
    access: 'public',
    answer: z.array(priceIndexEntrySchema),
    summary: 'Every price index made from deals: variety, market, latest publication',
  },
  series: {
    method: 'GET',
    path: '/cms/api/price-index/series',
    access: 'public',
    query: seriesQuerySchema,
    answer: priceIndexSeriesSchema,
    summary:
      'The daily index of one variety (and market) over a date range, with open, high, low, close, volume and sample counts; ' +
      'format=csv or Accept: text/csv answers CSV; ETag and Cache-Control for caches',
  },
  operatorDays: {
    method: 'POST',
    path: '/omc/api/price-index/days',
    access: { permission: PRICE_INDEX_PERMISSION },
    body: operatorListBodySchema,
    answer: z.object({ rows: z.array(priceIndexDaySchema), total: z.number().int() }),
    summary: "The publications of one index, newest first, for the operator's annotate and withhold",
  },
  annotate: {
    method: 'POST',
    path: '/omc/api/price-index/annotate',
    access: { permission: PRICE_INDEX_PERMISSION },
    body: annotateBodySchema,
    answer: priceIndexDaySchema,
    summary: 'Annotates a published value (logged in the operation log; the value itself never changes)',
  },
  withhold: {
    method: 'POST',
    path: '/omc/api/price-index/withhold',
    access: { permission: PRICE_INDEX_PERMISSION },
    body: withholdBodySchema,
    answer: priceIndexDaySchema,
    summary: 'Withholds a published value with a reason, or publishes it again (logged in the operation log)',
  },
} as const;
