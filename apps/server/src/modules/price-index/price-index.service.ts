import type { z } from 'zod';
import type { PriceIndex } from '@portal/contracts/cms';
import {
  ALL_MARKETS,
  type annotateBodySchema,
  type PriceIndexDay,
  type PriceIndexEntry,
  type PriceIndexSeries,
  type seriesQuerySchema,
  type withholdBodySchema,
} from '@portal/contracts/price-index';
import { AppError } from '../../platform/errors';
import type { WritePath } from '../../platform/write-path';
import { addDays } from './methodology';
import type { Publishing } from './publish';
import type { PriceIndexRepo, PriceIndexRow } from './price-index.repo';

/** A published day as readers see it: a withheld value shows no numbers, only its reason. */
export function toDay(r: PriceIndexRow): PriceIndexDay {
  const shown = r.withheld === 0;
  return {
    date: r.day,
    index: shown ? r.index_value : null,
    open: shown ? r.open_price : null,
    high: shown ? r.high_price : null,
    low: shown ? r.low_price : null,
    close: shown ? r.close_price : null,
    volume: r.volume_milli / 1000,
    samples: r.samples,
    removed: r.removed,
    carried: r.carried === 1,
    withheld: !shown,
    note: r.note,
    ruleVersion: r.rule_version,
  };
}

/** Change from `from` to `to` in percent with two decimals; 0 without a reference. */
const change = (to: number, from: number | undefined) => (from ? Math.round(((to - from) / from) * 10_000) / 100 : 0);
const monthBefore = (day: string, months: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d.toISOString().slice(0, 10);
};

export interface PriceIndexDeps {
  repo: PriceIndexRepo;
  writes: WritePath;
  publishing: Publishing;
  /** The operator-typed indices (the content module's). */
  typedIndices: () => Promise<PriceIndex[]>;
  now: () => Date;
}

/** The price index's reads (pages, feed, the portal's block) and the operator's annotate and withhold. */
export function createPriceIndexService(d: PriceIndexDeps) {
  const { repo, writes, now } = d;

  async function names(varietyCodes: string[]) {
    const [varieties, markets] = await Promise.all([repo.varieties([...new Set(varietyCodes)]), repo.markets()]);
    return {
      variety: new Map(varieties.map((v) => [v.code, { ...v, short_name: v.parent ? `${v.parent} ${v.short_name}` : v.short_name }])),
      market: new Map(markets.map((m) => [m.market_id, m.market_name_zh])),
    };
  }

  async function existing(variety: string, market: string, day: string) {
    const row = await repo.find(repo.db, variety, market, day);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  /** The latest shown value of each variety over all markets, compared with the day before, a month and a year earlier. */
  async function fromDeals(): Promise<PriceIndex[]> {
    const latest = (await repo.latestPerIndex()).filter((r) => r.market_code === ALL_MARKETS);
    const n = await names(latest.map((r) => r.variety_code));
    const out: PriceIndex[] = [];
    for (const r of latest) {
      const days = (await repo.series(r.variety_code, ALL_MARKETS, monthBefore(r.day, 13), r.day)).filter((x) => x.withheld === 0);
      const last = days[days.length - 1];
      if (!last) continue;
      const onOrBefore = (day: string) => days.filter((x) => x.day <= day).pop()?.index_value;
      const value = last.index_value;
      out.push({
        goodsName: n.variety.get(r.variety_code)?.short_name ?? r.variety_code,
        priceIndex: value / 100,
        indexDate: last.day,
        comparedWithYesterday: change(value, days.find((x) => x.day === addDays(last.day, -1))?.index_value),
        comparedWithLastMonth: change(value, onOrBefore(monthBefore(last.day, 1))),
        yearOnYear: change(value, onOrBefore(monthBefore(last.day, 12))),
        source: 'deals',
        varietyCode: r.variety_code,
      });
    }
    return out;
  }

  return {
    ...d.publishing,

    /** The portal's indices: the ones made from deals, then the operator-typed ones of varieties without deals, each labelled. */
    async portalIndices(): Promise<PriceIndex[]> {
      const [deals, typed] = await Promise.all([fromDeals(), d.typedIndices()]);
      const covered = new Set(deals.map((x) => x.goodsName));
      return [...deals, ...typed.filter((x) => !covered.has(x.goodsName))];
    },

    async indices(): Promise<PriceIndexEntry[]> {
      const latest = await repo.latestPerIndex();
      const n = await names(latest.map((r) => r.variety_code));
      return latest.map((r) => ({
        varietyCode: r.variety_code,
        varietyName: n.variety.get(r.variety_code)?.short_name ?? r.variety_code,
        marketCode: r.market_code,
        marketName: n.market.get(r.market_code) ?? '',
        unit: n.variety.get(r.variety_code)?.unit ?? '',
        lastDate: r.day,
        lastIndex: r.withheld === 0 ? r.index_value : null,
      }));
    },

    async series(q: z.output<typeof seriesQuerySchema>): Promise<PriceIndexSeries> {
      const market = q.marketCode ?? ALL_MARKETS;
      const n = await names([q.varietyCode]);
      const variety = n.variety.get(q.varietyCode);
      if (!variety) throw new AppError('NOT_FOUND');
      const rows = await repo.series(q.varietyCode, market, q.from, q.to);
      return {
        varietyCode: q.varietyCode,
        varietyName: variety.short_name,
        marketCode: market,
        marketName: n.market.get(market) ?? '',
        unit: variety.unit,
        currency: rows[0]?.currency ?? 'CNY',
        days: rows.map(toDay),
      };
    },

    async operatorDays(q: { varietyCode: string; marketCode?: string; pageNo: number; pageSize: number }) {
      const { rows, total } = await repo.page(q.varietyCode, q.marketCode ?? ALL_MARKETS, (q.pageNo - 1) * q.pageSize, q.pageSize);
      return { rows: rows.map(toDay), total };
    },

    /** Adds the operator's note to a published value; the value stays, the operation log keeps the note before and after. */
    async annotate(userId: number, b: z.output<typeof annotateBodySchema>): Promise<PriceIndexDay> {
      const market = b.marketCode ?? ALL_MARKETS;
      const row = await existing(b.varietyCode, market, b.date);
      return writes.write(
        { actorUserId: userId, action: 'annotate', target: `price-index:${b.varietyCode}/${market}/${b.date}` },
        async (trx, emit, log) => {
          await repo.mark(trx, row.id, { note: b.note, updated_at: now().toISOString() });
          log.before = { note: row.note };
          log.after = { note: b.note };
          emit({ topic: 'price-index', key: b.date, action: 'annotated' });
          return toDay((await repo.find(trx, b.varietyCode, market, b.date))!);
        },
      );
    },

    /** Withholds a published value with its reason, or shows it again; logged with the reason. */
    async withhold(userId: number, b: z.output<typeof withholdBodySchema>): Promise<PriceIndexDay> {
      const market = b.marketCode ?? ALL_MARKETS;
      const row = await existing(b.varietyCode, market, b.date);
      return writes.write(
        { actorUserId: userId, action: b.withhold ? 'withhold' : 'release', target: `price-index:${b.varietyCode}/${market}/${b.date}` },
        async (trx, emit, log) => {
          await repo.mark(trx, row.id, { note: b.reason, withheld: b.withhold ? 1 : 0, updated_at: now().toISOString() });
          log.before = { withheld: row.withheld === 1, note: row.note };
          log.after = { withheld: b.withhold, note: b.reason };
          emit({ topic: 'price-index', key: b.date, action: b.withhold ? 'withheld' : 'released' });
          return toDay((await repo.find(trx, b.varietyCode, market, b.date))!);
        },
      );
    },
  };
}
export type PriceIndexService = ReturnType<typeof createPriceIndexService>;
