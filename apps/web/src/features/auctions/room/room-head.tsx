import { Alert, Descriptions, Grid } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AuctionRoom } from '@portal/contracts/auction-trade';
import { SPACE_STATUSES, enumLabel } from '@portal/contracts/constants';
import { AUCTION_MODES, AUCTION_SIDES, auctionSide } from '@portal/contracts/trade-constants';
import { formatPrice, zoneAt } from '../../../shared/format';
import { useLang } from '../../../shared/use-lang';
import { Countdown } from './countdown';
import { timeOf } from './time-of';
import type { ExtendedEnd } from './use-room';
import type { RoomStreamStatus } from './use-room-stream';

/**
 * The room's head: the space's name, the stream's state, its tags and terms, the server's time,
 * and what is happening now (reconnecting, suspended, the start countdown, an extension, the end).
 */
export function RoomHead({
  room,
  stream,
  serverNow,
  extended,
  watchOnly,
}: {
  room: AuctionRoom;
  stream: RoomStreamStatus;
  serverNow: number;
  extended: ExtendedEnd | null;
  watchOnly: boolean;
}) {
  const { t } = useTranslation('auction');
  const lang = useLang();
  const { space } = room;
  const side = auctionSide(space.spaceAuctionMode);
  const ended = space.spaceStatus >= 6;
  const money = (v: number) => formatPrice(v, { currency: space.currency });
  // On a phone each term's label stands above its value, so neither is squeezed to a few characters.
  const narrow = Grid.useBreakpoint().sm === false;
  return (
    <header className="trade-panel room-head">
      <div className="room-head-top">
        <h1 id="room-title" className="trade-page-title">
          {space.spaceName}
        </h1>
        <span className={`room-stream is-${stream}`} data-testid="room-stream" data-state={stream} role="status">
          {t(`room.stream.${stream}`)}
        </span>
      </div>
      <div className="trade-tags">
        <span className={side === 'buy' ? 'trade-tag trade-tag-buy' : 'trade-tag trade-tag-sell'}>
          {enumLabel(AUCTION_SIDES, side, lang)}
        </span>
        <span className="trade-tag">{enumLabel(AUCTION_MODES, space.spaceAuctionMode, lang)}</span>
        <span className={space.spaceStatus === 4 ? 'trade-tag trade-tag-live' : 'trade-tag'} data-testid="room-status">
          {enumLabel(SPACE_STATUSES, space.spaceStatus, lang)}
        </span>
        {space.suspended ? <span className="trade-tag trade-tag-buy">{t('room.suspended')}</span> : null}
        {watchOnly || room.role !== 'bidder' ? <span className="trade-tag">{t(`room.role.${room.role}`)}</span> : null}
      </div>
      <Descriptions
        bordered
        size="small"
        layout={narrow ? 'vertical' : 'horizontal'}
        column={{ xs: 1, sm: 2, lg: 3 }}
        data-testid="room-terms"
        items={[
          { key: 'publisher', label: t('room.publisher'), children: space.spaceInfoUser },
          { key: 'category', label: t('room.category'), children: space.name },
          {
            key: 'time',
            label: t('room.time'),
            // Two parts that may fall on two lines on a narrow screen.
            children: (
              <>
                <span className="tabular">{timeOf(space.auctionBeginTime)}</span> ~{' '}
                <span className="tabular">{timeOf(space.auctionEndTime)}</span> {zoneAt(space.auctionEndTime)}
              </>
            ),
          },
          {
            key: 'step',
            label: t(side === 'buy' ? 'room.priceStepDown' : 'room.priceStep'),
            children: <span className="tabular">{money(space.priceStep)}</span>,
          },
          { key: 'deposit', label: t('room.deposit'), children: <span className="tabular">{money(space.deposit)}</span> },
          {
            key: 'delay',
            label: t('room.antiSniping'),
            children:
              space.delayWindowSec > 0 && space.delaySec > 0 && [1, 4, 6].includes(space.spaceAuctionMode)
                ? t('room.antiSnipingText', { window: space.delayWindowSec, delay: space.delaySec })
                : t('room.antiSnipingOff'),
          },
          { key: 'registered', label: t('room.registrations'), children: space.registrationCount },
          { key: 'scope', label: t('room.scope'), children: t(`room.scopes.${space.scope}`) },
          {
            key: 'server',
            label: t('room.serverTime'),
            children: (
              <span className="tabular" data-testid="room-server-time">
                {timeOf(new Date(serverNow).toISOString())}
              </span>
            ),
          },
        ]}
      />
      {stream === 'reconnecting' ? <Alert type="warning" showIcon title={t('room.reconnecting')} data-testid="room-reconnecting" /> : null}
      {space.suspended ? <Alert type="error" showIcon title={t('room.suspendedText', { reason: space.suspendReason || '-' })} /> : null}
      {space.spaceStatus === 2 && !space.suspended ? (
        <div className="room-start">
          <Countdown target={space.auctionBeginTime} serverNow={serverNow} label={t('room.startsIn')} testId="room-starts-in" />
        </div>
      ) : null}
      {extended && space.spaceStatus === 4 ? (
        <Alert
          type="warning"
          showIcon
          role="alert"
          data-testid="room-extended"
          title={t('room.extended', { piece: extended.pieceName, time: timeOf(extended.endTime) })}
        />
      ) : null}
      {ended ? (
        <Alert
          type="info"
          showIcon
          title={t('room.ended')}
          action={
            <Link to={`/auctionBuyerDetail?openType=3&spaceId=${encodeURIComponent(space.spaceId)}`} data-testid="room-result-link">
              {t('room.viewResult')}
            </Link>
          }
        />
      ) : null}
      {watchOnly && !ended && (room.role === 'bidder' || room.canRegister) ? (
        <Link to={`/auctionBuyerDetail?openType=1&spaceId=${encodeURIComponent(space.spaceId)}`}>{t('room.enterRoom')}</Link>
      ) : null}
    </header>
  );
}
