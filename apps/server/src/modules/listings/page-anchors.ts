import type { SortKey } from './listings.repo';

/** A filter's number of matches; `capped`: counting stopped at the cap, there are more. */
export interface StreamTotal {
  n: number;
  capped: boolean;
}

/**
 * Remembered positions inside one ordered result ("stream": a filter set plus its order). Entry k
 * is the key of row (k + 1) * block - 1, so a page deep in the result starts from the nearest entry
 * and skips fewer than `block` index entries, instead of skipping everything before it.
 *
 * Entries are keys, not offsets: when rows are added or removed the pages shift by the number of
 * changed rows before them, which is what a person paging a live market sees anyway. Streams expire
 * after `ttlMs` and the least recently used ones are dropped beyond `maxStreams`.
 *
 * Under a key of its own (the filter without an order), a filter keeps the total its last answer
 * had: a hint for planning the next read (which end to start from, which index), checked against
 * the total that read returns.
 */
export interface PageAnchors {
  readonly block: number;
  /** The nearest remembered entry at or before `offset`: its position and key (null: the start). */
  nearest(stream: string, offset: number): { position: number; key: SortKey | null };
  /** Remembers the key of the row at `position` (a multiple of block, minus one). */
  remember(stream: string, position: number, key: SortKey): void;
  /** The total last remembered under this key, if any. */
  totalOf(stream: string): StreamTotal | undefined;
  rememberTotal(stream: string, total: StreamTotal): void;
  clear(): void;
}

export function createPageAnchors(opts: { block: number; maxStreams: number; ttlMs: number; now?: () => number }): PageAnchors {
  const now = opts.now ?? Date.now;
  const streams = new Map<string, { keys: SortKey[]; total?: StreamTotal; createdAt: number }>();

  const get = (stream: string) => {
    const entry = streams.get(stream);
    if (!entry) return undefined;
    if (now() - entry.createdAt > opts.ttlMs) {
      streams.delete(stream);
      return undefined;
    }
    // Map order is insertion order: re-inserting marks the stream as recently used.
    streams.delete(stream);
    streams.set(stream, entry);
    return entry;
  };

  const entryOf = (stream: string) => {
    let entry = get(stream);
    if (!entry) {
      entry = { keys: [], createdAt: now() };
      streams.set(stream, entry);
      if (streams.size > opts.maxStreams) streams.delete(streams.keys().next().value!);
    }
    return entry;
  };

  return {
    block: opts.block,
    nearest(stream, offset) {
      const keys = get(stream)?.keys ?? [];
      // Entries are filled in order, so the first gap ends the usable run.
      let k = Math.min(Math.floor(offset / opts.block), keys.length) - 1;
      while (k >= 0 && !keys[k]) k--;
      return k < 0 ? { position: 0, key: null } : { position: (k + 1) * opts.block, key: keys[k]! };
    },
    remember(stream, position, key) {
      const k = (position + 1) / opts.block - 1;
      if (!Number.isInteger(k) || k < 0) return;
      entryOf(stream).keys[k] = key;
    },
    totalOf(stream) {
      return get(stream)?.total;
    },
    rememberTotal(stream, total) {
      entryOf(stream).total = total;
    },
    clear() {
      streams.clear();
    },
  };
}
