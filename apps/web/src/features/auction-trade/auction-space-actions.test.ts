import { describe, expect, it } from 'vitest';
import { operatorSpaceActions } from './auction-review-page';
import { ownerSpaceActions } from './my-auctions-page';

const pieces = (...tradeStatus: number[]) => tradeStatus.map((s) => ({ tradeStatus: s })) as never;

describe('what each side may do with a space', () => {
  it('lets the owner edit and submit only drafts and rejected spaces, and withdraw from draft to approved', () => {
    expect(ownerSpaceActions({ spaceStatus: 0, itemList: pieces(0) })).toMatchObject({
      edit: true,
      submit: true,
      withdraw: true,
      room: false,
    });
    expect(ownerSpaceActions({ spaceStatus: 3, itemList: pieces(0) })).toMatchObject({ edit: true, submit: true, withdraw: false });
    expect(ownerSpaceActions({ spaceStatus: 2, itemList: pieces(0) })).toMatchObject({ edit: false, withdraw: true, room: true });
    expect(ownerSpaceActions({ spaceStatus: 4, itemList: pieces(0) })).toMatchObject({ edit: false, withdraw: false, room: true });
  });

  it('asks the owner to decide only when a piece ended below the reserve', () => {
    expect(ownerSpaceActions({ spaceStatus: 7, itemList: pieces(1, 4) }).decide).toBe(true);
    expect(ownerSpaceActions({ spaceStatus: 7, itemList: pieces(1, 2) }).decide).toBe(false);
  });

  it('lets the operator review pending spaces, suspend approved or running ones, and resume or end suspended ones', () => {
    expect(operatorSpaceActions({ spaceStatus: 1, suspended: false })).toEqual({
      review: true,
      suspend: false,
      resume: false,
      terminate: false,
    });
    expect(operatorSpaceActions({ spaceStatus: 2, suspended: false })).toEqual({
      review: false,
      suspend: true,
      resume: false,
      terminate: false,
    });
    expect(operatorSpaceActions({ spaceStatus: 4, suspended: true })).toEqual({
      review: false,
      suspend: false,
      resume: true,
      terminate: true,
    });
    expect(operatorSpaceActions({ spaceStatus: 7, suspended: false })).toEqual({
      review: false,
      suspend: false,
      resume: false,
      terminate: false,
    });
  });
});
