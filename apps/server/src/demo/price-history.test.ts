import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cmsEndpoints, type PriceIndex } from '@portal/contracts/cms';
import { createTestApp, envelope, type TestApp } from '../test/test-app';
import { runPriceHistory } from './price-history';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('the demo price history', () => {
  it('settles deals day by day through the orders module and publishes every day of them', async () => {
    const started = performance.now();
    const outcome = await runPriceHistory({
      app: t.app,
      db: t.database.db,
      dialect: t.database.dialect,
      now: () => new Date(),
      payHours: 72,
      nearHours: 24,
      days: 45,
    });
    const ms = performance.now() - started;
    console.info(`demo price history: ${JSON.stringify(outcome)} in ${Math.round(ms)} ms`);
    // Six weeks here (the start plays a year and a week; the figures are in decision 324).
    expect(outcome.deals).toBeGreaterThan(400);
    const { db } = t.database;
    const days = await db
      .selectFrom('price_index_days')
      .select(['variety_code', 'day', 'carried', 'removed'])
      .where('market_code', '=', '')
      .execute();
    expect(new Set(days.map((d) => d.variety_code)).size).toBe(4);
    // Every day of the year, but the first days of a variety that opened on a quiet weekend (nothing to carry yet).
    expect(days.length).toBeGreaterThan(4 * 40);
    expect(days.some((d) => d.carried === 1)).toBe(true);
    expect(days.some((d) => d.removed > 0)).toBe(true);
    // No reminders or messages about a year of old orders.
    const reminders = await db
      .selectFrom('scheduled_jobs')
      .select('id')
      .where('kind', '=', 'order.payDeadlineNear')
      .where('state', '=', 'pending')
      .execute();
    const history = await db.selectFrom('orders').select('order_no').where('origin_code', 'like', 'HIST-%').execute();
    expect(history).toHaveLength(outcome.deals);
    expect(reminders.length).toBeLessThan(50);
    const indices = envelope(await t.app.inject({ method: 'GET', url: cmsEndpoints.priceIndices.path })).data as PriceIndex[];
    const fromDeals = indices.filter((i) => i.source === 'deals');
    expect(fromDeals).toHaveLength(4);
    // Over a month of history: every index has a value a month earlier to compare with.
    expect(fromDeals.every((i) => i.comparedWithLastMonth !== 0)).toBe(true);
    expect(fromDeals.map((i) => i.goodsName)).toContain('动力煤 Q5000');
  });
});
