import { describe, expect, it } from 'vitest';
import {
  acceptableLimit,
  allocate,
  chainDigest,
  closeOutcome,
  GENESIS_DIGEST,
  meetsLimit,
  onStep,
  quantityAllowed,
  type RuleBid,
} from './auction-rules';

const bid = (id: number, price: number, quantityMilli = 1000, companyId = id): RuleBid => ({
  id,
  companyId,
  seq: id,
  price,
  quantityMilli,
});

describe('auction rules', () => {
  it('prices are the start price plus (sell) or minus (buy) whole steps', () => {
    expect(onStep(1, 60_000, 60_000, 1_000)).toBe(true);
    expect(onStep(1, 61_500, 60_000, 1_000)).toBe(false);
    expect(onStep(1, 59_000, 60_000, 1_000)).toBe(false);
    expect(onStep(4, 59_000, 60_000, 1_000)).toBe(true);
    expect(onStep(5, 61_000, 60_000, 1_000)).toBe(false);
  });

  it('the limit now: best ± step in public modes, own bid ± step in free modes, own price in mode 6', () => {
    const terms = { base: 60_000, step: 1_000 };
    expect(acceptableLimit(1, terms, null, null)).toBe(60_000);
    expect(acceptableLimit(1, terms, 63_000, null)).toBe(64_000);
    expect(acceptableLimit(4, terms, 58_000, null)).toBe(57_000);
    expect(acceptableLimit(2, terms, null, 62_000)).toBe(63_000);
    expect(acceptableLimit(5, terms, null, 58_000)).toBe(57_000);
    expect(acceptableLimit(6, terms, null, 62_000)).toBe(62_000);
    expect(meetsLimit(4, 57_000, 57_000)).toBe(true);
    expect(meetsLimit(4, 58_000, 57_000)).toBe(false);
  });

  it('mode 6 quantities: the minimum plus whole steps, at most the total', () => {
    const piece = { minMilli: 20_000, stepMilli: 10_000, totalMilli: 100_000 };
    expect(quantityAllowed(20_000, piece)).toBe(true);
    expect(quantityAllowed(25_000, piece)).toBe(false);
    expect(quantityAllowed(110_000, piece)).toBe(false);
    expect(quantityAllowed(35_500, { ...piece, stepMilli: 0 })).toBe(true);
  });

  it('mode 6 fills by price, then seq; the last fill may be partial', () => {
    const a = allocate([bid(1, 61_000, 40_000), bid(2, 62_000, 50_000), bid(3, 61_000, 30_000)], 100_000);
    expect([...a.fills]).toEqual([
      [2, 50_000],
      [1, 40_000],
      [3, 10_000],
    ]);
    expect(a.clearingPrice).toBe(61_000);
  });

  it('closes: ties to the earlier seq, the reserve sends the piece to the owner, no bids is unsold', () => {
    expect(closeOutcome(2, [bid(1, 62_000), bid(2, 62_000)], { totalMilli: 1000, reserve: null }).winners[0]!.bidId).toBe(1);
    expect(closeOutcome(1, [bid(1, 60_000)], { totalMilli: 1000, reserve: 61_000 }).tradeStatus).toBe(4);
    expect(closeOutcome(4, [bid(1, 62_000)], { totalMilli: 1000, reserve: 61_000 }).tradeStatus).toBe(4);
    expect(closeOutcome(4, [bid(1, 60_000)], { totalMilli: 1000, reserve: 61_000 }).tradeStatus).toBe(1);
    expect(closeOutcome(1, [], { totalMilli: 1000, reserve: null }).tradeStatus).toBe(2);
    expect(closeOutcome(6, [bid(1, 60_000, 300)], { totalMilli: 1000, reserve: null })).toMatchObject({ tradeStatus: 3, dealMilli: 300 });
    expect(closeOutcome(6, [bid(1, 60_000, 300)], { totalMilli: 1000, reserve: 61_000 }).tradeStatus).toBe(4);
  });

  it('a digest depends on the one before it and on every field of the bid', () => {
    const content = {
      spaceId: 1,
      pieceId: 2,
      seq: 1,
      companyId: 3,
      aliasNo: 1,
      price: 60_000,
      quantityMilli: 1000,
      at: '2027-01-01T00:00:00.000Z',
      requestId: 'r-00000001',
    };
    const first = chainDigest(GENESIS_DIGEST, content);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(chainDigest(GENESIS_DIGEST, { ...content, price: 60_001 })).not.toBe(first);
    expect(chainDigest(first, content)).not.toBe(first);
  });
});
