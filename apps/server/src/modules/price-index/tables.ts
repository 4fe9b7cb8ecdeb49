import type { Generated } from 'kysely';

/**
 * One day's publication of one price index (a variety over all markets, market_code '', or in one
 * market). Prices are unit prices in integer cents; the value is never rewritten: an operator only
 * annotates it or withholds it, through the write path.
 */
export interface PriceIndexDayTable {
  id: Generated<number>;
  variety_code: string;
  market_code: string;
  /** YYYY-MM-DD in China Standard Time. */
  day: string;
  currency: string;
  /** The published value: the day's volume-weighted average, or the one carried. */
  index_value: number;
  open_price: number | null;
  high_price: number | null;
  low_price: number | null;
  close_price: number | null;
  volume_milli: number;
  amount: number;
  samples: number;
  removed: number;
  /** 1 when the previous value was carried (too few deals). */
  carried: number;
  rule_version: string;
  /** 1 while an operator withholds the value. */
  withheld: Generated<number>;
  note: Generated<string>;
  published_at: string;
  updated_at: string;
}

declare module '../../db/schema' {
  interface Database {
    // Price index made from deals: one row per index and day, never rewritten (annotations aside)
    price_index_days: PriceIndexDayTable;
  }
}
