import { Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../api/client';
import { LoadError } from '../../../shared/query-state';
import { RichTextPanel } from '../../../shared/rich-text';
import { PieceCard } from './piece-card';
import { RegistrationPanel } from './registration-panel';
import { RoomHead } from './room-head';
import { useRoom } from './use-room';
import './room.css';

export { BidHistory } from './bid-history';
export { roomKey } from './use-room';

/**
 * The live room of one space (openType 1 bids, 2 watches): registration, the pieces with their
 * live figures, countdowns on the server's clock and bid histories, kept current by the room's
 * event stream. It opens for bidding by itself when the start event arrives.
 */
export function RoomView({ spaceId, watchOnly }: { spaceId: string; watchOnly: boolean }) {
  const { t } = useTranslation('auction');
  const { query, room, stream, serverNow, extended, reread } = useRoom(spaceId);
  const back = (
    <Link to="/auctionCenter" className="trade-link-button">
      {t('room.back')}
    </Link>
  );
  if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400)) {
    return <Result status="404" title={t('room.notFound')} extra={back} />;
  }
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (!room) return <Skeleton active paragraph={{ rows: 12 }} />;
  const { space } = room;
  const ended = space.spaceStatus >= 6;
  const biddable = !watchOnly && room.role === 'bidder';
  return (
    <article className="auction-room" aria-labelledby="room-title" data-testid="auction-room" data-status={space.spaceStatus}>
      <RoomHead room={room} stream={stream} serverNow={serverNow} extended={extended} watchOnly={watchOnly} />
      {!watchOnly && !ended ? <RegistrationPanel data={room} onRegistered={reread} /> : null}
      {room.itemList.map((piece) => (
        <PieceCard key={piece.id} data={room} piece={piece} serverNow={serverNow} biddable={biddable} onPlaced={reread} />
      ))}
      <RichTextPanel id="room-description" title={t('room.description')} html={space.description} />
    </article>
  );
}
