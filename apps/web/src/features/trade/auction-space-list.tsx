import type { UseQueryResult } from '@tanstack/react-query';
import { Table, Tabs, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { ManagedAuctionSpace } from '@portal/contracts/auction-trade';
import { SPACE_STATUSES, enumLabel } from '@portal/contracts/constants';
import { AUCTION_MODES } from '@portal/contracts/trade-constants';
import { formatDateTime } from '../../shared/format';
import { LoadError } from '../../shared/query-state';
import { useLang } from '../../shared/use-lang';
import type { usePaging } from '../../shared/paging';

/** The status tabs of an auction list (with 全部 first when `all` names its key). */
export function SpaceStatusTabs({
  tabs,
  value,
  all,
  onChange,
}: {
  tabs: readonly number[];
  value: string;
  all?: string;
  onChange: (key: string) => void;
}) {
  const { t } = useTranslation('auction');
  const lang = useLang();
  return (
    <Tabs
      activeKey={value}
      onChange={onChange}
      items={[
        ...(all ? [{ key: all, label: t('all') }] : []),
        ...tabs.map((s) => ({ key: String(s), label: enumLabel(SPACE_STATUSES, s, lang) })),
      ]}
    />
  );
}

interface SpaceTableProps<T extends ManagedAuctionSpace> {
  rows: UseQueryResult<{ items: T[]; totalItem: number }>;
  paging: ReturnType<typeof usePaging>;
  empty: string;
  /** Under the name: the pieces (the owner's and the operator's lists) or the publisher (registrations). */
  subtitle: 'pieces' | 'publisher';
  /** The columns between the name and the time. */
  before: ColumnsType<T>;
  /** The columns after the time, the actions last. */
  after: ColumnsType<T>;
  /** The width below which the table scrolls sideways (the fixed actions column stays). */
  scrollX?: number;
}

/** A page of auction spaces: the name with its mode, the caller's columns, the bidding time; loading, empty and error states. */
export function SpaceTable<T extends ManagedAuctionSpace>({
  rows,
  paging,
  empty,
  subtitle,
  before,
  after,
  scrollX = 1000,
}: SpaceTableProps<T>) {
  const { t } = useTranslation('auction');
  const lang = useLang();
  if (rows.isError) return <LoadError error={rows.error} onRetry={() => void rows.refetch()} />;
  return (
    <Table<T>
      rowKey="spaceId"
      loading={rows.isFetching}
      dataSource={rows.data?.items}
      pagination={paging.pagination(rows.data?.totalItem)}
      scroll={{ x: scrollX }}
      locale={{ emptyText: empty }}
      columns={[
        {
          title: t('space.spaceName'),
          width: 260,
          render: (_, r) => (
            <div>
              <div>{r.spaceName}</div>
              <Typography.Text type="secondary">
                {subtitle === 'publisher' ? `${r.spaceInfoUser} · ` : ''}
                {enumLabel(AUCTION_MODES, r.spaceAuctionMode, lang)}
                {subtitle === 'pieces' ? ` · ${t('space.pieceCount', { count: r.itemList.length })}` : ''}
              </Typography.Text>
            </div>
          ),
        },
        ...before,
        {
          title: t('space.time'),
          className: 'tc-num',
          width: 190,
          render: (_, r) => (
            <div>
              <div>{formatDateTime(r.auctionBeginTime)}</div>
              <div className="tc-muted">~ {formatDateTime(r.auctionEndTime)}</div>
            </div>
          ),
        },
        ...after,
      ]}
    />
  );
}
