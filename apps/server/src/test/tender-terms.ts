import type { TenderSaveBody } from '@portal/contracts/tender-trade';

const HOUR = 3_600_000;

/** A tender of two coal lines, bidding from `now` for two hours, lowest price wins: what tests publish unless they say otherwise. */
export function tenderTerms(now: Date, overrides: Partial<TenderSaveBody> = {}): TenderSaveBody {
  const at = now.getTime();
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
}
