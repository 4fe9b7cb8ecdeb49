import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { AUCTION_STREAM_EVENTS } from '@portal/contracts/auction-trade';
import { auctionTradeEndpoints } from '@portal/contracts/auction-trade';
import type { ChangeEvent, EventBus } from '../../platform/events';
import { invalidField } from '../../platform/errors';
import type { StreamMeter } from '../../platform/metrics';
import { addUnder, createSseHub, lastEventIdOf, removeUnder } from '../../platform/sse';
import type { AuctionBiddingService } from './bidding';
import { AUCTION_TOPIC } from './spaces';

/** Most missed bids one resume sends; a client further behind reloads the room. */
const RESUME_LIMIT = 5000;
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
  /** Whether lastSeq is where the client stands (it said so, or a bid was sent): only then is a gap one. */
  placed: boolean;
  close(): void;
}

/**
 * The live half of a room: GET /auction/ws/auctionSpaceInfo/stream?spaceId=. One subscription to
 * the event bus serves every room stream of this server; an event is serialised once and written
 * to the streams of its space. What the events carry is public (aliases, never company names;
 * sealed modes without prices), so every watcher of a space gets the same frames. A stream sends
 * its headers at once, `bid` events with their seq as the event id (Last-Event-ID resumes after
 * it, then one `status`; a live bid that skips a seq fills the gap from the database first),
 * `extended`, `status`, `result`, and a heartbeat comment.
 */
export function createAuctionStreams(deps: {
  events: EventBus;
  bidding: AuctionBiddingService;
  heartbeatMs: number;
  now: () => Date;
  onError?: (err: unknown) => void;
  meter?: StreamMeter;
}) {
  const { events, bidding, now } = deps;
  const onResumeError = deps.onError ?? (() => {});
  const bySpace = new Map<number, Set<Connection>>();
  const hub = createSseHub<Connection>({ heartbeatMs: deps.heartbeatMs, retryMs: RETRY_MS, meter: deps.meter });
  const { meter, write } = hub;

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
      c.placed = true;
    }
    write(c, frame.text);
  };

  /**
   * Sends what the database holds after `c.lastSeq` (the bids, then the space's status), then the
   * events that arrived meanwhile. Used when a client resumes with Last-Event-ID, and when a live
   * bid skips a seq: the server that accepted the one between stopped before announcing it.
   */
  async function resume(c: Connection, onError: (err: unknown) => void): Promise<void> {
    try {
      const missed = await bidding.missed(c.spaceId, c.lastSeq, RESUME_LIMIT);
      for (const bid of missed.bids) deliver(c, { text: `id: ${bid.seq}\nevent: bid\ndata: ${JSON.stringify(bid)}\n\n`, seq: bid.seq });
      write(c, `event: status\ndata: ${JSON.stringify(missed.status)}\n\n`);
    } catch (err) {
      onError(err);
      c.close();
      return;
    }
    const waiting = c.waiting ?? [];
    c.waiting = null;
    for (const e of waiting) offer(c, e);
  }

  /** An event for one stream: sent, held while a resume reads, or the start of a resume when it skips a bid. */
  function offer(c: Connection, e: ChangeEvent): void {
    if (c.waiting) {
      c.waiting.push(e);
      return;
    }
    const frame = frameOf(e);
    if (!frame) return;
    if (frame.seq !== null && c.placed && frame.seq > c.lastSeq + 1) {
      c.waiting = [e];
      void resume(c, (err) => onResumeError(err));
      return;
    }
    deliver(c, frame);
  }

  const unsubscribe = events.subscribe((e) => {
    if (e.topic !== AUCTION_TOPIC) return;
    const streams = bySpace.get(Number(e.key));
    if (!streams || streams.size === 0) return;
    for (const c of streams) offer(c, e);
  });

  return {
    register(app: FastifyInstance): void {
      const endpoint = auctionTradeEndpoints.stream;
      const options = { schema: { summary: endpoint.summary }, exposeHeadRoute: false, config: { eventStream: true } };
      app.get(endpoint.path, options, async (request, reply) => {
        const raw = (request.query as Record<string, unknown> | undefined)?.spaceId;
        const parsed = endpoint.query.safeParse({ spaceId: typeof raw === 'string' ? raw : undefined });
        if (!parsed.success) throw invalidField('spaceId', parsed.error.issues[0]?.message ?? 'invalidFormat');
        const spaceId = Number(parsed.data.spaceId);
        // The same visibility as the room: a space the caller may not see answers 404 before anything is sent.
        await bidding.streamAccess(request.session?.userId ?? null, spaceId);
        const lastEventId = lastEventIdOf(request);

        const c = hub.open(
          request,
          reply,
          (res, close) => ({
            spaceId,
            res,
            waiting: lastEventId === null ? null : [],
            lastSeq: lastEventId ?? 0,
            placed: lastEventId !== null,
            close,
          }),
          (gone) => removeUnder(bySpace, gone.spaceId, gone),
        );
        addUnder(bySpace, spaceId, c);

        // Listening began before this read, so nothing falls between the two.
        if (lastEventId !== null) meter.resumed();
        if (lastEventId !== null) await resume(c, (err) => request.log.error({ err }, 'auction stream resume failed'));
      });
    },
    /** Streams open on this server (tests, the fan-out bench). */
    count: hub.count,
    close() {
      unsubscribe();
      hub.close();
    },
  };
}
export type AuctionStreams = ReturnType<typeof createAuctionStreams>;
