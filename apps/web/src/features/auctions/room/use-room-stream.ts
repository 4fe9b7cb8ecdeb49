import { useEffect, useRef, useState } from 'react';

/** Where a room's changes are pushed (Server-Sent Events); public spaces may be watched signed out. */
export const ROOM_STREAM_PATH = '/auction/ws/auctionSpaceInfo/stream';
export const ROOM_EVENTS = ['bid', 'extended', 'status', 'result'] as const;
export type RoomEventName = (typeof ROOM_EVENTS)[number];
export type RoomStreamStatus = 'connecting' | 'open' | 'reconnecting';

/** Waits before opening a stream the server closed for good: doubling from 1 s up to 15 s. */
const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 15_000;

export interface RoomStreamHandlers {
  /** One event with its parsed body and, for bids, its seq (the SSE id). */
  onEvent: (name: RoomEventName, data: unknown, id: string) => void;
  /**
   * The stream is open again after a break: what happened meanwhile may be more than the replay
   * brings (the server closed the stream, so the browser's Last-Event-ID was lost), so the room is
   * read again.
   */
  onResync: () => void;
}

/**
 * Keeps the room's stream open while the page shows. The browser reconnects by itself and sends
 * Last-Event-ID, and the server replays every bid after it in order followed by one status event;
 * a stream the server ended is opened again after a pause. Either way the room is read again once
 * the stream is back.
 */
export function useRoomStream(spaceId: string | null, handlers: RoomStreamHandlers): RoomStreamStatus {
  const [status, setStatus] = useState<RoomStreamStatus>('connecting');
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    if (!spaceId || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let delay = RETRY_FIRST_MS;
    let broken = false;
    let stopped = false;
    const open = () => {
      source = new EventSource(`${ROOM_STREAM_PATH}?spaceId=${encodeURIComponent(spaceId)}`, { withCredentials: true });
      source.onopen = () => {
        setStatus('open');
        delay = RETRY_FIRST_MS;
        if (broken) latest.current.onResync();
        broken = false;
      };
      for (const name of ROOM_EVENTS) {
        source.addEventListener(name, (event) => {
          const message = event as MessageEvent<string>;
          let data: unknown = null;
          try {
            data = JSON.parse(message.data);
          } catch {
            // An event without a readable body still says something changed: read the room again.
            latest.current.onResync();
            return;
          }
          latest.current.onEvent(name, data, message.lastEventId);
        });
      }
      source.onerror = () => {
        if (stopped || !source) return;
        broken = true;
        setStatus('reconnecting');
        if (source.readyState === EventSource.CLOSED) {
          source.close();
          retryTimer = setTimeout(open, delay);
          delay = Math.min(delay * 2, RETRY_MAX_MS);
        }
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      source?.close();
    };
  }, [spaceId]);
  return status;
}
