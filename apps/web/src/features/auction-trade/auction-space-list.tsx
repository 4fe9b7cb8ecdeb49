import type { UseQueryResult } from '@tanstack/react-query';
import { Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { ManagedAuctionSpace } from '@portal/contracts/auction-trade';
import { SPACE_STATUSES, enumLabel } from '@portal/contracts/constants';
import { AUCTION_MODES } from '@portal/contracts/trade-constants';
import { formatDateTime } from '../../shared/format';
import { useLang } from '../../shared/use-lang';
import { ALL_STATES, StateList, type ListFilter } from '../../shared/state-list';

interface SpaceListProps<T extends ManagedAuctionSpace> {
  filter: ListFilter;
  /** The statuses to choose from, after 全部 when `all` is set. */
  tabs: readonly number[];
  all?: boolean;
  rows: UseQueryResult<{ items: T[]; totalItem: number }>;
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

/** A list of auction spaces by status: the name with its mode, the caller's columns, the bidding time. */
export function SpaceList<T extends ManagedAuctionSpace>({
  filter,
  tabs,
  all = false,
  rows,
  empty,
  subtitle,
  before,
  after,
  scrollX = 1000,
}: SpaceListProps<T>) {
  const { t } = useTranslation('auction');
  const lang = useLang();
  return (
    <StateList<T>
      filter={filter}
      choices={[
        ...(all ? [{ key: ALL_STATES, label: t('all') }] : []),
        ...tabs.map((s) => ({ key: String(s), label: enumLabel(SPACE_STATUSES, s, lang) })),
      ]}
      rows={rows}
      rowKey="spaceId"
      scrollX={scrollX}
      emptyText={empty}
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
