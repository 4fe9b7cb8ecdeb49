import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Badge, Button, Card, Input, Table, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { enumLabel } from '@portal/contracts/constants';
import { ORDER_STATES, ORDER_STATE_VALUES } from '@portal/contracts/trade-constants';
import type { OrderRow } from '@portal/contracts/orders';
import { orderRoutes } from '@portal/contracts/routes/orders';
import { call } from '../../api/client';
import { formatDateTime } from '../../shared/format';
import { LoadError } from '../../shared/query-state';
import { TRADE_KEYS } from '../../shared/trade-query-keys';
import { useLang } from '../../shared/use-lang';
import { Money, Quantity } from '../../shared/money';
import { OrderDrawer, OrderStateTag, runningDeadline } from './order-detail';
import { usePaging } from '../../shared/paging';
import { useOpenParam } from './use-open-param';
import './trade.css';

const ALL = 'all';
type Side = 'buy' | 'sell' | 'admin';

function useColumns(side: Side, onOpen: (orderNo: string) => void) {
  const { t } = useTranslation('trade');
  const counterpart =
    side === 'buy'
      ? [{ title: t('orders.seller'), dataIndex: 'sellerName' }]
      : side === 'sell'
        ? [{ title: t('orders.buyer'), dataIndex: 'buyerName' }]
        : [
            { title: t('orders.buyer'), dataIndex: 'buyerName' },
            { title: t('orders.seller'), dataIndex: 'sellerName' },
          ];
  return [
    {
      title: t('orders.orderNo'),
      dataIndex: 'orderNo',
      // Order numbers are 16 digits: the column fits one whole, so it never runs into the goods.
      width: 180,
      render: (no: string) => (
        <Button type="link" size="small" className="tc-num" onClick={() => onOpen(no)}>
          {no}
        </Button>
      ),
    },
    { title: t('orders.goods'), render: (_: unknown, r: OrderRow) => r.snapshot.goodsSkuName },
    ...counterpart,
    {
      title: t('orders.quantity'),
      align: 'right' as const,
      render: (_: unknown, r: OrderRow) => <Quantity value={r.quantity} unit={r.snapshot.unit} />,
    },
    {
      title: t('orders.amount'),
      align: 'right' as const,
      render: (_: unknown, r: OrderRow) => <Money cents={r.amount} currency={r.currency} />,
    },
    // Wide enough for the longest state name in English ("Awaiting seller confirmation").
    { title: t('orders.state'), width: 220, render: (_: unknown, r: OrderRow) => <OrderStateTag state={r.state} /> },
    {
      title: t('orders.nextDeadline'),
      className: 'tc-num',
      width: 150,
      render: (_: unknown, r: OrderRow) => {
        const d = runningDeadline(r);
        return d ? formatDateTime(d.time) : '-';
      },
    },
    { title: t('orders.createdAt'), className: 'tc-num', width: 150, render: (_: unknown, r: OrderRow) => formatDateTime(r.createdAt) },
    {
      title: t('actions'),
      key: 'actions',
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
  const [state, setState] = useState<string>(ALL);
  const [orderNo, open] = useOpenParam('orderNo');
  const paging = usePaging(8);
  const body = { pageNo: paging.pageNo, pageSize: paging.pageSize, state: state === ALL ? undefined : Number(state) };
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
      <Tabs
        activeKey={state}
        onChange={(key) => {
          setState(key);
          paging.reset();
        }}
        items={[
          { key: ALL, label: `${t('all')} (${total})` },
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
      />
      {rows.isError ? (
        <LoadError error={rows.error} onRetry={() => void rows.refetch()} />
      ) : (
        <Table<OrderRow>
          rowKey="orderNo"
          loading={rows.isFetching && !rows.data}
          dataSource={rows.data?.items}
          pagination={paging.pagination(rows.data?.totalItem)}
          scroll={{ x: 1300 }}
          locale={{ emptyText: t(side === 'buy' ? 'orders.emptyBuy' : 'orders.emptySell') }}
          columns={columns}
        />
      )}
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
  const [state, setState] = useState<string>(ALL);
  const [keyword, setKeyword] = useState('');
  const [orderNo, open] = useOpenParam('orderNo');
  const paging = usePaging(16);
  const body = {
    pageNo: paging.pageNo,
    pageSize: paging.pageSize,
    state: state === ALL ? undefined : Number(state),
    keyword: keyword || undefined,
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
          onSearch={(v) => {
            setKeyword(v.trim());
            paging.reset();
          }}
        />
      </div>
      <Tabs
        activeKey={state}
        onChange={(key) => {
          setState(key);
          paging.reset();
        }}
        items={[
          { key: ALL, label: t('all') },
          ...ORDER_STATE_VALUES.map((s) => ({ key: String(s), label: enumLabel(ORDER_STATES, s, lang) })),
        ]}
      />
      {rows.isError ? (
        <LoadError error={rows.error} onRetry={() => void rows.refetch()} />
      ) : (
        <Table<OrderRow>
          rowKey="orderNo"
          loading={rows.isFetching && !rows.data}
          dataSource={rows.data?.items}
          pagination={paging.pagination(rows.data?.totalItem)}
          scroll={{ x: 1450 }}
          locale={{ emptyText: t('orders.emptyAdmin') }}
          columns={columns}
        />
      )}
      <OrderDrawer orderNo={orderNo} side="admin" onClose={() => open(null)} />
    </Card>
  );
}
