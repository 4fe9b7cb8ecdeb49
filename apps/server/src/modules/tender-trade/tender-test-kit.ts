import { randomBytes } from 'node:crypto';
import type { ManagedTender, TenderBid, TenderBidSaveBody, TenderSaveBody } from '@portal/contracts/tender-trade';
import { createTestApp } from '../../test/test-app';
import { tenderTerms } from '../../test/tender-terms';
import { manualClock, withTraders, type Trader, type TradingApp } from '../../test/trading';

/** A tender test app: the demo traders signed in, a hand-moved clock and a sealing key of its own. */
export async function createTenderApp(env: Record<string, string> = {}) {
  const clock = manualClock();
  const key = randomBytes(32).toString('base64');
  const t = await createTestApp({ TENDER_SEAL_KEY: key, ...env }, { now: clock.now });
  const trading = await withTraders(t, ['admin', 'buyer01', 'buyer02', 'supplier01', 'supplier02', 'supplier03']);
  return { ...trading, clock, key, ...tenderHelpers(trading, clock) };
}
export type TenderApp = Awaited<ReturnType<typeof createTenderApp>>;

function tenderHelpers(tr: TradingApp, clock: ReturnType<typeof manualClock>) {
  const terms = (overrides: Partial<TenderSaveBody> = {}): TenderSaveBody => tenderTerms(clock.now(), overrides);
  /** A published tender of buyer01. */
  const published = async (overrides: Partial<TenderSaveBody> = {}, who: Trader = 'buyer01'): Promise<ManagedTender> => {
    const draft = await tr.ok<ManagedTender>(who, '/purchase/ws/tender/save', terms(overrides));
    return tr.ok<ManagedTender>(who, '/purchase/ws/tender/publish', { id: draft.id });
  };
  const bid = (who: Trader, tenderId: string, unitPrices: number[], extra: Partial<TenderBidSaveBody> = {}) =>
    tr.ok<TenderBid>(who, '/purchase/ws/tenderBid/save', {
      tenderId,
      lines: unitPrices.map((unitPrice, index) => ({
        lineNo: index + 1,
        unitPrice,
        quantity: index === 0 ? 1000 : 500,
        deliveryDate: '2027-07-20',
      })),
      remark: '含税含运费',
      fileIds: [],
      ...extra,
    });
  /** Moves the clock and runs the jobs due then. */
  const advance = async (hours: number) => {
    clock.advanceHours(hours);
    await tr.t.app.live.scheduler.runDue();
  };
  const detail = (id: string, who: Trader = 'buyer01') => tr.ok<ManagedTender>(who, '/purchase/ws/tender/detail', { id });
  /** The messages of one kind a person received, with their parameters as stored. */
  const messagesOf = (account: string, kind: string) =>
    tr.database.db
      .selectFrom('messages as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.id', 'm.params_json'])
      .where('u.account', '=', account)
      .where('m.kind', '=', kind)
      .execute();
  return { terms, published, bid, advance, detail, messagesOf };
}
