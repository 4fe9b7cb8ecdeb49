import { Card, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RegisteredAuctionSpace } from '@portal/contracts/auction-trade';
import { useAliasLabel } from '../../shared/auction-alias';
import { formatDateTime } from '../../shared/format';
import { SpaceStatusTag, roomHref } from './auction-space-detail';
import { SpaceList } from './auction-space-list';
import { Money } from '../../shared/money';
import { useListFilter } from '../../shared/state-list';
import { useRegisteredSpaces } from './queries';
import '../../shared/user-centre.css';

const TABS = [2, 4, 7, 8, 6, 5] as const;
const DEPOSIT_COLORS = { frozen: 'processing', released: 'default', kept: 'gold', forfeited: 'error' } as const;

/** 参与的竞价: the spaces the company registered for, its alias and deposit, and the way into each room. */
export function AuctionRegistrationsPage() {
  const { t } = useTranslation('auction');
  const aliasLabel = useAliasLabel();
  const filter = useListFilter(8);
  const body = { pageNo: filter.paging.pageNo, pageSize: filter.paging.pageSize, spaceStatus: filter.stateNumber };
  const rows = useRegisteredSpaces(body);
  return (
    <Card className="tc-page">
      <SpaceList<RegisteredAuctionSpace>
        filter={filter}
        tabs={TABS}
        all
        rows={rows}
        empty={t('registered.empty')}
        subtitle="publisher"
        scrollX={1160}
        before={[{ title: t('space.status'), render: (_, r) => <SpaceStatusTag space={r} /> }]}
        after={[
          {
            title: t('registered.alias'),
            render: (_, r) => <span data-testid="registered-alias">{aliasLabel(r.myRegistration.alias)}</span>,
          },
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
    </Card>
  );
}
