import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPeriodic } from './periodic';

afterEach(() => {
  vi.useRealTimers();
});

describe('periodic tasks', () => {
  it('run nothing before start, then at once and every interval; a round never overlaps the last', async () => {
    vi.useFakeTimers();
    const periodic = createPeriodic();
    const rounds: number[] = [];
    let release: (() => void) | null = null;
    periodic.every('slow', 1000, async () => {
      rounds.push(Date.now());
      // The second round hangs until released.
      if (rounds.length === 2) await new Promise<void>((resolve) => (release = resolve));
    });
    await vi.advanceTimersByTimeAsync(5000);
    expect(rounds).toHaveLength(0);

    const start = Date.now();
    periodic.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(rounds).toEqual([start]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(rounds).toEqual([start, start + 1000]);
    // While the second hangs no third starts; the next comes an interval after it ends.
    await vi.advanceTimersByTimeAsync(5000);
    expect(rounds).toHaveLength(2);
    release!();
    await vi.advanceTimersByTimeAsync(1000);
    expect(rounds).toEqual([start, start + 1000, start + 7000]);

    await periodic.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(rounds).toHaveLength(3);
  });

  it('runs a task now on request, reports a failing round and keeps its schedule', async () => {
    vi.useFakeTimers();
    const failures: string[] = [];
    const periodic = createPeriodic({ onError: (err, name) => failures.push(`${name}: ${(err as Error).message}`) });
    let n = 0;
    periodic.every('flaky', 1000, async () => {
      n++;
      if (n === 1) throw new Error('database away');
    });
    periodic.every('manual', 0, async () => {
      n += 100;
    });
    periodic.start();
    await vi.advanceTimersByTimeAsync(2000);
    expect(failures).toEqual(['flaky: database away']);
    expect(n).toBe(3);
    // An interval of 0 never runs on its own, only when asked.
    await periodic.runNow('manual');
    expect(n).toBe(103);
    await expect(periodic.runNow('absent')).rejects.toThrow(/no task absent/);
    await periodic.stop();
  });
});
