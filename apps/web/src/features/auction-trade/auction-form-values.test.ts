import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { ManagedAuctionSpace } from '@portal/contracts/auction-trade';
import { formPathOf, reserveProblem, toFormValues, toSaveBody, type SpaceFormValues } from './auction-form-values';

const piece = {
  pieceName: '尿素 500 吨',
  varietyCode: 'Q5500',
  totalWeight: 500,
  statUnit: ' 吨 ',
  basePrice: '2,500.5',
  reservePrice: '',
  openBasePrice: true,
  minBidNum: 50,
  bidStepNum: 10,
  paymentType: 2 as const,
  transportWay: 'B' as const,
  deliveryPlace: ' 天津港 ',
  pictures: [],
};
const values = (mode: number, more: Partial<SpaceFormValues> = {}): SpaceFormValues => ({
  side: mode === 4 || mode === 5 ? 'buy' : 'sell',
  spaceName: ' 第 12 期尿素 ',
  name: '化肥',
  spaceAuctionMode: mode,
  auctionBeginTime: dayjs('2026-05-01T08:00:00.000Z'),
  auctionEndTime: dayjs('2026-05-01T09:00:00.000Z'),
  registrationEndTime: null,
  priceStep: '10',
  deposit: '10,000',
  currency: 'CNY',
  delayWindowSec: 120,
  delaySec: 60,
  scope: 'invited',
  remark: '',
  deliveryPlace: '',
  contactName: '',
  contactPhone: '',
  description: '',
  itemList: [piece],
  ...more,
});

describe('the auction form and the save call', () => {
  it('sends times as UTC, amounts as cents, no reserve as null, and trims the texts', () => {
    const body = toSaveBody(values(1));
    expect(body).toMatchObject({
      spaceName: '第 12 期尿素',
      auctionBeginTime: '2026-05-01T08:00:00.000Z',
      registrationEndTime: undefined,
      priceStep: 1_000,
      deposit: 1_000_000,
      delayWindowSec: 120,
      delaySec: 60,
      scope: 'invited',
    });
    expect(body.itemList[0]).toMatchObject({
      basePrice: 250_050,
      reservePrice: null,
      openBasePrice: 1,
      statUnit: '吨',
      deliveryPlace: '天津港',
    });
  });

  it('sends the bid quantities only in mode 6', () => {
    expect(toSaveBody(values(1)).itemList[0]).toMatchObject({ minBidNum: undefined, bidStepNum: undefined });
    expect(toSaveBody(values(6)).itemList[0]).toMatchObject({ minBidNum: 50, bidStepNum: 10 });
  });

  it('turns anti-sniping off in the sealed modes, where it does not apply', () => {
    expect(toSaveBody(values(2))).toMatchObject({ delayWindowSec: 0, delaySec: 0 });
    expect(toSaveBody(values(5))).toMatchObject({ delayWindowSec: 0, delaySec: 0 });
    expect(toSaveBody(values(4))).toMatchObject({ delayWindowSec: 120, delaySec: 60 });
  });

  it('edits a saved space with the same values it was saved with', () => {
    const saved = {
      spaceId: '41',
      spaceName: '第 12 期尿素',
      name: '化肥',
      spaceAuctionMode: 5,
      auctionBeginTime: '2026-05-01T08:00:00.000Z',
      auctionEndTime: '2026-05-01T09:00:00.000Z',
      registrationEndTime: '2026-05-01T07:30:00.000Z',
      priceStep: 1_000,
      deposit: 0,
      currency: 'CNY',
      delayWindowSec: 0,
      delaySec: 0,
      scope: 'open',
      remark: '',
      deliveryPlace: '',
      description: '',
      contactName: '',
      contactPhone: '',
      itemList: [
        {
          id: '9',
          pieceName: '尿素',
          varietyCode: 'Q5500',
          totalWeight: 500,
          statUnit: '吨',
          basePrice: 250_000,
          reservePrice: 240_000,
          openBasePrice: 0,
          minBidNum: 0,
          bidStepNum: 0,
          paymentType: 1,
          transportWay: 'A',
          deliveryPlace: '天津港',
          pictures: ['f1'],
        },
      ],
    } as unknown as ManagedAuctionSpace;
    const form = toFormValues(saved);
    expect(form).toMatchObject({ side: 'buy', priceStep: '10.00', deposit: '0.00' });
    expect(form.itemList![0]).toMatchObject({ id: '9', basePrice: '2500.00', reservePrice: '2400.00', openBasePrice: false });
    const body = toSaveBody(form as SpaceFormValues, '41');
    expect(body).toMatchObject({ spaceId: '41', registrationEndTime: '2026-05-01T07:30:00.000Z', priceStep: 1_000 });
    expect(body.itemList[0]).toMatchObject({ id: '9', basePrice: 250_000, reservePrice: 240_000, openBasePrice: 0, pictures: ['f1'] });
  });

  it('starts a new space tomorrow at the next full hour, one hour long, with the default anti-sniping', () => {
    const form = toFormValues(null, dayjs('2026-05-01T08:17:00'));
    expect(form.auctionBeginTime!.format('YYYY-MM-DD HH:mm')).toBe('2026-05-02 08:00');
    expect(form.auctionEndTime!.diff(form.auctionBeginTime!, 'minute')).toBe(60);
    expect(form).toMatchObject({ delayWindowSec: 300, delaySec: 300, scope: 'open', side: 'sell' });
  });

  it('places a refusal naming a field where the form shows it', () => {
    expect(formPathOf('itemList.0.basePrice')).toEqual(['itemList', 0, 'basePrice']);
    expect(formPathOf('priceStep')).toEqual(['priceStep']);
    expect(formPathOf(undefined)).toBeNull();
  });

  it('refuses a reserve that could never apply on its side', () => {
    expect(reserveProblem('sell', '2500', '2400')).toBe('belowBase');
    expect(reserveProblem('buy', '2500', '2600')).toBe('aboveBase');
    expect(reserveProblem('sell', '2500', '2600')).toBeNull();
    expect(reserveProblem('sell', '2500', '')).toBeNull();
  });
});
