import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DepositEntry } from '@portal/contracts/deposits';
import { Link } from 'react-router';
import { referenceMeaning, referenceWords } from '@portal/contracts/reader';
import { formatDateTime } from '../../shared/format';
import { useLang } from '../../shared/use-lang';
import { KIND_COLOR, KIND_SIGN } from './deposit-labels';
import { Money } from '../../shared/money';
import { ScrollRegion } from '../../shared/scroll-region';

/** Where each kind of reference is shown: the order, registration or bid the money was for. */
function referenceHref(entry: DepositEntry): string | null {
  const { kind, id } = referenceMeaning(entry.reference);
  // The receiving side of a forfeit is the seller's order.
  if (kind === 'order')
    return `${entry.kind === 'forfeit' && entry.balanceChange > 0 ? '/trade/sales-orders' : '/trade/purchase-orders'}?orderNo=${encodeURIComponent(id)}`;
  if (kind === 'auctionRegistration') return '/trade/auction-registrations';
  if (kind === 'tenderBid') return '/trade/tender-bids';
  if (kind === 'auction') return `/auctionBuyerDetail?openType=3&spaceId=${encodeURIComponent(id)}`;
  return null;
}

/** A ledger entry's reference in words ("order 2026…", not `order:2026…`), linked to what it was for. */
function Reference({ entry }: { entry: DepositEntry }) {
  const lang = useLang();
  const words = referenceWords(entry.reference, lang);
  const href = referenceHref(entry);
  return href ? <Link to={href}>{words}</Link> : <span>{words}</span>;
}

interface LedgerTableProps {
  rows: DepositEntry[] | undefined;
  loading: boolean;
  pagination: object;
}

/** The ledger: time, kind, amount, reference, balance and frozen after each entry. */
export function LedgerTable({ rows, loading, pagination }: LedgerTableProps) {
  const { t } = useTranslation('trade');
  return (
    <ScrollRegion label={t('deposit.ledger')} minWidth={760}>
      <Table<DepositEntry>
        size="middle"
        rowKey="id"
        loading={loading}
        dataSource={rows}
        pagination={pagination}
        data-testid="deposit-ledger"
        columns={[
          { title: t('deposit.time'), dataIndex: 'time', className: 'tc-num', render: (v: string) => formatDateTime(v) },
          {
            title: t('deposit.kind'),
            dataIndex: 'kind',
            render: (kind: DepositEntry['kind']) => <Tag color={KIND_COLOR[kind]}>{t(`deposit.kinds.${kind}`)}</Tag>,
          },
          {
            title: t('deposit.amount'),
            dataIndex: 'amount',
            align: 'right',
            render: (_: number, e) => <Money cents={e.amount} currency={e.currency} signed={KIND_SIGN[e.kind]} />,
          },
          {
            title: t('deposit.reference'),
            dataIndex: 'reference',
            className: 'tc-reference',
            render: (_: string, e) => <Reference entry={e} />,
          },
          {
            title: t('deposit.balanceAfter'),
            dataIndex: 'balanceAfter',
            align: 'right',
            render: (_: number, e) => <Money cents={e.balanceAfter} currency={e.currency} />,
          },
          {
            title: t('deposit.frozenAfter'),
            dataIndex: 'frozenAfter',
            align: 'right',
            render: (_: number, e) => <Money cents={e.frozenAfter} currency={e.currency} />,
          },
        ]}
      />
    </ScrollRegion>
  );
}
