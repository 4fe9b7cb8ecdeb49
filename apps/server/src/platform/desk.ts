/** Lets the requests already read from the network reach a desk (or a shared lookup) before the database is asked. */
export const afterThisRound = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A request waiting at a desk, with the way to answer it. */
export type Waiting<I, A> = I & { resolve: (answer: A) => void; reject: (err: unknown) => void };

/**
 * Decides one batch and answers each of its requests. `held` is called once the batch holds what
 * it decides under (a row's lock): the next batch may then start and wait for that hold in the
 * database instead of on this server.
 */
export type DecideBatch<K, I, A> = (key: K, batch: Waiting<I, A>[], held: () => void) => Promise<void>;

/**
 * Desks, one per key (an auction space, a listing) on this server: requests that passed the checks
 * needing no lock wait at their key's desk and are decided together, a batch of at most `max` in
 * one transaction, so the key's lock is held for a handful of statements per batch instead of a
 * round of statements per request, and a key takes at most two pool connections per server (the
 * batch holding it and the next, waiting for the hold). A closed desk opens after the requests
 * already read from the network have had their turn: on SQLite a batch runs start to finish
 * without giving way, so a desk opened at once would decide one request per transaction (and pay
 * one commit each) however many were waiting.
 */
export function createDesks<K, I, A>(decide: DecideBatch<K, I, A>, max: number) {
  interface Desk {
    queue: Waiting<I, A>[];
    /** Set while the desk waits for its batches with nobody waiting: an arrival wakes it. */
    arrived?: () => void;
  }
  const desks = new Map<K, Desk>();

  /**
   * Decides batches until nobody waits and none is under way. The next batch starts as soon as
   * the one before holds the key: its transaction then waits for the hold in the database and
   * takes it the moment the one before commits, instead of starting only after this server has
   * learnt of the commit. Batches still decide one after the other, in the order they hold the
   * key. The desk closes in the same tick as the last batch ends with nobody waiting.
   */
  async function drain(key: K, desk: Desk): Promise<void> {
    const running = new Set<Promise<void>>();
    for (;;) {
      if (desk.queue.length === 0) {
        if (running.size === 0) break;
        await Promise.race([...running, new Promise<void>((resolve) => (desk.arrived = resolve))]);
        desk.arrived = undefined;
        if (desk.queue.length > 0) await afterThisRound();
        continue;
      }
      let held!: () => void;
      const holding = new Promise<void>((resolve) => (held = resolve));
      const run: Promise<void> = decide(key, desk.queue.splice(0, max), held).finally(() => running.delete(run));
      running.add(run);
      await Promise.race([holding, run]);
    }
    desks.delete(key);
  }

  return {
    /** Waits at `key`'s desk; answers what the batch decided for this request. */
    atDesk(key: K, request: I): Promise<A> {
      return new Promise<A>((resolve, reject) => {
        const waiting = { ...request, resolve, reject } as Waiting<I, A>;
        const open = desks.get(key);
        if (open) {
          open.queue.push(waiting);
          open.arrived?.();
          return;
        }
        const desk: Desk = { queue: [waiting] };
        desks.set(key, desk);
        void afterThisRound().then(() => drain(key, desk));
      });
    },
  };
}
