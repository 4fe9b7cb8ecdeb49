import { describe, expect, it } from 'vitest';
import { reactionOf } from './client';

describe('reactions to refusals', () => {
  it.each([
    ['-101', 'invalid'],
    ['9006', 'invalid'],
    ['-100', 'invalid'],
    ['9007', 'invalid'],
    ['-103', 'invalid'],
    ['9005', 'invalid'],
    ['9004', 'invalid'],
    ['-5', 'locked'],
    ['173302', 'silent'],
    ['173303', 'silent'],
    ['-1', 'notice'],
    ['111000', 'error'],
    ['9008', 'error'],
    ['9011', 'error'],
    ['100007', 'error'],
    ['-106', 'other'],
    ['-107', 'other'],
    ['-102', 'other'],
    ['-104', 'other'],
    ['network', 'other'],
  ])('%s -> %s', (code, kind) => {
    expect(reactionOf(code)).toBe(kind);
  });
});
