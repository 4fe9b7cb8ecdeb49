import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createLocalBus, createRedisBus, type ChangeEvent } from './events';

const event = (key: string): ChangeEvent => ({ topic: 'order', key, action: 'placed', companyIds: [1] });

describe('local event bus', () => {
  it('delivers to every listener, keeps going past one that throws, and stops after unsubscribe', () => {
    const failures: unknown[] = [];
    const bus = createLocalBus({ onListenerError: (err) => failures.push(err) });
    const got: string[] = [];
    bus.subscribe(() => {
      throw new Error('a broken page');
    });
    const stop = bus.subscribe((e) => got.push(e.key));
    bus.publish(event('1'));
    stop();
    bus.publish(event('2'));
    expect(got).toEqual(['1']);
    expect(failures).toHaveLength(2);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('Redis event bus', () => {
  it('gives each listener of each server each event once, the publishing server included, in order', async () => {
    const channel = `t_${randomBytes(6).toString('hex')}:events`;
    const [a, b] = [await createRedisBus(redisUrl!, { channel }), await createRedisBus(redisUrl!, { channel })];
    // Another channel's server hears nothing of these.
    const other = await createRedisBus(redisUrl!, { channel: `${channel}:other` });
    try {
      const onA: string[] = [];
      const onB: string[] = [];
      const onOther: string[] = [];
      a.subscribe((e) => onA.push(e.key));
      b.subscribe((e) => onB.push(e.key));
      other.subscribe((e) => onOther.push(e.key));
      for (let i = 0; i < 20; i++) a.publish(event(`a${i}`));
      b.publish(event('b0'));
      // The publisher's own listeners hear it at once, before any network round trip.
      expect(onA.slice(0, 20)).toEqual(Array.from({ length: 20 }, (_, i) => `a${i}`));
      await expect.poll(() => onB.length + onA.length, { timeout: 5000 }).toBe(42);
      expect(onB.filter((k) => k.startsWith('a'))).toEqual(Array.from({ length: 20 }, (_, i) => `a${i}`));
      expect([...onA].sort()).toEqual([...onB].sort());
      expect(new Set(onA).size).toBe(21);
      expect(onOther).toEqual([]);
    } finally {
      await Promise.all([a.close(), b.close(), other.close()]);
    }
  });
});
