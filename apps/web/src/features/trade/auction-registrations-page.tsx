import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Table, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RegisteredAuctionSpace } from '@portal/contracts/auction-trade';
import { AUCTION_MODES, SPACE_STATUSES, enumLabel } from '@portal/contracts/constants';
import { auctionTradeRoutes } from '@portal/contracts/routes/auction-trade';
import { call } from '../../api/client';
import { formatDateTime } from '../../shared/format';
import { LoadError } from '../../shared/query-state';
import { TRADE_KEYS } from '../../shared/trade-query-keys';
import { useLang } from '../../shared/use-lang';
import { SpaceStatusTag, roomHref } from './auction-space-detail';
import { Money } from './money';
import { usePaging } from './paging';
import './trade.css';

const ALL = 'all';
const TABS = [2, 4, 7, 8, 6, 5] as const;
const DEPOSIT_COLORS = { frozen: 'processing', released: 'default', kept: 'gold', forfeited: 'error' } as const;

/** 参与的竞价: the spaces the company registered for, its alias and deposit, and the way into each room. */
export function AuctionRegistrationsPage() {
  const { t } = useTranslation('auction');
  const lang = useLang();
  const [status, setStatus] = useState<string>(ALL);
  const paging = usePaging(8);
  const body = { pageNo: paging.pageNo, pageSize: paging.pageSize, spaceStatus: status === ALL ? undefined : Number(status) };
  const rows = useQuery({
    queryKey: [...TRADE_KEYS.auctions, 'registered', body],
    queryFn: () => call(auctionTradeRoutes.registeredPage, { body }),
    placeholderData: keepPreviousData,
  });
  return (
    <Card className="tc-page">
      <Tabs
        activeKey={status}
        onChange={(key) => {
          setStatus(key);
          paging.reset();
        }}
        items={[{ key: ALL, label: t('all') }, ...TABS.map((s) => ({ key: String(s), label: enumLabel(SPACE_STATUSES, s, lang) }))]}
      />
      {rows.isError ? (
        <LoadError error={rows.error} onRetry={() => void rows.refetch()} />
      ) : (
        <Table<RegisteredAuctionSpace>
          rowKey="spaceId"
          loading={rows.isFetching}
          dataSource={rows.data?.items}
          pagination={paging.pagination(rows.data?.totalItem)}
          scroll={{ x: 1100 }}
          locale={{ emptyText: t('registered.empty') }}
          columns={[
            {
              title: t('space.spaceName'),
              render: (_, r) => (
                <div>
                  <div>{r.spaceName}</div>
                  <Typography.Text type="secondary">
                    {r.spaceInfoUser} · {enumLabel(AUCTION_MODES, r.spaceAuctionMode, lang)}
                  </Typography.Text>
                </div>
              ),
            },
            { title: t('space.status'), render: (_, r) => <SpaceStatusTag space={r} /> },
            {
              title: t('space.time'),
              className: 'tc-num',
              render: (_, r) => (
                <div>
                  <div>{formatDateTime(r.auctionBeginTime)}</div>
                  <div className="tc-muted">~ {formatDateTime(r.auctionEndTime)}</div>
                </div>
              ),
            },
            { title: t('registered.alias'), render: (_, r) => <span data-testid="registered-alias">{r.myRegistration.alias}</span> },
            {
              title: t('registered.deposit'),
              align: 'right',
              render: (_, r) => (
                <div>
                  <Money cents={r.myRegistration.deposit} currency={r.myRegistration.currency} />
                  <div>
                    <Tag color={DEPOSIT_COLORS[r.myRegistration.depositState]} data-testid="registered-deposit-state">
                      {t(`registered.depositStates.${r.myRegistration.depositState}`)}
                    </Tag>
                  </div>
                </div>
              ),
            },
            { title: t('registered.time'), className: 'tc-num', render: (_, r) => formatDateTime(r.myRegistration.time) },
            {
              title: t('actions'),
              key: 'actions',
              fixed: 'right',
              render: (_, r) => (
                <a href={roomHref(r, 1)} target="_blank" rel="noreferrer" data-testid="registered-room-link">
                  {r.spaceStatus >= 6 ? t('mine.result') : r.spaceStatus === 4 ? t('registered.goBid') : t('mine.room')}
                </a>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}
