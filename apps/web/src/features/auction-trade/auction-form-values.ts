import dayjs, { type Dayjs } from 'dayjs';
import type { AuctionSpaceSaveBody, ManagedAuctionSpace } from '@portal/contracts/auction-trade';
import { centsOf } from '../../shared/money-input';

/** Sell-side modes (the owner sells; bidders raise) and buy-side modes (the owner buys; bidders lower). */
export const SELL_MODES = [1, 2, 6] as const;
export const BUY_MODES = [4, 5] as const;
export type AuctionSideChoice = 'sell' | 'buy';

/** Anti-sniping moves an end only in the modes where everyone sees the best price or the clearing price. */
export const EXTENDING_MODES = [1, 4, 6];

export interface PieceFormValues {
  id?: string;
  pieceName: string;
  varietyCode: string;
  totalWeight: number;
  statUnit?: string;
  /** Typed in currency units; sent as cents. */
  basePrice: string;
  /** Empty: no reserve. */
  reservePrice?: string | null;
  openBasePrice: boolean;
  minBidNum?: number | null;
  bidStepNum?: number | null;
  paymentType: 1 | 2;
  transportWay: 'A' | 'B';
  deliveryPlace: string;
  pictures: string[];
}

export interface SpaceFormValues {
  side: AuctionSideChoice;
  spaceName: string;
  name: string;
  spaceAuctionMode: number;
  auctionBeginTime: Dayjs;
  auctionEndTime: Dayjs;
  registrationEndTime?: Dayjs | null;
  priceStep: string;
  deposit: string;
  currency: 'CNY' | 'USD' | 'HKD';
  delayWindowSec: number;
  delaySec: number;
  scope: 'open' | 'invited';
  remark: string;
  deliveryPlace: string;
  contactName: string;
  contactPhone: string;
  description: string;
  itemList: PieceFormValues[];
}

const units = (cents: number | null) => (cents === null ? null : (cents / 100).toFixed(2));

/** A new piece's defaults. */
export function newPiece(): Partial<PieceFormValues> {
  return { openBasePrice: true, paymentType: 2, transportWay: 'B', pictures: [], reservePrice: null };
}

/** The form's values for a space being edited, or the defaults of a new one starting tomorrow at the next full hour. */
export function toFormValues(space: ManagedAuctionSpace | null, now: Dayjs = dayjs()): Partial<SpaceFormValues> {
  if (!space) {
    const begin = now.add(1, 'day').startOf('hour');
    return {
      side: 'sell',
      spaceAuctionMode: 1,
      auctionBeginTime: begin,
      auctionEndTime: begin.add(1, 'hour'),
      registrationEndTime: null,
      deposit: '0.00',
      currency: 'CNY',
      delayWindowSec: 300,
      delaySec: 300,
      scope: 'open',
      remark: '',
      deliveryPlace: '',
      contactName: '',
      contactPhone: '',
      description: '',
      itemList: [newPiece() as PieceFormValues],
    };
  }
  return {
    side: space.spaceAuctionMode === 4 || space.spaceAuctionMode === 5 ? 'buy' : 'sell',
    spaceName: space.spaceName,
    name: space.name,
    spaceAuctionMode: space.spaceAuctionMode,
    auctionBeginTime: dayjs(space.auctionBeginTime),
    auctionEndTime: dayjs(space.auctionEndTime),
    registrationEndTime:
      space.registrationEndTime && space.registrationEndTime !== space.auctionBeginTime ? dayjs(space.registrationEndTime) : null,
    priceStep: units(space.priceStep) ?? '',
    deposit: units(space.deposit) ?? '0.00',
    currency: space.currency as SpaceFormValues['currency'],
    delayWindowSec: space.delayWindowSec,
    delaySec: space.delaySec,
    scope: space.scope,
    remark: space.remark,
    deliveryPlace: space.deliveryPlace,
    contactName: space.contactName,
    contactPhone: space.contactPhone,
    description: space.description,
    itemList: space.itemList.map((p) => ({
      id: p.id,
      pieceName: p.pieceName,
      varietyCode: p.varietyCode,
      totalWeight: p.totalWeight,
      statUnit: p.statUnit,
      basePrice: units(p.basePrice) ?? '',
      reservePrice: units(p.reservePrice),
      openBasePrice: p.openBasePrice === 1,
      minBidNum: p.minBidNum || null,
      bidStepNum: p.bidStepNum || null,
      paymentType: p.paymentType as 1 | 2,
      transportWay: p.transportWay as 'A' | 'B',
      deliveryPlace: p.deliveryPlace,
      pictures: p.pictures,
    })),
  };
}

/**
 * The save call's body: times as ISO UTC, amounts typed in currency units as cents, mode 6's
 * quantities only in mode 6, an empty reserve as none, and anti-sniping only where it applies.
 */
export function toSaveBody(values: SpaceFormValues, spaceId?: string): AuctionSpaceSaveBody {
  const mode = values.spaceAuctionMode;
  const extending = EXTENDING_MODES.includes(mode);
  return {
    spaceId,
    spaceName: values.spaceName.trim(),
    name: values.name.trim(),
    spaceAuctionMode: mode,
    auctionBeginTime: values.auctionBeginTime.toISOString(),
    auctionEndTime: values.auctionEndTime.toISOString(),
    registrationEndTime: values.registrationEndTime ? values.registrationEndTime.toISOString() : undefined,
    priceStep: centsOf(values.priceStep) ?? 0,
    deposit: centsOf(values.deposit) ?? 0,
    currency: values.currency,
    delayWindowSec: extending ? values.delayWindowSec : 0,
    delaySec: extending ? values.delaySec : 0,
    scope: values.scope,
    remark: values.remark?.trim() ?? '',
    deliveryPlace: values.deliveryPlace?.trim() ?? '',
    description: values.description ?? '',
    contactName: values.contactName?.trim() ?? '',
    contactPhone: values.contactPhone?.trim() ?? '',
    itemList: values.itemList.map((p) => ({
      id: p.id,
      pieceName: p.pieceName.trim(),
      varietyCode: p.varietyCode,
      totalWeight: p.totalWeight,
      statUnit: p.statUnit?.trim() || undefined,
      basePrice: centsOf(p.basePrice) ?? 0,
      reservePrice: p.reservePrice ? centsOf(p.reservePrice) : null,
      openBasePrice: p.openBasePrice ? 1 : 0,
      minBidNum: mode === 6 ? (p.minBidNum ?? undefined) : undefined,
      bidStepNum: mode === 6 ? (p.bidStepNum ?? 0) : undefined,
      paymentType: p.paymentType,
      transportWay: p.transportWay,
      deliveryPlace: p.deliveryPlace.trim(),
      pictures: p.pictures ?? [],
    })),
  };
}

/** Where a refusal naming a field of the save call ("itemList.0.basePrice") is shown in the form. */
export function formPathOf(field: string | undefined): (string | number)[] | null {
  if (!field) return null;
  const path = field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
  return path.length > 0 && typeof path[0] === 'string' ? path : null;
}

/**
 * A reserve that could never bite is a typing mistake: on the sell side it is a floor, so below the
 * start price every bid already clears it; on the buy side a ceiling, so above it.
 */
export function reserveProblem(
  side: AuctionSideChoice,
  basePrice: string,
  reservePrice: string | null | undefined,
): 'belowBase' | 'aboveBase' | null {
  const base = centsOf(basePrice);
  const reserve = reservePrice ? centsOf(reservePrice) : null;
  if (base === null || reserve === null) return null;
  if (side === 'sell' && reserve < base) return 'belowBase';
  if (side === 'buy' && reserve > base) return 'aboveBase';
  return null;
}
