import { describe, expect, it } from 'vitest';
import { nextPage } from './enterprise-list';

describe('enterprise rotation', () => {
  it('moves to the next page and wraps to page 1 after the last', () => {
    expect(nextPage(1, 10, 6)).toBe(2);
    expect(nextPage(2, 10, 6)).toBe(1);
    expect(nextPage(1, 12, 6)).toBe(2);
    expect(nextPage(2, 12, 6)).toBe(1);
    expect(nextPage(1, 6, 6)).toBe(1);
  });
});
