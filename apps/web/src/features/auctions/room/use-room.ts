import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type {
  AuctionBidEvent,
  AuctionExtendedEvent,
  AuctionResultEvent,
  AuctionRoom,
  AuctionStatusEvent,
} from '@portal/contracts/auction-trade';
import { auctionTradeRoutes } from '@portal/contracts/routes/auction-trade';
import { ApiError, call } from '../../../api/client';
import { useFeedback } from '../../../shared/feedback';
import { useDocumentTitle } from '../../../shared/use-document-title';
import { useServerNow } from './countdown';
import { applyBid, applyExtended, applyResult, applyStatus, movedEnds, type Applied } from './room-state';
import { clockOffset, secondsLeft } from './server-clock';
import { timeOf } from './time-of';
import { useRoomStream, type RoomEventName } from './use-room-stream';

interface RoomData {
  room: AuctionRoom;
  /** Server clock minus this reader's clock, in ms. */
  offset: number;
}

/** The latest end the page has learned of, announced until the room is no longer live. */
export interface ExtendedEnd {
  pieceName: string;
  endTime: string;
}

export const roomKey = (spaceId: string) => ['trading', 'auctionRoom', spaceId] as const;
/** Reads the room again at most this often while a due step (the start, an end) has not arrived. */
const OVERDUE_REREAD_MS = 2_000;

/** A due start or end whose event has not come (yet). */
function isOverdue(room: AuctionRoom | undefined, serverNow: number): boolean {
  return (
    !!room &&
    ((room.space.spaceStatus === 2 && !room.space.suspended && secondsLeft(room.space.auctionBeginTime, serverNow) === 0) ||
      (room.space.spaceStatus === 4 && room.itemList.some((p) => p.tradeStatus === 0 && secondsLeft(p.endTime, serverNow) === 0)))
  );
}

/**
 * The live room of one space and what keeps it current: the reading, the room's event stream
 * applied to it, the server's clock, the last announced extension, and a reread while a due step
 * has not arrived. `reread` asks for the room again (debounced) after a bid or a registration.
 */
export function useRoom(spaceId: string) {
  const { t } = useTranslation('auction');
  const client = useQueryClient();
  const { message } = useFeedback();
  const key = roomKey(spaceId);
  const rereadTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const reread = useCallback(() => {
    clearTimeout(rereadTimer.current);
    rereadTimer.current = setTimeout(() => void client.invalidateQueries({ queryKey: key }), 150);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key is the space's, fixed for the page
  }, [client, spaceId]);
  useEffect(() => () => clearTimeout(rereadTimer.current), []);
  const query = useQuery({
    queryKey: key,
    queryFn: async ({ signal }): Promise<RoomData> => {
      const sent = Date.now();
      const room = await call(auctionTradeRoutes.room, { body: { spaceId }, signal, quiet: true });
      const offset = clockOffset(room.serverTime, sent, Date.now());
      // A bid the stream brought while this reading was on its way is newer than the reading: the
      // older answer must not take it off the screen, so the room stays as shown and is read again.
      const shown = client.getQueryData<RoomData>(key)?.room;
      if (shown && shown.lastSeq > room.lastSeq) {
        reread();
        return { room: shown, offset };
      }
      return { room, offset };
    },
    retry: (count, err) => !(err instanceof ApiError && err.status > 0 && err.status < 500) && count < 2,
  });
  useDocumentTitle(query.data?.room.space.spaceName ?? t('room.title'));
  const onEvent = useCallback(
    (name: RoomEventName, data: unknown) => {
      const current = client.getQueryData<RoomData>(key);
      if (!current) return;
      let applied: Applied;
      if (name === 'bid') applied = applyBid(current.room, data as AuctionBidEvent);
      else if (name === 'extended') applied = applyExtended(current.room, data as AuctionExtendedEvent);
      else if (name === 'status') applied = applyStatus(current.room, data as AuctionStatusEvent);
      else applied = applyResult(current.room, data as AuctionResultEvent);
      const offset = name === 'status' ? clockOffset((data as AuctionStatusEvent).serverTime, Date.now(), Date.now()) : current.offset;
      client.setQueryData<RoomData>(key, { room: applied.room, offset });
      if (applied.reread) reread();
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key is the space's, fixed for the page
    [client, spaceId, reread],
  );
  const stream = useRoomStream(spaceId, { onEvent, onResync: reread });
  const data = query.data;
  const serverNow = useServerNow(data?.offset ?? 0);

  // Every later end is announced the moment the page learns of it (an anti-sniping extension).
  const previous = useRef<AuctionRoom | undefined>(undefined);
  const [extended, setExtended] = useState<ExtendedEnd | null>(null);
  useEffect(() => {
    if (!data) return;
    const moved = movedEnds(previous.current, data.room);
    previous.current = data.room;
    const last = moved.at(-1);
    if (last) {
      setExtended({ pieceName: last.pieceName, endTime: last.endTime });
      message.warning({ content: t('room.extended', { piece: last.pieceName, time: timeOf(last.endTime) }), duration: 3 });
    }
  }, [data, message, t]);

  const room = data?.room;
  const overdue = isOverdue(room, serverNow);
  useEffect(() => {
    if (!overdue) return;
    const timer = setInterval(() => void client.invalidateQueries({ queryKey: key }), OVERDUE_REREAD_MS);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key is the space's, fixed for the page
  }, [overdue, client, spaceId]);

  return { query, room, stream, serverNow, extended, reread };
}
