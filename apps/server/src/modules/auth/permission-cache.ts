import type { EventBus } from '../../platform/events';

/**
 * The topics of the changes that can change what a user may do: a role's permissions (the roles
 * editor) and a user's roles (the users editor). Both publish on the event bus after they commit.
 */
const GRANT_TOPICS = new Set(['roles', 'users']);

/** How long a user's permissions are kept at most, should a change's event never arrive. */
export const PERMISSIONS_KEPT_MS = 5_000;

/**
 * Every guarded request asks for the caller's permissions; reading them from the database each
 * time cost a round trip per request. They are kept per user in this process and forgotten, all at
 * once, the moment any server commits a change to roles or users: a revoked permission stops
 * working on the next request, here and (through the bus) on every other server. Should an event
 * be lost, a kept set lives PERMISSIONS_KEPT_MS at most. A read that was under way while a change
 * arrived is answered but not kept, so it cannot bring the old permissions back.
 */
export function createPermissionCache(
  read: (userId: number) => Promise<string[]>,
  events: EventBus,
  opts: { keptMs?: number; now?: () => number } = {},
) {
  const keptMs = opts.keptMs ?? PERMISSIONS_KEPT_MS;
  const clock = opts.now ?? Date.now;
  const kept = new Map<number, { granted: Set<string>; until: number }>();
  let generation = 0;
  const forgetAll = () => {
    generation += 1;
    kept.clear();
  };
  const stop = events.subscribe((e) => {
    if (GRANT_TOPICS.has(e.topic)) forgetAll();
  });
  return {
    async permissionsOf(userId: number): Promise<Set<string>> {
      const entry = kept.get(userId);
      if (entry && entry.until > clock()) return entry.granted;
      const startedIn = generation;
      const granted = new Set(await read(userId));
      if (startedIn === generation) {
        if (kept.size >= 10_000) kept.clear();
        kept.set(userId, { granted, until: clock() + keptMs });
      }
      return granted;
    },
    forgetAll,
    stop,
  };
}
