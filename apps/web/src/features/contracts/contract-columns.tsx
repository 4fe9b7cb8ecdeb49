import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { enumLabel } from '@portal/contracts/constants';
import { CONTRACT_SIDE_LABELS } from '@portal/contracts/contract-terms';
import type { ContractRow } from '@portal/contracts/contracts';
import { formatDateTime } from '../../shared/format';
import { Money } from '../../shared/money';
import { useLang } from '../../shared/use-lang';
import { ContractStateTag } from './contract-parts';

/** Whether the reader's company still has to sign this contract. */
export const awaitsMe = (row: ContractRow) => row.state === 1 && row.myPartyState === 0;

/** The columns of a contract list: a party sees its side and the other company, the operator both companies. */
export function useContractColumns(reader: 'party' | 'admin', onOpen: (contractNo: string) => void) {
  const { t } = useTranslation('contracts');
  const lang = useLang();
  const companies =
    reader === 'party'
      ? [
          {
            title: t('list.role'),
            width: 88,
            render: (_: unknown, r: ContractRow) => (r.mySide ? enumLabel(CONTRACT_SIDE_LABELS, r.mySide, lang) : '-'),
          },
          {
            title: t('list.counterpart'),
            width: 150,
            ellipsis: true,
            render: (_: unknown, r: ContractRow) => (r.mySide === 'buyer' ? r.sellerName : r.buyerName),
          },
        ]
      : [
          { title: t('list.buyer'), dataIndex: 'buyerName', width: 150, ellipsis: true },
          { title: t('list.seller'), dataIndex: 'sellerName', width: 150, ellipsis: true },
        ];
  return [
    {
      title: t('list.contractNo'),
      dataIndex: 'contractNo',
      width: 172,
      render: (no: string) => (
        <Button type="link" size="small" className="tc-num" onClick={() => onOpen(no)}>
          {no}
        </Button>
      ),
    },
    // A party finds the order in the contract's detail; the operator searches by it.
    ...(reader === 'admin' ? [{ title: t('list.orderNo'), dataIndex: 'orderNo', width: 156, className: 'tc-num' }] : []),
    { title: t('list.goods'), dataIndex: 'goodsName', ellipsis: true },
    ...companies,
    {
      title: t('list.amount'),
      align: 'right' as const,
      width: 140,
      render: (_: unknown, r: ContractRow) => <Money cents={r.amount} currency={r.currency} />,
    },
    // Long state names (English "Awaiting signatures") wrap inside their tag (trade.css).
    {
      title: t('list.state'),
      width: 132,
      className: 'tc-state-cell',
      render: (_: unknown, r: ContractRow) => <ContractStateTag state={r.state} />,
    },
    { title: t('list.signBy'), className: 'tc-num', width: 136, render: (_: unknown, r: ContractRow) => formatDateTime(r.signBy) },
    // The operator also sees when each was made; a party sees its deadline to sign.
    ...(reader === 'admin'
      ? [
          {
            title: t('list.createdAt'),
            className: 'tc-num',
            width: 140,
            render: (_: unknown, r: ContractRow) => formatDateTime(r.createdAt),
          },
        ]
      : []),
    {
      title: t('actions'),
      key: 'actions',
      width: 64,
      fixed: 'right' as const,
      render: (_: unknown, r: ContractRow) => (
        <Button type="link" size="small" onClick={() => onOpen(r.contractNo)} data-testid={`contract-open-${r.contractNo}`}>
          {reader === 'party' && awaitsMe(r) ? t('list.sign') : t('list.view')}
        </Button>
      ),
    },
  ];
}
