import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { auctionEndpoints } from '@portal/contracts/auctions';
import { cmsEndpoints } from '@portal/contracts/cms';
import { commtradeEndpoints } from '@portal/contracts/commtrade';
import type { Endpoint } from '@portal/contracts/endpoint';
import { listingEndpoints } from '@portal/contracts/listings';
import { tenderEndpoints } from '@portal/contracts/tenders';
import { compress, sendCompressed, type Encoding } from './compression';
import type { ChangeEvent, EventBus } from './events';

/**
 * The portal's public calls whose answer is the same for every visitor: the listing market, the
 * auction list, the tender hall, their details, content and reference data. A signed-in caller is
 * never answered from the cache (what one person may see is not kept for another).
 */
export const PUBLIC_CACHED: readonly Endpoint[] = [
  listingEndpoints.portalSalePage,
  listingEndpoints.portalListingDetail,
  auctionEndpoints.buyerPageNoLogin,
  auctionEndpoints.spaceDetailNoLogin,
  tenderEndpoints.biddingPageForCommon,
  tenderEndpoints.tenderDetailForCommon,
  ...Object.values(cmsEndpoints).filter((e) => e.access === 'public'),
  ...Object.values(commtradeEndpoints).filter((e) => e.access === 'public'),
];

/**
 * Topics whose changes no public answer shows: a company's messages and deposit balances. Every
 * other topic (listings, orders taking stock, auctions, tenders, content, anything added later)
 * clears the cache, so a new kind of change is correct before anyone thinks of it.
 */
const PRIVATE_TOPICS = new Set(['message', 'deposit']);

/** A kept answer: the envelope's bytes, their tag, and their compressed copies made on first use. */
export interface CachedAnswer {
  body: Buffer;
  etag: string;
  at: number;
  encoded: Partial<Record<Encoding, Buffer>>;
}

export interface PublicCacheOptions {
  enabled: boolean;
  /** How long an answer is kept; the backstop for changes that publish no event (time passing). */
  ttlMs: number;
  /** Answers kept at most (the least recently stored dropped first). */
  maxEntries?: number;
  now?: () => number;
}

/** Requests whose body is longer than this are not looked up by their raw text. */
const MAX_RAW_KEY = 2048;

/**
 * Short-lived copies of public answers (decision 160). An answer is kept under its normalised
 * request (path, language, the validated body and query) and found again by the request as it
 * came (so a repeated request skips validation too). Every change event that can touch a public
 * answer empties it on every server (the bus crosses servers), and nothing lives longer than
 * `ttlMs`; an answer computed while a change committed is not kept (the generation moved on).
 */
export function createPublicCache(opts: PublicCacheOptions) {
  const now = opts.now ?? Date.now;
  const max = opts.maxEntries ?? 5000;
  const cachedPaths = new Set(PUBLIC_CACHED.flatMap((e) => [e.path, ...(e.aliases ?? [])]));
  const entries = new Map<string, CachedAnswer>();
  const aliases = new Map<string, string>();
  const inflight = new Map<string, Promise<CachedAnswer>>();
  let generation = 0;

  const clear = () => {
    generation++;
    entries.clear();
    aliases.clear();
  };

  const fresh = (entry: CachedAnswer | undefined) => (entry && now() - entry.at < opts.ttlMs ? entry : undefined);

  const rawKeyOf = (request: FastifyRequest, lang: string): string | null => {
    const body = request.body === undefined ? '' : JSON.stringify(request.body);
    return body.length > MAX_RAW_KEY ? null : `${request.method} ${request.url} ${lang} ${body}`;
  };

  return {
    enabled: opts.enabled,

    /** Whether answers of this endpoint are kept (for anonymous callers). */
    covers: (endpoint: Endpoint) => opts.enabled && cachedPaths.has(endpoint.path),

    /** Listens to the bus (every server's changes): a change that can show in a public answer empties the cache. */
    follow: (events: EventBus) =>
      events.subscribe((e: ChangeEvent) => {
        if (!PRIVATE_TOPICS.has(e.topic)) clear();
      }),

    clear,

    /** The kept answer for a request as it came, if any. */
    byRaw(request: FastifyRequest, lang: string): CachedAnswer | undefined {
      const raw = rawKeyOf(request, lang);
      const key = raw === null ? undefined : aliases.get(raw);
      return key === undefined ? undefined : fresh(entries.get(key));
    },

    /** The kept answer for a normalised request; remembers the request as it came as leading to it. */
    byKey(request: FastifyRequest, lang: string, key: string): CachedAnswer | undefined {
      const entry = fresh(entries.get(key));
      const raw = entry && rawKeyOf(request, lang);
      if (raw) aliases.set(raw, key);
      return entry;
    },

    /**
     * The kept answer for a normalised request, or the one being computed for it, or a new one from
     * `compute`. Requests that miss together wait for one computation (when a copy expires under
     * load, one request reads the database, not fifty); a request that came after a change never
     * joins a computation that started before it.
     */
    answer(request: FastifyRequest, lang: string, key: string, compute: () => Promise<Buffer>): CachedAnswer | Promise<CachedAnswer> {
      const kept = this.byKey(request, lang, key);
      if (kept) return kept;
      const flightKey = `${generation} ${key}`;
      let flight = inflight.get(flightKey);
      if (!flight) {
        const since = generation;
        flight = compute()
          .then((body) => this.store(request, lang, key, body, since))
          .finally(() => inflight.delete(flightKey));
        inflight.set(flightKey, flight);
      }
      return flight;
    },

    /** Keeps an answer computed since `since` (a generation), unless a change came in between. */
    store(request: FastifyRequest, lang: string, key: string, body: Buffer, since: number): CachedAnswer {
      const entry: CachedAnswer = { body, etag: etagOf(body), at: now(), encoded: {} };
      if (since !== generation) return entry;
      if (entries.size >= max) {
        entries.clear();
        aliases.clear();
      }
      entries.set(key, entry);
      const raw = rawKeyOf(request, lang);
      if (raw) aliases.set(raw, key);
      return entry;
    },

    size: () => entries.size,
  };
}
export type PublicCache = ReturnType<typeof createPublicCache>;

/** A weak tag: the same bytes before encoding, whichever encoding carries them. */
const etagOf = (body: Buffer) => `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;

const matches = (header: string | undefined, etag: string) =>
  header !== undefined && (header === etag || header.split(',').some((t) => t.trim() === etag || t.trim() === '*'));

/**
 * Sends a kept answer: 304 to a GET whose If-None-Match names it, otherwise its bytes, encoded
 * once per encoding and kept encoded. Browsers keep the answer and ask again each time (no-cache);
 * shared caches never keep it (private), because the same address answers signed-in callers too.
 */
export function sendCachedAnswer(request: FastifyRequest, reply: FastifyReply, entry: CachedAnswer): FastifyReply {
  reply.header('etag', entry.etag).header('cache-control', 'private, no-cache');
  if ((request.method === 'GET' || request.method === 'HEAD') && matches(request.headers['if-none-match'], entry.etag)) {
    return reply.code(304).send();
  }
  reply.type('application/json; charset=utf-8');
  return sendCompressed(request, reply, entry.body, (e) => (entry.encoded[e] ??= compress(entry.body, e)));
}
