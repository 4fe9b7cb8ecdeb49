import type { Insertable } from 'kysely';
import { ALL_MARKETS, PRICE_INDEX_RULE_VERSION } from '@portal/contracts/price-index';
import type { OrderSnapshot } from '@portal/contracts/orders';
import type { PriceIndexDayTable } from './tables';
import type { Scheduler } from '../../platform/scheduler';
import type { Emit, Trx, WritePath } from '../../platform/write-path';
import { addDays, dayStart, dayValue, lastDueDay, publishAt, type Deal } from './methodology';
import type { DealRow, PriceIndexRepo } from './price-index.repo';

/** The scheduler's job that publishes one day (its key: the day, YYYY-MM-DD). */
export const PRICE_INDEX_JOB = 'price-index.publish';
/** The index is in this currency; deals in another are not counted. */
export const INDEX_CURRENCY = 'CNY';

const keyOf = (variety: string, market: string) => `${variety}\u0000${market}`;

/** The day's deals grouped by index: each counts for its variety over all markets and, from a listing, in its market. */
function groupDeals(rows: DealRow[]): Map<string, Deal[]> {
  const groups = new Map<string, Deal[]>();
  const add = (key: string, deal: Deal) => {
    const list = groups.get(key);
    if (list) list.push(deal);
    else groups.set(key, [deal]);
  };
  for (const r of rows) {
    if (r.currency !== INDEX_CURRENCY || r.quantityMilli <= 0) continue;
    const variety = (JSON.parse(r.snapshotJson) as Partial<OrderSnapshot>).varietyCode;
    if (!variety) continue;
    const deal = { at: r.at, amount: r.amount, quantityMilli: r.quantityMilli };
    add(keyOf(variety, ALL_MARKETS), deal);
    if (r.marketCode) add(keyOf(variety, r.marketCode), deal);
  }
  return groups;
}

/** Publishing: one day's values from its deals, the job that does it once a day, and the chain of those jobs. */
export function createPublishing(d: { repo: PriceIndexRepo; writes: WritePath; scheduler: Scheduler; now: () => Date }) {
  const { repo, writes, scheduler, now } = d;

  /**
   * Computes and stores every index's value of `day` inside the caller's transaction: the indices
   * with deals that day and those with an earlier value to carry. A value already published (by
   * another server, or before a crash) is kept as it is. Answers how many were written.
   */
  async function publishDay(trx: Trx, day: string, emit: Emit): Promise<number> {
    const deals = groupDeals(await repo.dealsBetween(trx, dayStart(day).toISOString(), dayStart(addDays(day, 1)).toISOString()));
    const previous = new Map((await repo.previousValues(trx, day)).map((p) => [keyOf(p.variety_code, p.market_code), p.index_value]));
    const at = now().toISOString();
    const rows: Insertable<PriceIndexDayTable>[] = [];
    for (const key of new Set([...deals.keys(), ...previous.keys()])) {
      const value = dayValue(deals.get(key) ?? [], previous.get(key) ?? null);
      if (!value) continue;
      const [variety, market] = key.split('\u0000') as [string, string];
      rows.push({
        variety_code: variety,
        market_code: market,
        day,
        currency: INDEX_CURRENCY,
        index_value: value.index,
        open_price: value.open,
        high_price: value.high,
        low_price: value.low,
        close_price: value.close,
        volume_milli: value.volumeMilli,
        amount: value.amount,
        samples: value.samples,
        removed: value.removed,
        carried: value.carried ? 1 : 0,
        rule_version: PRICE_INDEX_RULE_VERSION,
        published_at: at,
        updated_at: at,
      });
    }
    const written = await repo.insertDays(trx, rows);
    if (written > 0) emit({ topic: 'price-index', key: day, action: 'published', data: { count: written } });
    return written;
  }

  return {
    publishDay,

    /** The daily job: publishes its day, then schedules the next day's in the same transaction, so the chain never breaks. */
    async runJob(trx: Trx, day: string, emit: Emit): Promise<void> {
      await publishDay(trx, day, emit);
      const next = addDays(day, 1);
      await scheduler.schedule(trx, { kind: PRICE_INDEX_JOB, key: next, runAt: publishAt(next) });
    },

    /**
     * Starts the chain when no day is waiting: at the day after the last published one (a server
     * that was down catches up day by day at once), or at the last day already due on a new
     * installation. A day whose job was given up is scheduled again. Answers the day scheduled, if any.
     */
    async ensureScheduled(): Promise<string | null> {
      if (await repo.pendingJob(PRICE_INDEX_JOB)) return null;
      const [published, done] = await Promise.all([repo.lastDay(), repo.lastDoneJob(PRICE_INDEX_JOB)]);
      const last = [published, done]
        .filter((x): x is string => x !== null)
        .sort()
        .pop();
      const day = last ? addDays(last, 1) : lastDueDay(now());
      await writes.write({ actorUserId: null, action: 'schedule', target: `price-index:${day}` }, async (trx) => {
        await scheduler.schedule(trx, { kind: PRICE_INDEX_JOB, key: day, runAt: publishAt(day) });
      });
      return day;
    },
  };
}
export type Publishing = ReturnType<typeof createPublishing>;
