import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Skeleton, Space, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LISTING_TYPES, PAYMENT_TYPES, TRANSPORT_WAYS, enumLabel } from '@portal/contracts/constants';
import { ORDER_EVENTS, ORDER_ORIGINS, ORDER_STATES } from '@portal/contracts/trade-constants';
import type { Order, OrderTimelineEntry } from '@portal/contracts/orders';
import { orderRoutes } from '@portal/contracts/routes/orders';
import { ApiError, call } from '../../api/client';
import { formatDateTime, formatZonedDateTime } from '../../shared/format';
import { EmptyState, LoadError } from '../../shared/query-state';
import { TRADE_KEYS } from '../../shared/trade-query-keys';
import { useLang } from '../../shared/use-lang';
import { FileLinks } from '../../shared/file-list-field';
import { Money, Quantity } from '../../shared/money';
import { OrderParts } from '../../shared/order-parts';
import { OrderActions } from './order-actions';

const STATE_COLORS: Record<number, string> = { 1: 'gold', 2: 'orange', 3: 'blue', 4: 'cyan', 5: 'geekblue', 6: 'green', 9: 'default' };

export function OrderStateTag({ state }: { state: number }) {
  const lang = useLang();
  return <Tag color={STATE_COLORS[state] ?? 'default'}>{enumLabel(ORDER_STATES, state, lang)}</Tag>;
}

/**
 * Where an order came from, in words and as a link: the listing's code, the auction's or the
 * tender's name (older orders of a result kept it only in their remark), never an internal key.
 */
function OrderOrigin({ order }: { order: Order }) {
  const lang = useLang();
  const kind = enumLabel(ORDER_ORIGINS, order.origin, lang);
  const name = order.snapshot.originName ?? (order.origin === 'auction' ? order.remark.split(' / ')[0] : '') ?? '';
  const href =
    order.origin === 'listing'
      ? `/productDetailPortal?tradeListingCode=${encodeURIComponent(order.originCode)}`
      : order.origin === 'auction'
        ? `/auctionBuyerDetail?openType=3&spaceId=${encodeURIComponent(order.originCode)}`
        : null;
  const text = order.origin === 'listing' ? `${kind} ${order.originCode}` : `${kind}: ${name || order.originCode}`;
  return href ? (
    <Link to={href} data-testid="order-origin">
      {text}
    </Link>
  ) : (
    <span data-testid="order-origin">{order.origin === 'tender' && name ? `${text} (${order.originCode})` : text}</span>
  );
}

/** The deadline that runs in the order's state, if any: what must happen by when. */
export function runningDeadline(
  order: Pick<Order, 'state' | 'confirmBy' | 'payBy' | 'receiveBy'>,
): { kind: 'confirmBy' | 'payBy' | 'receiveBy'; time: string } | null {
  if (order.state === 1 && order.confirmBy) return { kind: 'confirmBy', time: order.confirmBy };
  if (order.state === 2 && order.payBy) return { kind: 'payBy', time: order.payBy };
  if (order.state === 5 && order.receiveBy) return { kind: 'receiveBy', time: order.receiveBy };
  return null;
}

/**
 * The running deadline once it has passed while the order is still in that state (not confirmed,
 * not paid, receipt not confirmed in time): the order is overdue until someone acts or the
 * scheduler does.
 */
export function overdueDeadline(
  order: Pick<Order, 'state' | 'confirmBy' | 'payBy' | 'receiveBy'>,
  now: number,
): ReturnType<typeof runningDeadline> {
  const deadline = runningDeadline(order);
  return deadline && Date.parse(deadline.time) < now ? deadline : null;
}

/** The time now, moved on every minute, so an order turns overdue on screen when its deadline passes. */
export function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** The red mark of an overdue order. */
export function OverdueTag() {
  const { t } = useTranslation('trade');
  return (
    <Tag color="red" data-testid="order-overdue">
      {t('orders.overdue')}
    </Tag>
  );
}

function TimelineEntry({ entry }: { entry: OrderTimelineEntry }) {
  const { t } = useTranslation('trade');
  const lang = useLang();
  return (
    <div data-testid="order-timeline-entry" data-action={entry.action}>
      <Space wrap size={8}>
        <strong>{enumLabel(ORDER_EVENTS, entry.action, lang)}</strong>
        <OrderStateTag state={entry.state} />
      </Space>
      <div className="tc-muted tc-num">
        {formatDateTime(entry.time)} · {entry.actorName || t('orders.platform')}
      </div>
      {entry.note ? <p className="tc-timeline-note">{entry.note}</p> : null}
      <FileLinks fileIds={entry.fileIds} />
    </div>
  );
}

function OrderBody({ order, side }: { order: Order; side: 'buy' | 'sell' | 'admin' }) {
  const now = useMinuteClock();
  const { t } = useTranslation('trade');
  const lang = useLang();
  const s = order.snapshot;
  const deadline = runningDeadline(order);
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap>
        <OrderStateTag state={order.state} />
        {overdueDeadline(order, now) ? <OverdueTag /> : null}
        {deadline ? (
          <span className="tc-deadline" data-testid="order-deadline">
            {t(`orders.deadline.${deadline.kind}`, { time: formatZonedDateTime(deadline.time) })}
          </span>
        ) : null}
      </Space>
      {side !== 'admin' ? <OrderActions order={order} /> : null}
      {side !== 'admin' ? <OrderParts orderNo={order.orderNo} /> : null}
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'no', label: t('orders.orderNo'), children: <span className="tc-num">{order.orderNo}</span> },
          {
            key: 'origin',
            label: t('orders.origin'),
            children: <OrderOrigin order={order} />,
          },
          { key: 'buyer', label: t('orders.buyer'), children: order.buyerName },
          { key: 'seller', label: t('orders.seller'), children: order.sellerName },
          { key: 'goods', label: t('orders.goods'), children: `${s.goodsSkuName} (${s.varietyName})` },
          {
            key: 'type',
            label: t('listings.listingType'),
            // An order of a result is of its origin's type (an auction, a tender), not a listing's.
            children:
              order.origin === 'listing' ? enumLabel(LISTING_TYPES, s.listingType, lang) : enumLabel(ORDER_ORIGINS, order.origin, lang),
          },
          { key: 'price', label: t('orders.price'), children: <Money cents={s.singlePrice} currency={s.currency} /> },
          { key: 'quantity', label: t('orders.quantity'), children: <Quantity value={order.quantity} unit={s.unit} /> },
          {
            key: 'amount',
            label: t('orders.amount'),
            children: (
              <strong data-testid="order-amount">
                <Money cents={order.amount} currency={order.currency} />
              </strong>
            ),
          },
          {
            key: 'deposit',
            label: t('orders.depositFrozen'),
            children: s.depositRatio ? (
              <span>
                <Money cents={order.depositFrozen} currency={order.currency} /> ({s.depositRatio}%)
              </span>
            ) : (
              '-'
            ),
          },
          { key: 'payment', label: t('listings.paymentType'), children: enumLabel(PAYMENT_TYPES, s.paymentType, lang) },
          { key: 'transport', label: t('listings.transportWay'), children: enumLabel(TRANSPORT_WAYS, s.transportWay, lang) },
          { key: 'place', label: t('listings.deliveryPlace'), children: s.deliveryPlace },
          { key: 'period', label: t('listings.objPeriodDay'), children: s.objPeriodDay },
          { key: 'address', label: t('orders.deliveryAddress'), children: order.deliveryAddress },
          { key: 'contact', label: t('orders.contact'), children: `${order.contactName} ${order.contactPhone}` },
          { key: 'remark', label: t('orders.remark'), children: order.remark || '-' },
          { key: 'created', label: t('orders.createdAt'), children: <span className="tc-num">{formatDateTime(order.createdAt)}</span> },
          {
            key: 'confirmBy',
            label: t('orders.confirmBy'),
            children: <span className="tc-num">{formatDateTime(order.confirmBy) || '-'}</span>,
          },
          { key: 'payBy', label: t('orders.payBy'), children: <span className="tc-num">{formatDateTime(order.payBy) || '-'}</span> },
          {
            key: 'receiveBy',
            label: t('orders.receiveBy'),
            children: <span className="tc-num">{formatDateTime(order.receiveBy) || '-'}</span>,
          },
        ]}
      />
      <section aria-labelledby="order-timeline-title">
        <Typography.Title level={5} id="order-timeline-title">
          {t('orders.timeline')}
        </Typography.Title>
        {order.timeline.length === 0 ? (
          <EmptyState />
        ) : (
          <Timeline
            data-testid="order-timeline"
            items={order.timeline.map((entry, i) => ({
              key: `${entry.time}-${i}`,
              color: entry.state === 9 ? 'red' : entry.state === 6 ? 'green' : 'blue',
              content: <TimelineEntry entry={entry} />,
            }))}
          />
        )}
      </section>
    </Space>
  );
}

/** An order's detail query (the operator reads through its own call, without actions). */
export function useOrderDetail(orderNo: string | null, side: 'buy' | 'sell' | 'admin') {
  return useQuery({
    queryKey: [...TRADE_KEYS.orders, 'detail', orderNo],
    queryFn: () => {
      const input = { body: { orderNo: orderNo! }, quiet: true };
      return side === 'admin' ? call(orderRoutes.adminDetail, input) : call(orderRoutes.detail, input);
    },
    enabled: Boolean(orderNo),
    retry: false,
  });
}

/** The order drawer: snapshot, deadlines, the actions the caller may take now, the timeline. */
export function OrderDrawer({ orderNo, side, onClose }: { orderNo: string | null; side: 'buy' | 'sell' | 'admin'; onClose: () => void }) {
  const { t } = useTranslation('trade');
  const detail = useOrderDetail(orderNo, side);
  const notFound = detail.error instanceof ApiError && detail.error.status === 404;
  return (
    <Drawer
      open={Boolean(orderNo)}
      size="large"
      title={t('orders.detailTitle', { orderNo: orderNo ?? '' })}
      onClose={onClose}
      rootClassName="tc-order-drawer"
    >
      {detail.isPending ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : notFound ? (
        <EmptyState text={t('orders.notFound')} />
      ) : detail.isError ? (
        <LoadError error={detail.error} onRetry={() => void detail.refetch()} />
      ) : (
        <OrderBody order={detail.data} side={side} />
      )}
    </Drawer>
  );
}
