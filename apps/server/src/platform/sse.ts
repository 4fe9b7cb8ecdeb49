import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isComment, NO_METER, type StreamMeter } from './metrics';

/**
 * Server-sent event streams, one hub per kind (the message centre, the auction rooms): the hub
 * holds this server's open streams, opens a stream on a request, writes to it, drops a client
 * that stops reading, and sends the heartbeat comment. What a stream carries is its module's.
 */

/** A client that stops reading is dropped once this much waits for it (it resumes with Last-Event-ID). */
const MAX_BUFFERED_BYTES = 1 << 20;

/** One open stream as the hub knows it; a module's connection adds whom it serves. */
export interface SseClient {
  res: ServerResponse;
  close(): void;
}

/** The Last-Event-ID a reconnecting browser sends (or `lastEventId` in the query, for clients that cannot set headers). */
export function lastEventIdOf(request: FastifyRequest): number | null {
  const header = request.headers['last-event-id'];
  const query = (request.query as Record<string, unknown> | undefined)?.lastEventId;
  const raw = typeof header === 'string' ? header : typeof query === 'string' ? query : '';
  return /^\d{1,12}$/.test(raw.trim()) ? Number(raw.trim()) : null;
}

/** Adds a stream to the set kept under `key`. */
export function addUnder<K, C>(map: Map<K, Set<C>>, key: K, c: C): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(c);
}

/** Removes a stream from the set kept under `key`, and the set once it is empty. */
export function removeUnder<K, C>(map: Map<K, Set<C>>, key: K, c: C): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(c);
  if (set.size === 0) map.delete(key);
}

export function createSseHub<C extends SseClient>(options: {
  heartbeatMs: number;
  /** How long the browser waits before reconnecting after the stream ends. */
  retryMs: number;
  meter?: StreamMeter;
  /** Runs after each heartbeat, with every open stream (to end those whose session ended, say). */
  afterHeartbeat?: (all: ReadonlySet<C>) => void;
}) {
  const meter = options.meter ?? NO_METER;
  const all = new Set<C>();

  const write = (c: C, text: string) => {
    if (c.res.writableEnded) return;
    c.res.write(text);
    if (!isComment(text)) meter.sent();
    if (c.res.writableLength > MAX_BUFFERED_BYTES) c.close();
  };

  const heartbeat = setInterval(() => {
    for (const c of all) write(c, ': heartbeat\n\n');
    options.afterHeartbeat?.(all);
  }, options.heartbeatMs);
  heartbeat.unref();

  return {
    meter,
    write,
    /**
     * Takes the request over: sends the stream's headers at once (before anything is read), then
     * keeps the connection `make` builds until the client leaves or the stream is closed;
     * `forget` runs once on close, to remove it from the module's own indexes.
     */
    open(request: FastifyRequest, reply: FastifyReply, make: (res: ServerResponse, close: () => void) => C, forget: (c: C) => void): C {
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // Proxies (nginx) would otherwise hold the events back in their buffers.
        'x-accel-buffering': 'no',
      });
      res.write(`retry: ${options.retryMs}\n: connected\n\n`);
      let closed = false;
      const close = () => {
        if (closed) return;
        closed = true;
        all.delete(c);
        forget(c);
        if (!res.writableEnded) res.end();
      };
      const c = make(res, close);
      all.add(c);
      request.raw.on('close', close);
      res.on('error', close);
      return c;
    },
    /** Streams open on this server (tests, the fan-out bench). */
    count: () => all.size,
    close() {
      clearInterval(heartbeat);
      for (const c of [...all]) c.close();
    },
  };
}
