import { afterAll, afterEach, beforeAll } from 'vitest';
import type { ContractDetail } from '@portal/contracts/contracts';
import type { Order } from '@portal/contracts/orders';
import { expectDepositsConsistent } from '../../test/deposits';
import { envelope } from '../../test/test-app';
import { createTradingApp, manualClock, type Trader, type TradingApp } from '../../test/trading';

/** The contracts' calls live under this path. */
export const C = '/commtrade/ws/contract';
export const O = '/commtrade/ws/order';

/**
 * One trading app for a test file of the contracts module, on the controllable clock, with the
 * payment gate on and the first buyer's deposit account filled; after each test the deposit
 * ledger must still add up. The helpers read the app the hooks made, so they are called inside tests.
 */
export function contractsTestKit() {
  const clock = manualClock();
  let a: TradingApp;
  beforeAll(async () => {
    a = await createTradingApp({
      now: clock.now,
      env: { CONTRACT_PAYMENT_GATE: 'on', SMS_PER_NUMBER_HOUR: '1000', SMS_PER_NUMBER_DAY: '1000' },
    });
    await a.credit('buyer01', 100_000_000);
  });
  afterEach(async () => {
    await expectDepositsConsistent(a.database);
  });
  afterAll(async () => {
    await a.close();
  });

  const mobileOf = async (who: Trader) =>
    (await a.database.db.selectFrom('users').select('mobile').where('account', '=', who).executeTakeFirstOrThrow()).mobile!;

  /** A fresh code to the signer's own mobile, read from the test outbox (the resend interval is the real clock's, so it is reset). */
  async function code(who: Trader, contractNo: string): Promise<string> {
    const mobile = await mobileOf(who);
    await a.kv.del(`sms-resend:${mobile}`);
    await a.ok(who, `${C}/sendCode`, { contractNo });
    const sent = envelope(await a.app.inject({ method: 'GET', url: `/dev/sms-outbox?mobile=${mobile}` })).data as { code: string }[];
    return sent[0]!.code;
  }

  return {
    clock,
    code,
    app: () => a,
    /** A listing order of buyer01 confirmed by supplier01: its contract is opened, its PDF not yet rendered. */
    async confirmedOrder(quantity = 10, terms: Record<string, unknown> = {}): Promise<Order> {
      const listing = await a.listingOnSale('supplier01', { objListingNum: 100, ...terms });
      const order = await a.place('buyer01', listing.tradeListingCode, quantity);
      return a.ok<Order>('supplier01', `${O}/confirm`, { orderNo: order.orderNo });
    },
    contractOf: (who: Trader, orderNo: string) => a.ok<ContractDetail | null>(who, `${C}/ofOrder`, { orderNo }),
    detail: (who: Trader, contractNo: string) => a.ok<ContractDetail>(who, `${C}/detail`, { contractNo }),
    order: (who: Trader, orderNo: string) => a.ok<Order>(who, `${O}/detail`, { orderNo }),
    sign: async (who: Trader, contractNo: string): Promise<ContractDetail> =>
      a.ok<ContractDetail>(who, `${C}/sign`, { contractNo, code: await code(who, contractNo) }),
    pdf: (who: Trader, contractNo: string) =>
      a.app.inject({ method: 'GET', url: `${C}/pdf?contractNo=${contractNo}`, headers: { token: a.tokens[who] } }),
    messageKinds: async (who: Trader) =>
      (
        await a.ok<{ items: { kind: string; link: { query?: Record<string, string> } }[] }>(who, '/omc/api/message/page', {
          pageNo: 1,
          pageSize: 50,
        })
      ).items,
    cny: async (who: Trader) =>
      (await a.ok<{ currency: string; frozen: number; balance: number }[]>(who, '/commtrade/ws/deposit/account')).find(
        (x) => x.currency === 'CNY',
      ),
  };
}
