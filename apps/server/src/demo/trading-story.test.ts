import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@portal/contracts/orders';
import { expectDepositsConsistent } from '../test/deposits';
import { createTestApp, envelope, login, type TestApp } from '../test/test-app';
import { runTradingStory, type StoryOutcome } from './trading-story';

let t: TestApp;
let story: StoryOutcome;
beforeAll(async () => {
  t = await createTestApp();
  story = await runTradingStory({ app: t.app, db: t.database.db, kv: t.kv, now: () => new Date() });
}, 120_000);
afterAll(async () => {
  await t.close();
});

const asUser = async (account: string, password: string) => {
  const { token } = await login(t.app, account, password);
  return (url: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers: { token } }).then((res) => envelope(res).data);
};

describe('the demo trading story', () => {
  it('leaves every deposit account equal to its ledger', async () => {
    expect(story.trading).toBe(true);
    await expectDepositsConsistent(t.database);
  });

  it('gives buyer01 purchase orders in every state, each action open on one of them', async () => {
    const buyer = await asUser('buyer01', 'Buyer@2026');
    const page = (await buyer('/commtrade/ws/order/buyPage', { pageNo: 1, pageSize: 32 })) as {
      items: Order[];
      counts: Record<string, number>;
    };
    for (const state of ['1', '2', '3', '4', '5', '6', '9']) expect(page.counts[state] ?? 0, `state ${state}`).toBeGreaterThan(0);
    const actions = new Set(page.items.flatMap((o) => o.actions));
    expect([...actions].sort()).toEqual(['cancel', 'pay', 'receive']);
    // Margin orders froze the buyer's deposit; the completed one gave it back.
    const completed = page.items.find((o) => o.orderNo === story.orders.buyer01Completed)!;
    expect(completed.depositFrozen).toBeGreaterThan(0);
    const detail = (await buyer('/commtrade/ws/order/detail', { orderNo: story.orders.buyer01Completed })) as Order;
    // The order's own steps; its contract's steps (rendered by a job when the scheduler runs) interleave.
    const steps = detail.timeline.map((e) => e.action).filter((action) => !action.startsWith('contract'));
    expect(steps).toEqual(['place', 'confirm', 'pay', 'confirmPayment', 'ship', 'receive']);
    expect(detail.timeline.find((e) => e.action === 'pay')!.fileIds).toHaveLength(1);
  });

  it('gives supplier01 sales orders waiting for each of its actions, and a purchase of its own', async () => {
    const supplier = await asUser('supplier01', 'Supplier@2026');
    const sales = (await supplier('/commtrade/ws/order/sellPage', { pageNo: 1, pageSize: 32 })) as { items: Order[] };
    const actions = new Set(sales.items.flatMap((o) => o.actions));
    expect([...actions].sort()).toEqual(['cancel', 'confirm', 'confirmPayment', 'refuse', 'ship']);
    const purchases = (await supplier('/commtrade/ws/order/buyPage', { pageNo: 1, pageSize: 8 })) as { totalItem: number };
    expect(purchases.totalItem).toBeGreaterThan(0);
  });

  it('leaves listings in every state', async () => {
    const rows = await t.database.db
      .selectFrom('listings')
      .select(['id', 'obj_state'])
      .where(
        'id',
        'in',
        Object.values(story.listings)
          .filter((v) => /^\d+$/.test(v))
          .map(Number),
      )
      .execute();
    const stateOf = (id: string) => rows.find((r) => String(r.id) === id)?.obj_state;
    expect(stateOf(story.listings.pendingReview!)).toBe(4);
    expect(stateOf(story.listings.rejected!)).toBe(5);
    expect(stateOf(story.listings.draft!)).toBe(0);
    expect(stateOf(story.listings.withdrawn!)).toBe(3);
    expect(stateOf(story.listings.suspended!)).toBe(7);
    expect(stateOf(story.listings.expired!)).toBe(6);
    const onSale = await t.database.db
      .selectFrom('listings')
      .select('obj_state')
      .where('trade_listing_code', '=', story.listings.marginOnSale!)
      .executeTakeFirstOrThrow();
    expect(onSale.obj_state).toBe(1);
  });

  it('leaves buyer01 a tender taking bids and one whose opened bids wait for its evaluation', async () => {
    const buyer = await asUser('buyer01', 'Buyer@2026');
    const live = (await buyer('/purchase/ws/tender/detail', { id: story.tenders.live })) as { objState: number };
    expect(live.objState).toBe(2);
    const opened = (await buyer('/purchase/ws/tender/detail', { id: story.tenders.opened })) as {
      objState: number;
      description: string;
      opening: { bids: { supplierName: string }[] } | null;
    };
    // Closed and opened, not yet evaluated: the evaluation form is what buyer01 finds.
    expect(opened.objState).toBe(3);
    expect(opened.opening?.bids).toHaveLength(2);
    expect(opened.description).toContain('<strong>');
    const bids = (await buyer('/purchase/ws/tender/bids', { id: story.tenders.opened })) as { opened: boolean; items: unknown[] };
    expect(bids).toMatchObject({ opened: true });
    expect(bids.items).toHaveLength(2);
  });

  it('shows the ledger and the messages the companies care about', async () => {
    const buyer = await asUser('buyer01', 'Buyer@2026');
    const entries = (await buyer('/commtrade/ws/deposit/entries', { pageNo: 1, pageSize: 32, currency: 'CNY' })) as {
      items: { kind: string }[];
    };
    expect(new Set(entries.items.map((e) => e.kind))).toEqual(new Set(['credit', 'freeze', 'release', 'forfeit']));
    const supplier = await asUser('supplier01', 'Supplier@2026');
    const received = (await supplier('/commtrade/ws/deposit/entries', { pageNo: 1, pageSize: 8, currency: 'CNY' })) as {
      items: { kind: string; balanceChange: number }[];
    };
    expect(received.items.some((e) => e.kind === 'forfeit' && e.balanceChange > 0)).toBe(true);
    const kinds = await t.database.db
      .selectFrom('messages')
      .innerJoin('users', 'users.id', 'messages.user_id')
      .select('messages.kind')
      .where('users.account', 'in', ['buyer01', 'supplier01'])
      .execute();
    const seen = new Set(kinds.map((k) => k.kind));
    for (const kind of [
      'order.placed',
      'order.confirmed',
      'order.shipped',
      'order.cancelled',
      'order.deadlineNear',
      'deposit.credited',
      'deposit.frozen',
      'deposit.forfeited',
      'listing.approved',
    ]) {
      expect(seen.has(kind), kind).toBe(true);
    }
  });
});
