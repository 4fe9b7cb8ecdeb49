import type { FastifyInstance } from 'fastify';
import { amountOf } from '@portal/contracts/quantity';
import type { OrderSnapshot } from '@portal/contracts/orders';
import type { Db, Dialect } from '../db/database';
import { createOrdersRepo, createOrdersService, ORDER_JOBS } from '../modules/orders';
import { addDays, dayOf, INDEX_CURRENCY, PRICE_INDEX_JOB, publishAt } from '../modules/price-index';

/** The varieties the demo trades every day for a year, with their price a year ago (yuan per unit). */
const HISTORY = [
  { code: 'COAL-STEAM-5000', start: 720 },
  { code: 'COAL-ANTH-LUMP', start: 1380 },
  { code: 'METH-REFINED-SUPER', start: 2360 },
  { code: 'NPK-SULPHUR-17', start: 3180 },
];
/** A little over a year, so the latest value has one a year earlier to compare with. */
const DAYS = 372;
const HOUR_MS = 3_600_000;

/** A small seeded generator, so every fresh start shows the same year. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface HistoryOutcome {
  days: number;
  deals: number;
  published: number;
  ms: { deals: number; index: number };
}

/**
 * A year of deals for the price index, made through the orders module's own settlement call
 * (the one auction results and tender awards use) on a clock set to each past day, one
 * transaction per day through the write path: each deal is an order confirmed on its day,
 * between the demo's second and third buyers and suppliers, with no messages (nobody needs a
 * year of notices) and its payment reminder dropped. Prices follow a random walk with a few
 * outliers and quiet weekends, so the outlier rule and the carried values show. Then the
 * scheduler publishes every day of the year, as a server coming back after a year away would.
 */
export async function runPriceHistory(d: {
  app: FastifyInstance;
  db: Db;
  dialect: Dialect;
  now: () => Date;
  payHours: number;
  nearHours: number;
  /** How many days back from yesterday (a little over a year unless told). */
  days?: number;
}): Promise<HistoryOutcome> {
  const { app, db } = d;
  const started = performance.now();
  let clock = d.now();
  const orders = createOrdersService({
    repo: createOrdersRepo(db, d.dialect),
    writes: app.live.writes,
    scheduler: app.live.scheduler,
    deposits: { available: async () => new Map(), freeze: async () => {}, release: async () => {}, forfeit: async () => {} },
    deadlines: { confirmHours: 24, payHours: d.payHours, receiveDays: 10, nearHours: d.nearHours },
    files: { attach: async () => [] },
    now: () => clock,
  });
  const parties = await db
    .selectFrom('users')
    .innerJoin('companies', 'companies.id', 'users.company_id')
    .select(['users.id', 'users.account', 'users.company_id', 'companies.name'])
    .where('users.account', 'in', ['buyer02', 'buyer03', 'supplier02', 'supplier03'])
    .execute();
  const party = (account: string) => parties.find((p) => p.account === account)!;
  const buyers = [party('buyer02'), party('buyer03')];
  const sellers = [party('supplier02'), party('supplier03')];
  const varieties = await db
    .selectFrom('varieties as v')
    .innerJoin('varieties as p', 'p.code', 'v.par_code')
    .select(['v.code', 'v.short_name', 'v.unit', 'p.short_name as parent'])
    .where(
      'v.code',
      'in',
      HISTORY.map((h) => h.code),
    )
    .execute();

  const today = dayOf(d.now());
  const span = d.days ?? DAYS;
  const first = addDays(today, -span);
  const next = random(20260101);
  const level = new Map(HISTORY.map((h) => [h.code, h.start * 100]));
  let deals = 0;
  for (let i = 0; i < span; i++) {
    const day = addDays(first, i);
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    const quiet = weekday === 0 || weekday === 6;
    await app.live.writes.write({ actorUserId: null, action: 'demo-history', target: `price-index:${day}` }, async (trx, emit) => {
      for (const v of varieties) {
        // The day's level drifts by up to 1.2% either way; deals scatter 0.8% around it.
        const mean = level.get(v.code)! * (1 + (next() - 0.5) * 0.024);
        level.set(v.code, mean);
        const count = quiet ? Math.floor(next() * 3) : 3 + Math.floor(next() * 4);
        for (let k = 0; k < count; k++) {
          const outlier = next() < 0.02 ? 1.4 : 1;
          const price = Math.round(mean * (1 + (next() - 0.5) * 0.016) * outlier);
          const quantityMilli = (50 + Math.floor(next() * 450)) * 1000;
          clock = new Date(Date.parse(`${day}T01:00:00Z`) + (k * 8 * HOUR_MS) / Math.max(1, count));
          const buyer = buyers[k % 2]!;
          const seller = sellers[(k + i) % 2]!;
          const snapshot: OrderSnapshot = {
            varietyCode: v.code,
            varietyName: `${v.parent} ${v.short_name}`,
            goodsSkuName: v.short_name,
            unit: v.unit,
            singlePrice: price,
            currency: INDEX_CURRENCY,
            listingType: 'A',
            paymentType: 2,
            transportWay: '汽运',
            deliveryPlace: '买方指定地点',
            objPeriodDay: 15,
            depositRatio: 0,
            originName: '历史成交（演示）',
          };
          const order = await orders.createSettled(
            trx,
            {
              origin: 'tender',
              originCode: `HIST-${day}`,
              settlementKey: `history:${day}:${v.code}:${k}`,
              buyerCompanyId: buyer.company_id!,
              buyerUserId: buyer.id,
              buyerName: buyer.name,
              sellerCompanyId: seller.company_id!,
              sellerUserId: seller.id,
              sellerName: seller.name,
              snapshot,
              quantityMilli,
              amount: amountOf(price, quantityMilli),
              depositFrozen: 0,
              pastDeal: true,
            },
            emit,
          );
          await app.live.scheduler.cancel(trx, ORDER_JOBS.payDeadlineNear, order.order_no);
          deals++;
        }
      }
    });
  }
  const dealsMs = performance.now() - started;

  // The first day's publication is due since a year: the scheduler publishes day after day.
  await app.live.writes.write({ actorUserId: null, action: 'schedule', target: `price-index:${first}` }, (trx) =>
    app.live.scheduler.schedule(trx, { kind: PRICE_INDEX_JOB, key: first, runAt: publishAt(first) }),
  );
  let published = 0;
  for (let n = await app.live.scheduler.runDue(); n > 0; n = await app.live.scheduler.runDue()) published += n;
  return { days: span, deals, published, ms: { deals: Math.round(dealsMs), index: Math.round(performance.now() - started - dealsMs) } };
}
