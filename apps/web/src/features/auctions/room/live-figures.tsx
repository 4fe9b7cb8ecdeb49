import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AuctionRoom, AuctionRoomPiece } from '@portal/contracts/auction-trade';
import { formatPrice, formatQuantity } from '../../../shared/format';
import { useAliasLabel } from '../../../shared/auction-alias';

/** Public modes show the best price and its bidder; free modes each bidder's own; mode 6 the clearing price and fills. */
export function LiveFigures({ room, piece }: { room: AuctionRoom; piece: AuctionRoomPiece }) {
  const { t } = useTranslation('auction');
  const aliasLabel = useAliasLabel();
  const mode = room.space.spaceAuctionMode;
  const currency = room.space.currency;
  const money = (v: number | null) => formatPrice(v, { currency });
  const items: { key: string; label: string; value: string; testId: string }[] = [];
  if (mode === 1 || mode === 4) {
    items.push({
      key: 'price',
      label: t(mode === 1 ? 'room.highestPrice' : 'room.lowestPrice'),
      value: money(piece.currentPrice),
      testId: 'room-current-price',
    });
    items.push({
      key: 'leader',
      label: t('room.leader'),
      value: piece.leaderAlias ? aliasLabel(piece.leaderAlias) : t('room.noBids'),
      testId: 'room-leader',
    });
  } else if (mode === 2 || mode === 5) {
    items.push({ key: 'mine', label: t('room.myBid'), value: money(piece.myBid?.price ?? null), testId: 'room-my-bid' });
    items.push({ key: 'count', label: t('room.bidderCount'), value: String(piece.bidderCount), testId: 'room-bidder-count' });
  } else {
    items.push({ key: 'clearing', label: t('room.clearingPrice'), value: money(piece.clearingPrice), testId: 'room-clearing-price' });
    items.push({
      key: 'fill',
      label: t('room.myFill'),
      value: piece.myBid
        ? `${formatQuantity(piece.myFill ?? 0, piece.statUnit)} / ${formatQuantity(piece.myBid.quantity, piece.statUnit)}`
        : '-',
      testId: 'room-my-fill',
    });
  }
  return (
    <dl className="room-figures">
      {items.map((item) => (
        <div key={item.key}>
          <dt>{item.label}</dt>
          <dd className="tabular" data-testid={item.testId}>
            {item.value}
          </dd>
        </div>
      ))}
      {piece.myStatus !== 'none' ? (
        <div>
          <dt>{t('room.myStatus')}</dt>
          <dd>
            <Tag
              color={
                piece.myStatus === 'leading' || piece.myStatus === 'filled'
                  ? 'success'
                  : piece.myStatus === 'outbid' || piece.myStatus === 'unfilled'
                    ? 'error'
                    : 'processing'
              }
              data-testid="room-my-status"
              data-status={piece.myStatus}
            >
              {t(`room.standing.${piece.myStatus}`)}
            </Tag>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
