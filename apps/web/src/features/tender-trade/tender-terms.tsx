import { Button, Descriptions, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PAYMENT_TYPES, enumLabel } from '@portal/contracts/constants';
import { EVALUATION_METHOD_LABELS, TENDER_TYPE_LABELS, type ManagedTender } from '@portal/contracts/tender-trade';
import { FileLinks } from '../../shared/file-list-field';
import { formatDateTime, formatQuantity } from '../../shared/format';
import { Money } from '../../shared/money';
import { useLang } from '../../shared/use-lang';
import { buyerActions } from './tender-rules';
import { TenderStateTag } from './tender-state';

/** The tender's name, state and type, and the buyer's actions on it now (none in the operator's view). */
export function TenderHead({
  tender,
  readOnly,
  onEdit,
  onPublish,
  onCancel,
  onNegotiate,
}: {
  tender: ManagedTender;
  readOnly?: boolean;
  onEdit?: (tender: ManagedTender) => void;
  onPublish?: (tender: ManagedTender) => void;
  onCancel?: (tender: ManagedTender) => void;
  onNegotiate: () => void;
}) {
  const { t } = useTranslation('tender');
  const lang = useLang();
  const can = buyerActions(tender);
  return (
    <div className="tt-head">
      <Typography.Title level={4} className="tt-title">
        {tender.tenderName}
      </Typography.Title>
      <TenderStateTag state={tender.objState} />
      <Tag>{enumLabel(TENDER_TYPE_LABELS, tender.tenderType, lang)}</Tag>
      {readOnly ? null : (
        <Space wrap className="tc-toolbar-end">
          {can.edit && onEdit ? <Button onClick={() => onEdit(tender)}>{t('edit')}</Button> : null}
          {can.publish && onPublish ? (
            <Button type="primary" onClick={() => onPublish(tender)}>
              {t('publish')}
            </Button>
          ) : null}
          {can.negotiate ? (
            <Button onClick={onNegotiate} data-testid="negotiate-open">
              {t(tender.tenderType === 'inquiry' ? 'negotiation.askFinalQuotes' : 'negotiation.askClarification')}
            </Button>
          ) : null}
          {can.cancel && onCancel ? (
            <Button danger onClick={() => onCancel(tender)}>
              {t('cancelTender')}
            </Button>
          ) : null}
        </Space>
      )}
    </div>
  );
}

/** The tender's terms: its number, times, evaluation, money, contact and documents. */
export function TenderTerms({ tender }: { tender: ManagedTender }) {
  const { t } = useTranslation('tender');
  const lang = useLang();
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, md: 2, xl: 3 }}
      items={[
        { key: 'no', label: t('tenderNo'), children: <span className="tabular">{tender.tenderNo}</span> },
        { key: 'begin', label: t('bidBeginTime'), children: <span className="tabular">{formatDateTime(tender.bidBeginTime)}</span> },
        { key: 'end', label: t('bidEndTime'), children: <span className="tabular">{formatDateTime(tender.bidEndTime)}</span> },
        { key: 'open', label: t('openTime'), children: <span className="tabular">{formatDateTime(tender.openTime)}</span> },
        {
          key: 'method',
          label: t('evaluationMethod'),
          children:
            enumLabel(EVALUATION_METHOD_LABELS, tender.evaluationMethod, lang) +
            (tender.evaluationMethod === 'scoring' ? ` · ${t('priceWeight')} ${tender.priceWeight}%` : ''),
        },
        { key: 'min', label: t('minValidBids'), children: tender.minValidBids },
        { key: 'currency', label: t('currency'), children: tender.currency },
        { key: 'payment', label: t('paymentType'), children: enumLabel(PAYMENT_TYPES, tender.paymentType, lang) },
        {
          key: 'deposit',
          label: t('deposit'),
          children: tender.deposit ? <Money cents={tender.deposit} currency={tender.currency} /> : '-',
        },
        { key: 'contact', label: t('contactName'), children: [tender.contactName, tender.contactPhone].filter(Boolean).join(' ') || '-' },
        {
          key: 'published',
          label: t('publishTime'),
          children: <span className="tabular">{formatDateTime(tender.publishTime) || '-'}</span>,
        },
        {
          key: 'docs',
          label: t('documents'),
          children: tender.documentFileIds.length ? <FileLinks fileIds={tender.documentFileIds} /> : '-',
        },
      ]}
    />
  );
}

/** The goods the tender asks for, one row per line. */
export function TenderLines({ tender }: { tender: ManagedTender }) {
  const { t } = useTranslation('tender');
  return (
    <section className="tt-section" aria-labelledby="tt-lines-title">
      <h3 id="tt-lines-title">{t('lines')}</h3>
      <Table
        rowKey="lineNo"
        size="small"
        pagination={false}
        dataSource={tender.lines}
        scroll={{ x: 760 }}
        columns={[
          { title: '#', dataIndex: 'lineNo', width: 48 },
          { title: t('goodsName'), dataIndex: 'goodsName' },
          { title: t('specification'), dataIndex: 'specification' },
          {
            title: t('quantity'),
            align: 'right',
            render: (_, l) => <span className="tabular">{formatQuantity(l.quantity, l.unit)}</span>,
          },
          { title: t('deliveryPlace'), dataIndex: 'deliveryPlace' },
          { title: t('deliveryDate'), dataIndex: 'deliveryDate', className: 'tabular' },
        ]}
      />
    </section>
  );
}
