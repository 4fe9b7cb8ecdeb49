import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DepositEntry } from '@portal/contracts/deposits';
import { formatDateTime } from '../../shared/format';
import { KIND_COLOR, KIND_SIGN } from './deposit-labels';
import { Money } from '../../shared/money';

interface LedgerTableProps {
  rows: DepositEntry[] | undefined;
  loading: boolean;
  pagination: object;
}

/** The ledger: time, kind, amount, reference, balance and frozen after each entry. */
export function LedgerTable({ rows, loading, pagination }: LedgerTableProps) {
  const { t } = useTranslation('trade');
  return (
    <Table<DepositEntry>
      size="middle"
      rowKey="id"
      loading={loading}
      dataSource={rows}
      pagination={pagination}
      scroll={{ x: 760 }}
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
        { title: t('deposit.reference'), dataIndex: 'reference', className: 'tc-reference' },
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
  );
}
