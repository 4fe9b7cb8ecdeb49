import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuNode } from '@portal/contracts/menus';
import { workbenchEndpoints as ep, type BuyerWorkbench, type OperatorWorkbench, type SupplierWorkbench } from '@portal/contracts/workbench';
import { buildApp } from '../../app';
import { loadDemoData } from '../../demo/index';
import { migrateToLatest } from '../../migrations';
import { createDbKv } from '../../platform/kv';
import { loadSettings } from '../../settings';
import { emptyDatabase } from '../../test/empty-database';
import { envelope, login } from '../../test/test-app';
import { createTradingApp, manualClock, type TradingApp } from '../../test/trading';
import { dayStart, monthStart } from './workbench.service';

const clock = manualClock('2027-06-15T08:00:00.000Z');
let a: TradingApp;
beforeAll(async () => {
  a = await createTradingApp({ now: clock.now, traders: ['admin', 'buyer01', 'supplier01'] });
});
afterAll(async () => {
  await a.close();
});

const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);

/** What the database says, counted apart from the workbench's reads. */
async function ordersOf(column: 'buyer_company_id' | 'seller_company_id', companyId: number) {
  const rows = await a.database.db.selectFrom('orders').select(['state', 'amount', 'created_at']).where(column, '=', companyId).execute();
  const since = monthStart(clock.now(), 11);
  const dealt = rows.filter((r) => r.state !== 9 && r.created_at >= since);
  const byState = (states: number[]) =>
    states.map((state) => ({ state, count: rows.filter((r) => r.state === state).length })).filter((c) => c.count > 0);
  return { orders: dealt.length, amount: sum(dealt.map((r) => Number(r.amount))), byState };
}

async function countWhere(
  table: 'listings' | 'tenders' | 'auction_spaces' | 'supplier_applications',
  column: string,
  value: number | string,
) {
  const row = await a.database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where(column as never, '=', value as never)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe("a buyer's and a supplier's workbench", () => {
  it('shows an order as soon as it is placed, and every figure equals what the database holds', async () => {
    const buyerCompany = a.companyId.buyer01!;
    const sellerCompany = a.companyId.supplier01!;
    const before = await a.ok<BuyerWorkbench>('buyer01', ep.buyer.path);
    const listing = await a.listingOnSale('supplier01', { objListingNum: 50, objMinNum: 1, objStepNum: 0 });
    const order = await a.place('buyer01', listing.tradeListingCode, 3);

    const after = await a.ok<BuyerWorkbench>('buyer01', ep.buyer.path);
    expect(after.at).toBe(clock.now().toISOString());
    const thisMonth = (w: BuyerWorkbench) => w.purchases.filter((p) => p.month === '2027-06' && p.varietyCode === a.leaf.code);
    expect(sum(thisMonth(after).map((p) => p.orders))).toBe(sum(thisMonth(before).map((p) => p.orders)) + 1);
    expect(sum(thisMonth(after).map((p) => p.amount))).toBe(sum(thisMonth(before).map((p) => p.amount)) + order.amount);
    const counted = await ordersOf('buyer_company_id', buyerCompany);
    expect(sum(after.purchases.map((p) => p.orders))).toBe(counted.orders);
    expect(sum(after.purchases.map((p) => p.amount))).toBe(counted.amount);
    expect(after.purchases.every((p) => p.month >= '2026-07' && p.month <= '2027-06')).toBe(true);
    expect(after.openOrders).toEqual(counted.byState([1, 2, 3, 4, 5]));
    expect(after.openOrders.find((s) => s.state === 1)!.count).toBe((before.openOrders.find((s) => s.state === 1)?.count ?? 0) + 1);
    const accounts = await a.database.db.selectFrom('deposit_accounts').selectAll().where('company_id', '=', buyerCompany).execute();
    expect(after.deposits.map((d) => [d.currency, d.available, d.frozen]).sort()).toEqual(
      accounts.map((x) => [x.currency, Number(x.balance) - Number(x.frozen), Number(x.frozen)]).sort(),
    );
    // Closing soon: the spaces it registered for and its own tenders, still open, soonest first.
    const now = clock.now().toISOString();
    expect(after.closingSoon.every((c) => c.closesAt > now)).toBe(true);
    expect(after.closingSoon.map((c) => c.closesAt)).toEqual(after.closingSoon.map((c) => c.closesAt).sort());

    const supplier = await a.ok<SupplierWorkbench>('supplier01', ep.supplier.path);
    const sold = await ordersOf('seller_company_id', sellerCompany);
    expect(supplier.toAct).toEqual(sold.byState([1, 3, 4]));
    expect(supplier.toAct.find((s) => s.state === 1)!.count).toBeGreaterThan(0);
    expect(sum(supplier.sales.map((p) => p.orders))).toBe(sold.orders);
    expect(sum(supplier.sales.map((p) => p.amount))).toBe(sold.amount);
    const onSale = await a.database.db
      .selectFrom('listings')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('company_id', '=', sellerCompany)
      .where('obj_state', '=', 1)
      .executeTakeFirstOrThrow();
    expect(supplier.listingsOnSale).toBe(Number(onSale.n));

    // Confirmed by the seller, the order leaves the seller's "to confirm" for "awaiting payment" on the buyer's side.
    await a.ok('supplier01', '/commtrade/ws/order/confirm', { orderNo: order.orderNo });
    const confirmed = await a.ok<SupplierWorkbench>('supplier01', ep.supplier.path);
    expect(confirmed.toAct).toEqual((await ordersOf('seller_company_id', sellerCompany)).byState([1, 3, 4]));
    expect((await a.ok<BuyerWorkbench>('buyer01', ep.buyer.path)).openOrders).toEqual(
      (await ordersOf('buyer_company_id', buyerCompany)).byState([1, 2, 3, 4, 5]),
    );
  });
});

describe("the operator's workbench", () => {
  it('counts the reviews waiting, the deals per day and the active companies as the database does', async () => {
    const draft = await a.ok<{ id: string }>('supplier01', '/listing/ws/listing/save', a.draftTerms());
    const first = await a.ok<OperatorWorkbench>('admin', ep.operator.path);
    await a.ok('supplier01', '/listing/ws/listing/submit', { id: draft.id });
    const w = await a.ok<OperatorWorkbench>('admin', ep.operator.path);
    const waiting = Object.fromEntries(w.reviews.map((r) => [r.kind, r.count]));
    expect(waiting.listings).toBe(Object.fromEntries(first.reviews.map((r) => [r.kind, r.count])).listings! + 1);
    expect(waiting).toEqual({
      listings: await countWhere('listings', 'obj_state', 4),
      auctionSpaces: await countWhere('auction_spaces', 'space_status', 1),
      tenders: await countWhere('tenders', 'obj_state', 1),
      supplierApplications: await countWhere('supplier_applications', 'state', 'pending'),
    });
    expect(w.liveAuctions).toBe(await countWhere('auction_spaces', 'space_status', 4));

    const since = dayStart(clock.now(), 29);
    const orders = await a.database.db
      .selectFrom('orders')
      .select(['buyer_company_id', 'seller_company_id', 'amount', 'created_at'])
      .where('state', '<>', 9)
      .where('created_at', '>=', since)
      .execute();
    expect(sum(w.deals.map((d) => d.orders))).toBe(orders.length);
    expect(sum(w.deals.map((d) => d.amount))).toBe(sum(orders.map((o) => Number(o.amount))));
    expect(w.deals.find((d) => d.day === '2027-06-15')!.orders).toBeGreaterThan(0);
    expect(w.activeCompanies).toBe(new Set(orders.flatMap((o) => [o.buyer_company_id, o.seller_company_id])).size);
  });

  it('is refused to the wrong caller: a visitor 401, a company user the operator view, an operator the company views', async () => {
    const visitor = await a.app.inject({ method: 'POST', url: ep.buyer.path, payload: {} });
    expect(visitor.statusCode).toBe(401);
    expect(await a.refused('buyer01', ep.operator.path)).toMatchObject({ status: 403, code: '-106' });
    expect(await a.refused('admin', ep.buyer.path)).toMatchObject({ status: 403, code: '-106' });
    expect(await a.refused('admin', ep.supplier.path)).toMatchObject({ status: 403, code: '-106' });
  });
});

describe('the workbench on an installation of the previous release', () => {
  it('arrives first under 工作台 with its permissions when the database is migrated', async () => {
    const closers: (() => Promise<void>)[] = [];
    try {
      const database = await emptyDatabase(closers);
      await migrateToLatest(database.db, database.dialect, { skip: (name) => name === '340-workbench' });
      await loadDemoData(database.db);
      await migrateToLatest(database.db, database.dialect);
      const kv = createDbKv(database.db);
      const app = await buildApp({
        settings: loadSettings({ NODE_ENV: 'test', TEST_HOOKS: 'on', CAPTCHA_TEST_CODE: 'ABCD' }),
        database,
        kv,
        webDist: null,
      });
      closers.push(async () => {
        await app.close();
        await kv.close();
      });
      for (const [account, password, allowed] of [
        ['admin', 'Admin@2026', ['workbench:operator']],
        ['buyer01', 'Buyer@2026', ['workbench:buyer', 'workbench:supplier']],
      ] as const) {
        const { token } = await login(app, account, password);
        const menus = envelope(
          await app.inject({ method: 'GET', url: '/omc/api/user/get_menu_list', headers: { token }, cookies: { lang: 'en-US' } }),
        ).data as MenuNode[];
        const group = menus.find((n) => n.id === 'workbench')!;
        expect(menus[0]!.id).toBe('workbench');
        expect([group.children[0]!.title, group.children[0]!.url]).toEqual(['My workbench', '/workbench']);
        const permissions = envelope(await app.inject({ method: 'GET', url: '/omc/api/user/getUserPermissions', headers: { token } }))
          .data as Record<string, boolean>;
        expect(
          Object.keys(permissions)
            .filter((code) => code.startsWith('workbench:'))
            .sort(),
        ).toEqual([...allowed]);
      }
    } finally {
      while (closers.length > 0) await closers.pop()!();
    }
  });
});
