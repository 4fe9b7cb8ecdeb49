import { Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AuctionRoom, AuctionRoomPiece } from '@portal/contracts/auction-trade';
import { enumLabel } from '@portal/contracts/constants';
import { TRADE_STATUSES, auctionSide } from '@portal/contracts/trade-constants';
import { formatPrice, formatQuantity } from '../../../shared/format';
import { useLang } from '../../../shared/use-lang';
import { BidBox } from './bid-box';
import { BidHistory } from './bid-history';
import { Countdown } from './countdown';
import { LiveFigures } from './live-figures';
import { secondsLeft } from './server-clock';
import { timeOf } from './time-of';

/** One piece: its terms, live figures, the bid box while bidding is open to this reader, and its bid history. */
export function PieceCard({
  data,
  piece,
  serverNow,
  biddable,
  onPlaced,
}: {
  data: AuctionRoom;
  piece: AuctionRoomPiece;
  serverNow: number;
  biddable: boolean;
  onPlaced: () => void;
}) {
  const { t } = useTranslation('auction');
  const lang = useLang();
  const { space } = data;
  const live = space.spaceStatus === 4 && piece.tradeStatus === 0;
  // Past its end by the server's clock while its close has not come in yet: no longer bidding,
  // whatever the last reading said (a close held by a stopped server takes a few seconds more).
  const closing = live && secondsLeft(piece.endTime, serverNow) === 0;
  const open = live && !space.suspended && !closing;
  return (
    <section className="trade-panel room-piece" aria-label={piece.pieceName} data-testid="room-piece" data-piece={piece.id}>
      <header className="room-piece-head">
        <h2 className="trade-panel-title">{piece.pieceName}</h2>
        <Tag color={open ? 'processing' : 'default'} data-testid="room-trade-status" data-closing={closing}>
          {closing ? t('room.closing') : enumLabel(TRADE_STATUSES, piece.tradeStatus, lang)}
        </Tag>
        {live && !closing ? (
          <Countdown target={piece.endTime} serverNow={serverNow} label={t('room.endsIn')} testId="room-ends-in" />
        ) : null}
      </header>
      <div className="room-piece-body">
        <div className="room-piece-main">
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2 }}
            items={[
              { key: 'variety', label: t('room.variety'), children: piece.varietyName || '-' },
              {
                key: 'total',
                label: t('room.totalWeight'),
                children: <span className="tabular">{formatQuantity(piece.totalWeight, piece.statUnit)}</span>,
              },
              {
                key: 'base',
                label: t(auctionSide(space.spaceAuctionMode) === 'buy' ? 'room.ceilingPrice' : 'room.basePrice'),
                children: (
                  <span className="tabular">
                    {formatPrice(piece.basePrice, { currency: space.currency, hidden: piece.basePrice === null })}
                  </span>
                ),
              },
              {
                key: 'end',
                label: t('room.endTime'),
                children: (
                  <span className="tabular" data-testid="room-end-time" data-value={piece.endTime}>
                    {timeOf(piece.endTime)}
                  </span>
                ),
              },
              ...(piece.reservePrice !== null
                ? [
                    {
                      key: 'reserve',
                      label: t('room.myReserve'),
                      children: <span className="tabular">{formatPrice(piece.reservePrice, { currency: space.currency })}</span>,
                    },
                  ]
                : []),
              ...(space.spaceAuctionMode === 6
                ? [
                    {
                      key: 'bidQuantity',
                      label: t('room.bidQuantityRule'),
                      children: t('room.bidQuantityText', {
                        min: formatQuantity(piece.minBidNum, piece.statUnit),
                        step: formatQuantity(piece.bidStepNum, piece.statUnit),
                      }),
                    },
                  ]
                : []),
              ...(piece.dealPrice !== null
                ? [
                    {
                      key: 'deal',
                      label: t('room.dealPrice'),
                      children: <span className="tabular">{formatPrice(piece.dealPrice, { currency: space.currency })}</span>,
                    },
                  ]
                : []),
            ]}
          />
          <LiveFigures room={data} piece={piece} />
        </div>
        {biddable && open ? (
          <BidBox
            spaceId={space.spaceId}
            mode={space.spaceAuctionMode}
            priceStep={space.priceStep}
            currency={space.currency}
            piece={piece}
            onPlaced={onPlaced}
          />
        ) : null}
      </div>
      <h3 className="room-history-title">{t('room.history')}</h3>
      <BidHistory bids={piece.bids} currency={space.currency} unit={piece.statUnit} showQuantity={space.spaceAuctionMode === 6} />
    </section>
  );
}
