import { randomBytes } from 'node:crypto';
import type { ManagedTender, TenderBid, TenderBidSaveBody, TenderSaveBody } from '@portal/contracts/tender-trade';
import { createTestApp } from '../../test/test-app';
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

const HOUR = 3_600_000;

function tenderHelpers(tr: TradingApp, clock: ReturnType<typeof manualClock>) {
  const terms = (overrides: Partial<TenderSaveBody> = {}): TenderSaveBody => {
    const at = clock.now().getTime();
    return {
      tenderName: '2027年电煤采购招标',
      tenderType: 'bidding',
      currency: 'CNY',
      paymentType: 2,
      contactName: '李明',
      contactPhone: '0311-86650001',
      description: '<p>采购电煤</p>',
      bidBeginTime: new Date(at).toISOString(),
      bidEndTime: new Date(at + 2 * HOUR).toISOString(),
      evaluationMethod: 'lowest',
      minValidBids: 3,
      deposit: 0,
      documentFileIds: [],
      lines: [
        {
          goodsName: '动力煤 Q5500',
          specification: '全硫≤0.8%',
          quantity: 1000,
          unit: '吨',
          deliveryPlace: '河北石家庄',
          deliveryDate: '2027-08-01',
        },
        { goodsName: '动力煤 Q5000', specification: '', quantity: 500, unit: '吨', deliveryPlace: '河北唐山', deliveryDate: '2027-09-01' },
      ],
      ...overrides,
    };
  };
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
  return { terms, published, bid, advance, detail };
}
