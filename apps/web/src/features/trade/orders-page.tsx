import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Badge, Button, Card, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { enumLabel } from '@portal/contracts/constants';
import { ORDER_STATES, ORDER_STATE_VALUES } from '@portal/contracts/trade-constants';
import type { OrderRow } from '@portal/contracts/orders';
import { orderRoutes } from '@portal/contracts/routes/orders';
import { call } from '../../api/client';
import { formatDateTime } from '../../shared/format';
import { TRADE_KEYS } from '../../shared/trade-query-keys';
import { useLang } from '../../shared/use-lang';
import { Money, Quantity } from '../../shared/money';
import { OrderDrawer, OrderStateTag, OverdueTag, overdueDeadline, runningDeadline, useMinuteClock } from './order-detail';
import { ALL_STATES, StateList, useListFilter } from '../../shared/state-list';
import { useOpenParam } from '../../shared/use-open-param';
import '../../shared/user-centre.css';

type Side = 'buy' | 'sell' | 'admin';

function useColumns(side: Side, onOpen: (orderNo: string) => void) {
  const { t } = useTranslation('trade');
  const now = useMinuteClock();
  const counterpart =
    side === 'buy'
      ? [{ title: t('orders.seller'), dataIndex: 'sellerName', ellipsis: true }]
      : side === 'sell'
        ? [{ title: t('orders.buyer'), dataIndex: 'buyerName', ellipsis: true }]
        : [
            { title: t('orders.buyer'), dataIndex: 'buyerName', ellipsis: true },
            { title: t('orders.seller'), dataIndex: 'sellerName', ellipsis: true },
          ];
  return [
    {
      title: t('orders.orderNo'),
      dataIndex: 'orderNo',
      // Order numbers are 16 digits: the column fits one whole, so it never runs into the goods.
      width: 164,
      render: (no: string) => (
        <Button type="link" size="small" className="tc-num" onClick={() => onOpen(no)}>
          {no}
        </Button>
      ),
    },
    { title: t('orders.goods'), ellipsis: true, render: (_: unknown, r: OrderRow) => r.snapshot.goodsSkuName },
    ...counterpart,
    {
      title: t('orders.quantity'),
      align: 'right' as const,
      width: 116,
      render: (_: unknown, r: OrderRow) => <Quantity value={r.quantity} unit={r.snapshot.unit} />,
    },
    {
      title: t('orders.amount'),
      align: 'right' as const,
      // Room for ￥9,999,999.99 beside the state tags.
      width: 140,
      render: (_: unknown, r: OrderRow) => <Money cents={r.amount} currency={r.currency} />,
    },
    // Long state names (English "Awaiting seller confirmation") wrap inside their tag (trade.css).
    {
      title: t('orders.state'),
      width: 132,
      className: 'tc-state-cell',
      render: (_: unknown, r: OrderRow) => (
        <>
          <OrderStateTag state={r.state} />
          {overdueDeadline(r, now) ? <OverdueTag /> : null}
        </>
      ),
    },
    {
      title: t('orders.nextDeadline'),
      className: 'tc-num',
      width: 140,
      render: (_: unknown, r: OrderRow) => {
        const d = runningDeadline(r);
        if (!d) return '-';
        return overdueDeadline(r, now) ? <span className="tc-overdue">{formatDateTime(d.time)}</span> : formatDateTime(d.time);
      },
    },
    { title: t('orders.createdAt'), className: 'tc-num', width: 140, render: (_: unknown, r: OrderRow) => formatDateTime(r.createdAt) },
    {
      title: t('actions'),
      key: 'actions',
      width: 72,
      fixed: 'right' as const,
      render: (_: unknown, r: OrderRow) => (
        <Button type="link" size="small" onClick={() => onOpen(r.orderNo)}>
          {r.actions.length > 0 ? t('orders.handle') : t('orders.view')}
        </Button>
      ),
    },
  ];
}

/** 采购订单 / 销售订单: state tabs with counts, the list, the detail drawer. */
function CompanyOrdersPage({ side }: { side: 'buy' | 'sell' }) {
  const { t } = useTranslation('trade');
  const lang = useLang();
  const filter = useListFilter(8);
  const [orderNo, open] = useOpenParam('orderNo');
  const body = { pageNo: filter.paging.pageNo, pageSize: filter.paging.pageSize, state: filter.stateNumber };
  const rows = useQuery({
    queryKey: [...TRADE_KEYS.orders, side, body],
    queryFn: () => (side === 'buy' ? call(orderRoutes.buyPage, { body }) : call(orderRoutes.sellPage, { body })),
    placeholderData: keepPreviousData,
  });
  const counts = rows.data?.counts ?? {};
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  const columns = useColumns(side, open);
  return (
    <Card className="tc-page">
      <StateList<OrderRow>
        filter={filter}
        choices={[
          { key: ALL_STATES, label: `${t('all')} (${total})` },
          ...ORDER_STATE_VALUES.map((s) => ({
            key: String(s),
            label: (
              <span data-testid={`order-tab-${s}`}>
                {enumLabel(ORDER_STATES, s, lang)}{' '}
                <Badge count={counts[String(s)] ?? 0} showZero color={counts[String(s)] ? undefined : '#bfbfbf'} overflowCount={999} />
              </span>
            ),
          })),
        ]}
        rows={rows}
        size="middle"
        rowKey="orderNo"
        // Fits beside the sidebar on a 1440 px screen, the order time included; narrower screens
        // scroll sideways.
        scrollX={1120}
        emptyText={t(side === 'buy' ? 'orders.emptyBuy' : 'orders.emptySell')}
        columns={columns}
      />
      <OrderDrawer orderNo={orderNo} side={side} onClose={() => open(null)} />
    </Card>
  );
}

export function PurchaseOrdersPage() {
  return <CompanyOrdersPage side="buy" />;
}

export function SalesOrdersPage() {
  return <CompanyOrdersPage side="sell" />;
}

/** 订单监管 (operator): every order with state and keyword filters; read-only detail. */
export function AdminOrdersPage() {
  const { t } = useTranslation('trade');
  const lang = useLang();
  const filter = useListFilter(16);
  const [orderNo, open] = useOpenParam('orderNo');
  const body = {
    pageNo: filter.paging.pageNo,
    pageSize: filter.paging.pageSize,
    state: filter.stateNumber,
    keyword: filter.keyword || undefined,
  };
  const rows = useQuery({
    queryKey: [...TRADE_KEYS.orders, 'admin', body],
    queryFn: () => call(orderRoutes.adminPage, { body }),
    placeholderData: keepPreviousData,
  });
  const columns = useColumns('admin', open);
  return (
    <Card className="tc-page">
      <div className="tc-toolbar">
        <Input.Search
          allowClear
          aria-label={t('orders.keyword')}
          placeholder={t('orders.keyword')}
          style={{ maxWidth: 320 }}
          onSearch={filter.search}
        />
      </div>
      <StateList<OrderRow>
        filter={filter}
        choices={[
          { key: ALL_STATES, label: t('all') },
          ...ORDER_STATE_VALUES.map((s) => ({ key: String(s), label: enumLabel(ORDER_STATES, s, lang) })),
        ]}
        rows={rows}
        size="middle"
        rowKey="orderNo"
        scrollX={1300}
        emptyText={t('orders.emptyAdmin')}
        columns={columns}
      />
      <OrderDrawer orderNo={orderNo} side="admin" onClose={() => open(null)} />
    </Card>
  );
}
