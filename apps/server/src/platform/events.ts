import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

/**
 * A change that committed: streams, caches and other servers react to it. Events carry wire ids
 * and who is concerned, never the whole record; a listener that needs more reads it again.
 */
export interface ChangeEvent {
  /** 'order' | 'listing' | 'deposit' | 'message' | ... */
  topic: string;
  /** The record's wire id (orderNo, listing id, message id ...). */
  key: string;
  /** 'placed', 'confirmed', 'credited', ... */
  action: string;
  /** companies.id whose users are concerned. */
  companyIds?: number[];
  /** users.id concerned directly. */
  userIds?: number[];
  data?: Record<string, unknown>;
  /** The request that caused the change (its X-Request-Id), so what follows from it can be traced. */
  requestId?: string;
  /**
   * When another server published it (its clock, epoch milliseconds): set by the bus on the events
   * that came through Redis, absent on this server's own. Tells how late they arrive, and which
   * changes this server made itself.
   */
  sentAt?: number;
}

export type ChangeListener = (e: ChangeEvent) => void;

/**
 * Delivers every published event to every listener of every server, once. Publishing is
 * fire-and-forget: the change it announces has already committed.
 */
export interface EventBus {
  publish(e: ChangeEvent): void;
  /** Adds a listener; the answer removes it. */
  subscribe(fn: ChangeListener): () => void;
  close(): Promise<void>;
}

/** The listeners of one process. A listener that throws does not keep the event from the others. */
function createListeners(onListenerError: (err: unknown, e?: ChangeEvent) => void) {
  const listeners = new Set<ChangeListener>();
  return {
    add(fn: ChangeListener) {
      listeners.add(fn);
      return () => void listeners.delete(fn);
    },
    deliver(e: ChangeEvent) {
      for (const fn of listeners) {
        try {
          fn(e);
        } catch (err) {
          onListenerError(err, e);
        }
      }
    },
    clear: () => listeners.clear(),
  };
}

/** One server: events go straight to this process's listeners. */
export function createLocalBus(opts: { onListenerError?: (err: unknown, e?: ChangeEvent) => void } = {}): EventBus {
  const listeners = createListeners(opts.onListenerError ?? (() => {}));
  return {
    publish: (e) => listeners.deliver(e),
    subscribe: (fn) => listeners.add(fn),
    async close() {
      listeners.clear();
    },
  };
}

/** What travels through Redis: the event, the server that published it and when. */
interface Envelope {
  origin: string;
  event: ChangeEvent;
  /** Epoch milliseconds on the publisher's clock. */
  at: number;
}

/**
 * Several servers: an event is delivered to this process's listeners at once and sent through
 * Redis pub/sub on `channel` (the installation's own: Redis shares channels across its database
 * numbers); each server delivers what the others sent. A server ignores its own
 * echo, so its listeners get each event exactly once, and a Redis outage delays only the other
 * servers' copies (pub/sub keeps nothing: a server that was disconnected misses what was sent
 * meanwhile, which is why streams resume from the database, not from the bus).
 */
export async function createRedisBus(
  url: string,
  opts: { channel: string; onError?: (err: unknown, e?: ChangeEvent) => void },
): Promise<EventBus> {
  const channel = opts.channel;
  const onError = opts.onError ?? (() => {});
  const origin = randomUUID();
  const listeners = createListeners(onError);
  // A connection in subscriber mode cannot publish, so there are two.
  // The events of one commit (a batch of bids) go to Redis in one write instead of one each.
  const publisher = new Redis(url, { maxRetriesPerRequest: 2, enableAutoPipelining: true });
  const subscriber = new Redis(url, { maxRetriesPerRequest: null });
  publisher.on('error', onError);
  subscriber.on('error', onError);
  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(text) as Envelope;
    } catch (err) {
      onError(err);
      return;
    }
    if (envelope.origin !== origin) listeners.deliver({ ...envelope.event, sentAt: envelope.at });
  });
  await subscriber.subscribe(channel);
  return {
    publish(e) {
      listeners.deliver(e);
      publisher.publish(channel, JSON.stringify({ origin, event: e, at: Date.now() } satisfies Envelope)).catch(onError);
    },
    subscribe: (fn) => listeners.add(fn),
    async close() {
      listeners.clear();
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}
