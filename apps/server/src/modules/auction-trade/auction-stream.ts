import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AUCTION_STREAM_EVENTS } from '@portal/contracts/auction-trade';
import { auctionTradeEndpoints } from '@portal/contracts/auction-trade';
import type { ChangeEvent, EventBus } from '../../platform/events';
import { invalidField } from '../../platform/errors';
import type { AuctionBiddingService } from './auction-bidding.service';
import { AUCTION_TOPIC } from './auction-spaces.service';

/** Most missed bids one resume sends; a client further behind reloads the room. */
const RESUME_LIMIT = 5000;
/** A client that stops reading is dropped once this much waits for it (it resumes with Last-Event-ID). */
const MAX_BUFFERED_BYTES = 1 << 20;
/** How long the browser waits before reconnecting after the stream ends. */
const RETRY_MS = 2000;

/** The bus actions a room stream passes on, by the event name it sends. */
const ROOM_ACTIONS: Record<string, keyof typeof AUCTION_STREAM_EVENTS> = {
  bid: 'bid',
  extended: 'extended',
  status: 'status',
  result: 'result',
};

interface Connection {
  spaceId: number;
  res: ServerResponse;
  /** Events that arrived while the resume read the database; sent after it. */
  waiting: ChangeEvent[] | null;
  /** The last bid seq sent, so a live copy of a replayed bid is not sent twice. */
  lastSeq: number;
  close(): void;
}

/**
 * The live half of a room: GET /auction/ws/auctionSpaceInfo/stream?spaceId=. One subscription to
 * the event bus serves every room stream of this server; an event is serialised once and written
 * to the streams of its space. What the events carry is public (aliases, never company names;
 * sealed modes without prices), so every watcher of a space gets the same frames. A stream sends
 * its headers at once, `bid` events with their seq as the event id (Last-Event-ID resumes after
 * it, then one `status`), `extended`, `status`, `result`, and a heartbeat comment.
 */
export function createAuctionStreams(deps: { events: EventBus; bidding: AuctionBiddingService; heartbeatMs: number; now: () => Date }) {
  const { events, bidding, now } = deps;
  const bySpace = new Map<number, Set<Connection>>();
  const all = new Set<Connection>();

  const write = (c: Connection, text: string) => {
    if (c.res.writableEnded) return;
    c.res.write(text);
    if (c.res.writableLength > MAX_BUFFERED_BYTES) c.close();
  };

  function frameOf(e: ChangeEvent): { text: string; seq: number | null } | null {
    const name = ROOM_ACTIONS[e.action];
    if (!name) return null;
    const data = name === 'status' ? { ...e.data, serverTime: now().toISOString() } : e.data;
    if (name === 'bid') {
      const seq = Number(e.data?.seq);
      return { text: `id: ${seq}\nevent: bid\ndata: ${JSON.stringify(data)}\n\n`, seq };
    }
    return { text: `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`, seq: null };
  }

  const deliver = (c: Connection, frame: { text: string; seq: number | null }) => {
    if (frame.seq !== null) {
      if (frame.seq <= c.lastSeq) return;
      c.lastSeq = frame.seq;
    }
    write(c, frame.text);
  };

  const unsubscribe = events.subscribe((e) => {
    if (e.topic !== AUCTION_TOPIC) return;
    const streams = bySpace.get(Number(e.key));
    if (!streams || streams.size === 0) return;
    const frame = frameOf(e);
    if (!frame) return;
    for (const c of streams) {
      if (c.waiting) c.waiting.push(e);
      else deliver(c, frame);
    }
  });

  const lastEventIdOf = (request: FastifyRequest): number | null => {
    const header = request.headers['last-event-id'];
    const query = (request.query as Record<string, unknown> | undefined)?.lastEventId;
    const raw = typeof header === 'string' ? header : typeof query === 'string' ? query : '';
    return /^\d{1,12}$/.test(raw.trim()) ? Number(raw.trim()) : null;
  };

  const heartbeat = setInterval(() => {
    for (const c of all) write(c, ': heartbeat\n\n');
  }, deps.heartbeatMs);
  heartbeat.unref();

  return {
    register(app: FastifyInstance): void {
      const endpoint = auctionTradeEndpoints.stream;
      app.get(endpoint.path, { schema: { summary: endpoint.summary }, exposeHeadRoute: false }, async (request, reply) => {
        const raw = (request.query as Record<string, unknown> | undefined)?.spaceId;
        const parsed = endpoint.query.safeParse({ spaceId: typeof raw === 'string' ? raw : undefined });
        if (!parsed.success) throw invalidField('spaceId', parsed.error.issues[0]?.message ?? 'invalidFormat');
        const spaceId = Number(parsed.data.spaceId);
        // The same visibility as the room: a space the caller may not see answers 404 before anything is sent.
        await bidding.streamAccess(request.session?.userId ?? null, spaceId);
        const lastEventId = lastEventIdOf(request);

        reply.hijack();
        const res = reply.raw;
        res.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
        });
        res.write(`retry: ${RETRY_MS}\n: connected\n\n`);

        let closed = false;
        const c: Connection = {
          spaceId,
          res,
          waiting: lastEventId === null ? null : [],
          lastSeq: lastEventId ?? 0,
          close() {
            if (closed) return;
            closed = true;
            all.delete(c);
            const set = bySpace.get(spaceId);
            set?.delete(c);
            if (set?.size === 0) bySpace.delete(spaceId);
            if (!res.writableEnded) res.end();
          },
        };
        all.add(c);
        let set = bySpace.get(spaceId);
        if (!set) bySpace.set(spaceId, (set = new Set()));
        set.add(c);
        request.raw.on('close', () => c.close());
        res.on('error', () => c.close());

        if (lastEventId !== null) {
          // Listening began before this read, so nothing falls between the two.
          try {
            const missed = await bidding.missed(spaceId, lastEventId, RESUME_LIMIT);
            for (const bid of missed.bids)
              deliver(c, { text: `id: ${bid.seq}\nevent: bid\ndata: ${JSON.stringify(bid)}\n\n`, seq: bid.seq });
            write(c, `event: status\ndata: ${JSON.stringify(missed.status)}\n\n`);
          } catch (err) {
            request.log.error({ err }, 'auction stream resume failed');
            c.close();
            return;
          }
          const waiting = c.waiting ?? [];
          c.waiting = null;
          for (const e of waiting) {
            const frame = frameOf(e);
            if (frame) deliver(c, frame);
          }
        }
      });
    },
    /** Streams open on this server (tests, the fan-out bench). */
    count: () => all.size,
    close() {
      clearInterval(heartbeat);
      unsubscribe();
      for (const c of [...all]) c.close();
    },
  };
}
export type AuctionStreams = ReturnType<typeof createAuctionStreams>;
