import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Reader } from '@portal/contracts/reader';
import { messageEndpoints, STREAM_EVENTS, type ChangeNotice } from '@portal/contracts/messages';
import type { ChangeEvent, EventBus } from '../../platform/events';
import type { StreamMeter } from '../../platform/metrics';
import { AppError } from '../../platform/errors';
import type { AccessDeps } from '../../platform/http';
import { readerOf } from '../../platform/i18n';
import type { Sessions } from '../../platform/sessions';
import { addUnder, createSseHub, lastEventIdOf, removeUnder } from '../../platform/sse';
import { MESSAGE_TOPIC, rendered, type MessagesService, type StoredMessage } from './messages.service';

/** Most missed messages one resume sends; older ones stay in the message list. */
const RESUME_LIMIT = 500;
/** How long the browser waits before reconnecting after the stream ends. */
const RETRY_MS = 3000;

/** One open stream: whom it serves and where it writes. */
interface Connection {
  userId: number;
  companyId: number | null;
  tokenHash: string;
  reader: Reader;
  res: ServerResponse;
  /** Message ids already sent during the resume, so the live copy of one is not sent twice. */
  replayed: Set<string> | null;
  /** Events that arrived while the resume read the database; sent after it, in order. */
  waiting: ChangeEvent[] | null;
  close(): void;
}

export interface StreamOptions {
  heartbeatMs: number;
}

/**
 * The live half of the message centre: GET /omc/api/message/stream. One subscription to the event
 * bus serves every stream of this server; an event goes only to the streams of the users and
 * companies it names (no per-stream database polling). A stream sends its headers at once,
 * `message` events with the message id as the event id (a reconnect's Last-Event-ID replays what
 * came after it, in order), `change` events for the order, listing and deposit changes of the
 * user's company, and a heartbeat comment that also ends the stream once its session has ended.
 */
export function createMessageStreams(deps: {
  events: EventBus;
  messages: MessagesService;
  sessions: Sessions;
  options: StreamOptions;
  meter?: StreamMeter;
}) {
  const { events, messages, sessions, options } = deps;
  const byUser = new Map<number, Set<Connection>>();
  const byCompany = new Map<number, Set<Connection>>();
  const hub = createSseHub<Connection>({
    heartbeatMs: options.heartbeatMs,
    retryMs: RETRY_MS,
    meter: deps.meter,
    // A logged-out, kicked, expired or locked session's streams end (one look per session); the
    // browser's next call learns why.
    afterHeartbeat(all) {
      const bySession = new Map<string, Connection[]>();
      for (const c of all) {
        const same = bySession.get(c.tokenHash);
        if (same) same.push(c);
        else bySession.set(c.tokenHash, [c]);
      }
      for (const [tokenHash, streams] of bySession) {
        sessions.isLive(tokenHash).then(
          (live) => live || streams.forEach((c) => c.close()),
          () => {},
        );
      }
    },
  });
  const { meter, write } = hub;

  const messageFrame = (m: StoredMessage, reader: Reader) =>
    `id: ${m.id}\nevent: ${STREAM_EVENTS.message}\ndata: ${JSON.stringify(rendered(m, reader))}\n\n`;
  const changeFrame = (e: ChangeEvent) => {
    const notice: ChangeNotice = { topic: e.topic, key: e.key, action: e.action };
    return `event: ${STREAM_EVENTS.change}\ndata: ${JSON.stringify(notice)}\n\n`;
  };

  /**
   * What one stream does with one event it concerns. `frames` keeps the text of this event per
   * reader (language and zone), so a thousand streams of one event render and serialise it once per reader.
   */
  const deliver = (c: Connection, e: ChangeEvent, frames: Map<string, string> = new Map()) => {
    if (c.waiting) {
      c.waiting.push(e);
      return;
    }
    if (e.topic === MESSAGE_TOPIC) {
      const message = e.data?.message as StoredMessage | undefined;
      if (!message || message.userId !== c.userId || c.replayed?.has(message.id)) return;
      const readerKey = `${c.reader.lang} ${c.reader.timeZone}`;
      let frame = frames.get(readerKey);
      if (frame === undefined) frames.set(readerKey, (frame = messageFrame(message, c.reader)));
      write(c, frame);
    } else {
      let frame = frames.get('change');
      if (frame === undefined) frames.set('change', (frame = changeFrame(e)));
      write(c, frame);
    }
  };

  const unsubscribe = events.subscribe((e) => {
    const targets = new Set<Connection>();
    for (const userId of e.userIds ?? []) for (const c of byUser.get(userId) ?? []) targets.add(c);
    // Messages are personal: a company-wide notice arrives as one message per user.
    if (e.topic !== MESSAGE_TOPIC)
      for (const companyId of e.companyIds ?? []) for (const c of byCompany.get(companyId) ?? []) targets.add(c);
    const frames = new Map<string, string>();
    for (const c of targets) deliver(c, e, frames);
  });

  return {
    register(app: FastifyInstance, access: AccessDeps): void {
      const endpoint = messageEndpoints.stream;
      const options = { schema: { summary: endpoint.summary }, exposeHeadRoute: false, config: { eventStream: true } };
      app.get(endpoint.path, options, async (request, reply) => {
        // The same gate as every session endpoint, before anything is sent.
        const session = request.session;
        if (!session) throw new AppError(request.sessionError ?? 'PLEASE_LOGIN');
        if (session.locked) throw new AppError('SCREEN_LOCKED');
        const granted = await access.permissionsOf(session.userId);
        if (!granted.has(endpoint.access.permission)) throw new AppError('NO_PERMISSION');
        const companyId = await messages.companyOf(session.userId);
        const lastEventId = lastEventIdOf(request);

        const c = hub.open(
          request,
          reply,
          (res, close) => ({
            userId: session.userId,
            companyId,
            tokenHash: session.tokenHash,
            reader: readerOf(request),
            res,
            replayed: null,
            waiting: lastEventId === null ? null : [],
            close,
          }),
          (gone) => {
            removeUnder(byUser, gone.userId, gone);
            if (gone.companyId !== null) removeUnder(byCompany, gone.companyId, gone);
          },
        );
        addUnder(byUser, c.userId, c);
        if (companyId !== null) addUnder(byCompany, companyId, c);

        if (lastEventId !== null) {
          meter.resumed();
          // Listening began before this read, so nothing falls between the two; what came in
          // meanwhile is sent after the replay, skipping messages the replay already sent.
          try {
            const missed = await messages.after(c.userId, lastEventId, RESUME_LIMIT);
            c.replayed = new Set(missed.map((m) => m.id));
            for (const m of missed) write(c, messageFrame(m, c.reader));
          } catch (err) {
            request.log.error({ err }, 'message stream resume failed');
            c.close();
            return;
          }
          const waiting = c.waiting ?? [];
          c.waiting = null;
          for (const e of waiting) deliver(c, e);
        }
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
export type MessageStreams = ReturnType<typeof createMessageStreams>;
