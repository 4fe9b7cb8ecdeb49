import { describe, expect, it } from 'vitest';
import { createLocalBus } from '../../platform/events';
import { createPermissionCache, PERMISSIONS_KEPT_MS } from './permission-cache';

function setup() {
  const bus = createLocalBus();
  const granted = new Map<number, string[]>([[7, ['auction:bid']]]);
  let reads = 0;
  let at = 1_000;
  let pending: (() => void) | null = null;
  let holdReads = false;
  const read = async (userId: number) => {
    reads += 1;
    const answer = [...(granted.get(userId) ?? [])];
    if (holdReads) await new Promise<void>((resolve) => (pending = resolve));
    return answer;
  };
  const cache = createPermissionCache(read, bus, { now: () => at });
  return {
    bus,
    cache,
    granted,
    reads: () => reads,
    advance: (ms: number) => (at += ms),
    hold: (on: boolean) => (holdReads = on),
    release: () => pending?.(),
  };
}

describe('permission cache', () => {
  it('reads a user once and answers from memory until a role or user change arrives', async () => {
    const s = setup();
    expect([...(await s.cache.permissionsOf(7))]).toEqual(['auction:bid']);
    await s.cache.permissionsOf(7);
    expect(s.reads()).toBe(1);
    // Changes elsewhere keep it.
    s.bus.publish({ topic: 'listing', key: '1', action: 'update' });
    await s.cache.permissionsOf(7);
    expect(s.reads()).toBe(1);
    // A role's change forgets every user at once: the revoked permission is gone on the next call.
    s.granted.set(7, []);
    s.bus.publish({ topic: 'roles', key: '2', action: 'update' });
    expect(await s.cache.permissionsOf(7)).toEqual(new Set());
    await s.cache.permissionsOf(7);
    expect(s.reads()).toBe(2);
    s.granted.set(7, ['auction:bid']);
    s.bus.publish({ topic: 'users', key: '7', action: 'update' });
    expect((await s.cache.permissionsOf(7)).has('auction:bid')).toBe(true);
    expect(s.reads()).toBe(3);
  });

  it('keeps a user no longer than its limit, should a change never be announced', async () => {
    const s = setup();
    await s.cache.permissionsOf(7);
    s.advance(PERMISSIONS_KEPT_MS - 1);
    await s.cache.permissionsOf(7);
    expect(s.reads()).toBe(1);
    s.advance(1);
    await s.cache.permissionsOf(7);
    expect(s.reads()).toBe(2);
  });

  it('does not keep a read that was under way when a change arrived', async () => {
    const s = setup();
    s.hold(true);
    const underWay = s.cache.permissionsOf(7);
    s.granted.set(7, []);
    s.bus.publish({ topic: 'roles', key: '2', action: 'update' });
    s.release();
    expect((await underWay).has('auction:bid')).toBe(true);
    s.hold(false);
    // The next call reads again and sees the change.
    expect((await s.cache.permissionsOf(7)).size).toBe(0);
    expect(s.reads()).toBe(2);
  });
});
