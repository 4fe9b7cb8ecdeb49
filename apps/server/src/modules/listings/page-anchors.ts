import type { SortKey } from './listings.repo';

/**
 * Remembered positions inside one ordered result ("stream": a filter set plus its order). Entry k
 * is the key of row (k + 1) * block - 1, so a page deep in the result starts from the nearest entry
 * and skips fewer than `block` index entries, instead of skipping everything before it.
 *
 * Entries are keys, not offsets: when rows are added or removed the pages shift by the number of
 * changed rows before them, which is what a person paging a live market sees anyway. Streams expire
 * after `ttlMs` and the least recently used ones are dropped beyond `maxStreams`.
 */
export interface PageAnchors {
  readonly block: number;
  /** The nearest remembered entry at or before `offset`: its position and key (null: the start). */
  nearest(stream: string, offset: number): { position: number; key: SortKey | null };
  /** Remembers the key of the row at `position` (a multiple of block, minus one). */
  remember(stream: string, position: number, key: SortKey): void;
  clear(): void;
}

export function createPageAnchors(opts: { block: number; maxStreams: number; ttlMs: number; now?: () => number }): PageAnchors {
  const now = opts.now ?? Date.now;
  const streams = new Map<string, { keys: SortKey[]; createdAt: number }>();

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
      let entry = get(stream);
      if (!entry) {
        entry = { keys: [], createdAt: now() };
        streams.set(stream, entry);
        if (streams.size > opts.maxStreams) streams.delete(streams.keys().next().value!);
      }
      entry.keys[k] = key;
    },
    clear() {
      streams.clear();
    },
  };
}
