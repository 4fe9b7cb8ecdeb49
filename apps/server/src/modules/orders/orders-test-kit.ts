import { afterAll, afterEach, beforeAll } from 'vitest';
import type { DepositAccount } from '@portal/contracts/deposits';
import type { Order } from '@portal/contracts/orders';
import { expectDepositsConsistent } from '../../test/deposits';
import { createTradingApp, manualClock, type Trader, type TradingApp } from '../../test/trading';

/** The orders' calls live under this path. */
export const O = '/commtrade/ws/order';

/**
 * One trading app for a test file of the orders module, on the controllable clock, with the
 * first buyer's deposit account filled; after each test the deposit ledger must still add up.
 * The helpers read the app the hooks made, so they are called inside tests only.
 */
export function ordersTestKit() {
  const clock = manualClock();
  let a: TradingApp;
  beforeAll(async () => {
    a = await createTradingApp({ now: clock.now });
    await a.credit('buyer01', 100_000_000);
  });
  afterEach(async () => {
    await expectDepositsConsistent(a.database);
  });
  afterAll(async () => {
    await a.close();
  });

  const count = async (table: 'orders' | 'order_events' | 'operation_log' | 'deposit_entries' | 'messages') =>
    Number(
      (
        await a.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    clock,
    app: () => a,
    act: (who: Trader, action: string, orderNo: string, extra: Record<string, unknown> = {}) =>
      a.ok<Order>(who, `${O}/${action}`, { orderNo, ...extra }),
    detail: (who: Trader, orderNo: string) => a.ok<Order>(who, `${O}/detail`, { orderNo }),
    listingRow: (id: string) =>
      a.database.db.selectFrom('listings').select(['obj_state', 'surplus_milli']).where('id', '=', Number(id)).executeTakeFirstOrThrow(),
    count,
    snapshotCounts: async () => ({
      orders: await count('orders'),
      events: await count('order_events'),
      log: await count('operation_log'),
      ledger: await count('deposit_entries'),
      messages: await count('messages'),
    }),
    cny: async (who: Trader) => (await a.ok<DepositAccount[]>(who, '/commtrade/ws/deposit/account')).find((x) => x.currency === 'CNY'),
    messageKinds: async (who: Trader) =>
      (
        await a.ok<{ items: { kind: string; link: { query?: Record<string, string> } }[] }>(who, '/omc/api/message/page', {
          pageNo: 1,
          pageSize: 50,
        })
      ).items,
    pendingJobs: (key: string) =>
      a.database.db.selectFrom('scheduled_jobs').select(['kind', 'run_at']).where('key', '=', key).where('state', '=', 'pending').execute(),
  };
}
