import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Segmented, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { supplierRelationRoutes } from '@portal/contracts/routes/supplier-relations';
import type { SupplierApplication } from '@portal/contracts/supplier-relations';
import { ApiError, call } from '../../api/client';
import { useFeedback } from '../../shared/feedback';
import { usePaging } from '../../shared/paging';
import { LoadError } from '../../shared/query-state';
import { TRADE_KEYS } from '../../shared/trade-query-keys';
import { formatTime } from './format';

const STATE_COLORS = { pending: 'processing', accepted: 'success', declined: 'default' } as const;
type Filter = 'pending' | 'all';

/**
 * Suppliers asking to join the company's list (from a tender they could not bid on). Accepting
 * adds the supplier to the list below at once; either way the supplier is told.
 */
export function SupplierApplications({ supplierListKey }: { supplierListKey: readonly string[] }) {
  const { t } = useTranslation('admin');
  const { message, modal } = useFeedback();
  const client = useQueryClient();
  const [filter, setFilter] = useState<Filter>('pending');
  const paging = usePaging(8);
  const body = { pageNo: paging.pageNo, pageSize: paging.pageSize, state: filter === 'pending' ? ('pending' as const) : undefined };
  const rows = useQuery({
    queryKey: [...TRADE_KEYS.suppliers, 'applications', body],
    queryFn: () => call(supplierRelationRoutes.applications, { body }),
    placeholderData: keepPreviousData,
  });
  const decide = useMutation({
    mutationFn: (input: { applicationId: string; accept: boolean }) => call(supplierRelationRoutes.decide, { body: input, quiet: true }),
    onSuccess: (_, { accept }) => {
      message.success({ content: t(accept ? 'suppliers.applications.accepted' : 'suppliers.applications.declined'), duration: 3 });
      void client.invalidateQueries({ queryKey: TRADE_KEYS.suppliers });
      if (accept) void client.invalidateQueries({ queryKey: supplierListKey });
    },
    onError: (err) =>
      message.error({ content: err instanceof ApiError && err.message ? err.message : t('suppliers.applications.failed'), duration: 3 }),
  });
  const ask = (row: SupplierApplication, accept: boolean) =>
    modal.confirm({
      title: t(accept ? 'suppliers.applications.acceptTitle' : 'suppliers.applications.declineTitle', { name: row.supplierName }),
      content: t(accept ? 'suppliers.applications.acceptText' : 'suppliers.applications.declineText'),
      okText: t(accept ? 'suppliers.applications.accept' : 'suppliers.applications.decline'),
      okButtonProps: { danger: !accept },
      cancelText: t('suppliers.applications.cancel'),
      onOk: () => decide.mutateAsync({ applicationId: row.applicationId, accept }).catch(() => undefined),
    });
  const pending = filter === 'pending' ? (rows.data?.totalItem ?? 0) : null;
  return (
    <Card
      className="supplier-applications"
      title={
        <Space>
          {t('suppliers.applications.title')}
          {pending ? <Badge count={pending} aria-label={t('suppliers.applications.pendingCount', { count: pending })} /> : null}
        </Space>
      }
      extra={
        <Segmented<Filter>
          value={filter}
          onChange={(v) => {
            setFilter(v);
            paging.reset();
          }}
          options={[
            { value: 'pending', label: t('suppliers.applications.pending') },
            { value: 'all', label: t('suppliers.applications.all') },
          ]}
        />
      }
      style={{ marginBottom: 16 }}
    >
      {rows.isError ? (
        <LoadError compact error={rows.error} onRetry={() => void rows.refetch()} />
      ) : (
        <Table<SupplierApplication>
          rowKey="applicationId"
          size="small"
          loading={rows.isFetching}
          dataSource={rows.data?.items}
          pagination={paging.pagination(rows.data?.totalItem)}
          scroll={{ x: 760 }}
          locale={{ emptyText: t('suppliers.applications.empty') }}
          onRow={(r) => ({ 'data-testid': 'application-row', 'data-supplier': r.supplierName }) as React.HTMLAttributes<HTMLElement>}
          columns={[
            { title: t('suppliers.companyName'), dataIndex: 'supplierName' },
            { title: t('suppliers.applications.remark'), dataIndex: 'remark', render: (v: string) => v || '-' },
            { title: t('suppliers.applications.time'), dataIndex: 'time', className: 'tabular', render: (v: string) => formatTime(v) },
            {
              title: t('suppliers.applications.state'),
              dataIndex: 'state',
              render: (v: SupplierApplication['state']) => <Tag color={STATE_COLORS[v]}>{t(`suppliers.applications.states.${v}`)}</Tag>,
            },
            {
              title: t('suppliers.applications.actions'),
              key: 'actions',
              width: 160,
              render: (_, r) =>
                r.state === 'pending' ? (
                  <Space size={0}>
                    <Button type="link" size="small" onClick={() => ask(r, true)} data-testid="application-accept">
                      {t('suppliers.applications.accept')}
                    </Button>
                    <Button type="link" size="small" danger onClick={() => ask(r, false)} data-testid="application-decline">
                      {t('suppliers.applications.decline')}
                    </Button>
                  </Space>
                ) : (
                  '-'
                ),
            },
          ]}
        />
      )}
    </Card>
  );
}
