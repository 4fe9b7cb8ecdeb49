import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AuctionRoomBid } from '@portal/contracts/auction-trade';
import { formatPrice, formatQuantity } from '../../../shared/format';
import { useAliasLabel } from '../../../shared/auction-alias';
import { ScrollRegion } from '../../../shared/scroll-region';
import { timeOf } from './time-of';

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
    <ScrollRegion label={t('room.history')} minWidth={520}>
      <Table<AuctionRoomBid>
        size="small"
        rowKey="seq"
        pagination={false}
        dataSource={[...bids].sort((a, b) => b.seq - a.seq)}
        locale={{ emptyText: t('room.noBids') }}
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
    </ScrollRegion>
  );
}
