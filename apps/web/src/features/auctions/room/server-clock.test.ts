import { describe, expect, it } from 'vitest';
import { clockOffset, countdownParts, formatCountdown, secondsLeft } from './server-clock';

describe('the server clock of the room', () => {
  it('takes the offset at the middle of the round trip', () => {
    const sent = Date.parse('2026-05-01T08:00:00.000Z');
    // The server read 08:00:10.100 and the answer took 200 ms there and back: the reader is 10 s behind.
    expect(clockOffset('2026-05-01T08:00:10.100Z', sent, sent + 200)).toBe(10_000);
    expect(clockOffset('not a time', sent, sent)).toBe(0);
  });

  it('counts whole seconds to the end, rounding up, never below zero', () => {
    const now = Date.parse('2026-05-01T08:00:00.000Z');
    expect(secondsLeft('2026-05-01T08:01:00.000Z', now)).toBe(60);
    expect(secondsLeft('2026-05-01T08:00:00.400Z', now)).toBe(1);
    expect(secondsLeft('2026-05-01T07:59:00.000Z', now)).toBe(0);
    expect(secondsLeft(null, now)).toBe(0);
  });

  it('shows hours, minutes and seconds, with days in front when there are any', () => {
    expect(countdownParts(93_784)).toEqual({ days: 1, hours: 2, minutes: 3, seconds: 4 });
    expect(formatCountdown(65, (d) => `${d} 天`)).toBe('00:01:05');
    expect(formatCountdown(2 * 86_400 + 3_661, (d) => `${d} 天`)).toBe('2 天 01:01:01');
  });
});
