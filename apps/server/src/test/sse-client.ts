import http from 'node:http';

/** One Server-Sent Event as the browser's EventSource would dispatch it. */
export interface SseEvent {
  id?: string;
  event: string;
  data: string;
}

export interface SseStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Every event so far, in arrival order. */
  events: SseEvent[];
  /** Heartbeat and other comment lines so far. */
  comments: string[];
  /** Waits for the first event (from the start) that matches; rejects after timeoutMs. */
  next(match: (e: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** Waits until this many comments arrived. */
  nextComment(count: number, timeoutMs?: number): Promise<void>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  /** The body of a non-stream answer (an error envelope). */
  body(): string;
  close(): void;
}

/**
 * A small SSE client over node:http for tests and the fan-out bench: it parses the wire format
 * (id, event, data, comments) exactly as the spec of EventSource reads it.
 */
export function openSse(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { accept: 'text/event-stream', ...headers }, agent: false }, (res) => {
      res.setEncoding('utf8');
      const events: SseEvent[] = [];
      const comments: string[] = [];
      const waiters = new Set<() => void>();
      let buffer = '';
      let raw = '';
      let current: { id?: string; event?: string; data: string[] } = { data: [] };
      const wake = () => waiters.forEach((w) => w());
      res.on('data', (chunk: string) => {
        raw += chunk;
        buffer += chunk;
        let at: number;
        while ((at = buffer.indexOf('\n')) >= 0) {
          const line = buffer.slice(0, at).replace(/\r$/, '');
          buffer = buffer.slice(at + 1);
          if (line === '') {
            if (current.data.length > 0)
              events.push({
                ...(current.id !== undefined ? { id: current.id } : {}),
                event: current.event ?? 'message',
                data: current.data.join('\n'),
              });
            current = { data: [] };
          } else if (line.startsWith(':')) comments.push(line.slice(1).trim());
          else {
            const colon = line.indexOf(':');
            const field = colon < 0 ? line : line.slice(0, colon);
            const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (field === 'data') current.data.push(value);
            else if (field === 'event') current.event = value;
            else if (field === 'id') current.id = value;
          }
        }
        wake();
      });
      const ended = new Promise<void>((done) => {
        res.on('end', () => done());
        res.on('close', () => done());
        // The server went away mid-stream (killed): the stream ends, as a browser's would.
        res.on('error', () => done());
      });
      const waitFor = <T>(check: () => T | undefined, timeoutMs: number, what: string) =>
        new Promise<T>((ok, fail) => {
          const found = check();
          if (found !== undefined) return ok(found);
          const timer = setTimeout(() => {
            waiters.delete(look);
            fail(new Error(`no ${what} within ${timeoutMs} ms; events: ${JSON.stringify(events)}`));
          }, timeoutMs);
          const look = () => {
            const value = check();
            if (value === undefined) return;
            clearTimeout(timer);
            waiters.delete(look);
            ok(value);
          };
          waiters.add(look);
        });
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        events,
        comments,
        next: (match, timeoutMs = 5000) => waitFor(() => events.find(match), timeoutMs, 'matching event'),
        nextComment: (count, timeoutMs = 5000) =>
          waitFor(() => (comments.length >= count ? true : undefined), timeoutMs, `${count} comments`).then(() => {}),
        ended,
        body: () => raw,
        close: () => {
          request.destroy();
          res.destroy();
        },
      });
    });
    request.on('error', reject);
  });
}
