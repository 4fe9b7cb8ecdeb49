import { useCallback, useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Result, Skeleton, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type {
  AuctionBidEvent,
  AuctionExtendedEvent,
  AuctionResultEvent,
  AuctionRoom,
  AuctionRoomBid,
  AuctionRoomPiece,
  AuctionStatusEvent,
} from '@portal/contracts/auction-trade';
import { AUCTION_MODES, AUCTION_SIDES, SPACE_STATUSES, TRADE_STATUSES, auctionSide, enumLabel } from '@portal/contracts/constants';
import { auctionTradeRoutes } from '@portal/contracts/routes/auction-trade';
import { ApiError, call } from '../../../api/client';
import { useFeedback } from '../../../shared/feedback';
import { formatDateTime, formatPrice, formatQuantity } from '../../../shared/format';
import { LoadError } from '../../../shared/query-state';
import { RichText } from '../../../shared/rich-text';
import { rememberLoginUrl } from '../../../shared/session-storage';
import { useCurrentUser } from '../../../shared/use-current-user';
import { useDocumentTitle } from '../../../shared/use-document-title';
import { useLang } from '../../../shared/use-lang';
import { useAliasLabel } from '../../../shared/auction-alias';
import { BidBox } from './bid-box';
import { Countdown, useServerNow } from './countdown';
import { applyBid, applyExtended, applyResult, applyStatus, movedEnds, type Applied } from './room-state';
import { clockOffset, secondsLeft } from './server-clock';
import { timeOf } from './time-of';
import { useRoomStream, type RoomEventName } from './use-room-stream';
import './room.css';

interface RoomData {
  room: AuctionRoom;
  /** Server clock minus this reader's clock, in ms. */
  offset: number;
}

export const roomKey = (spaceId: string) => ['trading', 'auctionRoom', spaceId] as const;
/** Reads the room again at most this often while a due step (the start, an end) has not arrived. */
const OVERDUE_REREAD_MS = 2_000;

/** Public modes show the best price and its bidder; free modes each bidder's own; mode 6 the clearing price and fills. */
function LiveFigures({ room, piece }: { room: AuctionRoom; piece: AuctionRoomPiece }) {
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

/** The piece's bids, newest first, by the server's seq. Company names show only to whom the server sends them. */
export function BidHistory({
  bids,
  currency,
  unit,
  showQuantity,
}: {
  bids: AuctionRoomBid[];
  currency: string;
  unit: string;
  showQuantity: boolean;
}) {
  const { t } = useTranslation('auction');
  const aliasLabel = useAliasLabel();
  const showCompany = bids.some((b) => b.companyName && !b.mine);
  return (
    <Table<AuctionRoomBid>
      size="small"
      rowKey="seq"
      pagination={false}
      dataSource={[...bids].sort((a, b) => b.seq - a.seq)}
      locale={{ emptyText: t('room.noBids') }}
      scroll={{ x: 520 }}
      rowClassName={(b) => (b.mine ? 'room-bid-mine' : '')}
      data-testid="room-history"
      columns={[
        { title: t('history.seq'), dataIndex: 'seq', className: 'tabular', width: 70 },
        {
          title: t('history.bidder'),
          render: (_, b) => (
            <span data-testid="history-bidder">
              {aliasLabel(b.alias)}
              {b.mine ? ` (${t('history.me')})` : ''}
            </span>
          ),
        },
        ...(showCompany ? [{ title: t('history.company'), dataIndex: 'companyName' }] : []),
        {
          title: t('history.price'),
          align: 'right' as const,
          render: (_: unknown, b: AuctionRoomBid) => (
            <span className="tabular" data-testid="history-price">
              {formatPrice(b.price, { currency })}
            </span>
          ),
        },
        ...(showQuantity
          ? [
              {
                title: t('history.quantity'),
                align: 'right' as const,
                render: (_: unknown, b: AuctionRoomBid) => <span className="tabular">{formatQuantity(b.quantity, unit)}</span>,
              },
            ]
          : []),
        { title: t('history.time'), className: 'tabular', render: (_, b) => timeOf(b.time) },
        { title: t('history.state'), render: (_, b) => t(`history.states.${b.state}`) },
      ]}
    />
  );
}

function RegistrationPanel({ data, onRegistered }: { data: AuctionRoom; onRegistered: () => void }) {
  const { t } = useTranslation('auction');
  const { message, modal } = useFeedback();
  const aliasLabel = useAliasLabel();
  const user = useCurrentUser();
  const { space } = data;
  const deposit = formatPrice(space.deposit, { currency: space.currency });
  const [refusal, setRefusal] = useState('');
  const register = useMutation({
    mutationFn: () => call(auctionTradeRoutes.register, { body: { spaceId: space.spaceId }, quiet: true }),
    onSuccess: (registration) => {
      setRefusal('');
      message.success({ content: t('register.done', { alias: aliasLabel(registration.alias) }), duration: 3 });
      onRegistered();
    },
    onError: (err) => setRefusal(err instanceof ApiError && err.message ? err.message : t('failed')),
  });
  let body;
  if (data.myRegistration) {
    body = (
      <p data-testid="room-registered">
        {t('register.registered', { alias: aliasLabel(data.myRegistration.alias), time: formatDateTime(data.myRegistration.time) })}
      </p>
    );
  } else if (data.role === 'owner') {
    body = <p>{t('register.owner')}</p>;
  } else if (data.canRegister) {
    body = (
      <>
        <p>{t('register.explain', { deposit, end: formatDateTime(space.registrationEndTime) })}</p>
        <Button
          type="primary"
          loading={register.isPending}
          data-testid="room-register"
          onClick={() =>
            modal.confirm({
              title: t('register.confirmTitle'),
              content: t('register.confirmText', { deposit, space: space.spaceName }),
              okText: t('register.action'),
              cancelText: t('cancel'),
              onOk: () => register.mutateAsync().catch(() => undefined),
            })
          }
        >
          {t('register.action')}
        </Button>
      </>
    );
  } else if (!user.isPending && !user.data) {
    body = (
      <>
        <p>{t('register.signInFirst')}</p>
        <Button
          type="primary"
          onClick={() => {
            rememberLoginUrl(window.location.pathname + window.location.search);
            window.location.href = '/login';
          }}
        >
          {t('register.signIn')}
        </Button>
      </>
    );
  } else if (data.role === 'operator') {
    body = <p>{t('register.operator')}</p>;
  } else {
    body = <p>{t(space.scope === 'invited' ? 'register.closedInvited' : 'register.closed')}</p>;
  }
  return (
    <section className="trade-panel room-registration" aria-labelledby="room-registration-title">
      <h2 id="room-registration-title" className="trade-panel-title">
        {t('register.title')} · {t('register.deposit', { deposit })}
      </h2>
      {body}
      {refusal ? <Alert type="error" showIcon title={refusal} data-testid="register-refusal" /> : null}
    </section>
  );
}

function PieceCard({
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
  const open = live && !space.suspended && secondsLeft(piece.endTime, serverNow) > 0;
  return (
    <section className="trade-panel room-piece" aria-label={piece.pieceName} data-testid="room-piece" data-piece={piece.id}>
      <header className="room-piece-head">
        <h2 className="trade-panel-title">{piece.pieceName}</h2>
        <Tag color={piece.tradeStatus === 0 ? 'processing' : 'default'} data-testid="room-trade-status">
          {enumLabel(TRADE_STATUSES, piece.tradeStatus, lang)}
        </Tag>
        {live ? <Countdown target={piece.endTime} serverNow={serverNow} label={t('room.endsIn')} testId="room-ends-in" /> : null}
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

/**
 * The live room of one space (openType 1 bids, 2 watches): registration, the pieces with their
 * live figures, countdowns on the server's clock and bid histories, kept current by the room's
 * event stream. It opens for bidding by itself when the start event arrives.
 */
export function RoomView({ spaceId, watchOnly }: { spaceId: string; watchOnly: boolean }) {
  const { t } = useTranslation('auction');
  const lang = useLang();
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
  const [extended, setExtended] = useState<{ pieceName: string; endTime: string } | null>(null);
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

  // A due start or end whose event has not come (yet) is asked for.
  const room = data?.room;
  const overdue =
    !!room &&
    ((room.space.spaceStatus === 2 && !room.space.suspended && secondsLeft(room.space.auctionBeginTime, serverNow) === 0) ||
      (room.space.spaceStatus === 4 && room.itemList.some((p) => p.tradeStatus === 0 && secondsLeft(p.endTime, serverNow) === 0)));
  useEffect(() => {
    if (!overdue) return;
    const timer = setInterval(() => void client.invalidateQueries({ queryKey: key }), OVERDUE_REREAD_MS);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key is the space's, fixed for the page
  }, [overdue, client, spaceId]);

  const back = (
    <Link to="/auctionCenter" className="trade-link-button">
      {t('room.back')}
    </Link>
  );
  if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400)) {
    return <Result status="404" title={t('room.notFound')} extra={back} />;
  }
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (!data || !room) return <Skeleton active paragraph={{ rows: 12 }} />;
  const { space } = room;
  const side = auctionSide(space.spaceAuctionMode);
  const ended = space.spaceStatus >= 6;
  const biddable = !watchOnly && room.role === 'bidder';
  const money = (v: number) => formatPrice(v, { currency: space.currency });
  return (
    <article className="auction-room" aria-labelledby="room-title" data-testid="auction-room" data-status={space.spaceStatus}>
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
          column={{ xs: 1, sm: 2, lg: 3 }}
          items={[
            { key: 'publisher', label: t('room.publisher'), children: space.spaceInfoUser },
            { key: 'category', label: t('room.category'), children: space.name },
            {
              key: 'time',
              label: t('room.time'),
              children: <span className="tabular">{`${timeOf(space.auctionBeginTime)} ~ ${timeOf(space.auctionEndTime)}`}</span>,
            },
            { key: 'step', label: t('room.priceStep'), children: <span className="tabular">{money(space.priceStep)}</span> },
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
        {stream === 'reconnecting' ? (
          <Alert type="warning" showIcon title={t('room.reconnecting')} data-testid="room-reconnecting" />
        ) : null}
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
      {!watchOnly && !ended ? <RegistrationPanel data={room} onRegistered={reread} /> : null}
      {room.itemList.map((piece) => (
        <PieceCard key={piece.id} data={room} piece={piece} serverNow={serverNow} biddable={biddable} onPlaced={reread} />
      ))}
      {space.description ? (
        <section className="trade-panel" aria-labelledby="room-description">
          <h2 id="room-description" className="trade-panel-title">
            {t('room.description')}
          </h2>
          <RichText html={space.description} />
        </section>
      ) : null}
    </article>
  );
}
