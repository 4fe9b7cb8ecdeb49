import { Descriptions, Tag, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ManagedTender, TenderNegotiation } from '@portal/contracts/tender-trade';
import { formatDateTime } from '../../shared/format';
import { Money } from '../../shared/money';

/** The negotiation round: its question and deadline, how many answered, and the answers once it closed. */
export function NegotiationSection({ negotiation, tender }: { negotiation: TenderNegotiation; tender: ManagedTender }) {
  const { t } = useTranslation('tender');
  return (
    <section className="tt-section" aria-labelledby="tt-negotiation-title" data-testid="negotiation">
      <h3 id="tt-negotiation-title">
        {t(negotiation.kind === 'finalQuote' ? 'negotiation.finalQuoteTitle' : 'negotiation.clarificationTitle')}
      </h3>
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'q', label: t('negotiation.question'), children: negotiation.question, span: 2 },
          {
            key: 'deadline',
            label: t('negotiation.deadline'),
            children: <span className="tabular">{formatDateTime(negotiation.deadline)}</span>,
          },
          {
            key: 'state',
            label: t('negotiation.state'),
            children: negotiation.closed ? (
              <Tag color="success">{t('negotiation.closed')}</Tag>
            ) : (
              <Tag color="processing">{t('negotiation.running', { count: negotiation.answerCount })}</Tag>
            ),
          },
        ]}
      />
      {negotiation.closed ? (
        <Table
          rowKey="bidId"
          size="small"
          pagination={false}
          dataSource={negotiation.answers}
          columns={[
            { title: t('supplier'), dataIndex: 'supplierName' },
            { title: t('negotiation.answer'), dataIndex: 'answer' },
            {
              title: t('negotiation.finalTotal'),
              align: 'right',
              render: (_, a) =>
                a.lines.length ? (
                  <Money
                    cents={a.lines.reduce((s, l) => s + Math.round((l.unitPrice * Math.round(l.quantity * 1000)) / 1000), 0)}
                    currency={tender.currency}
                  />
                ) : (
                  '-'
                ),
            },
            { title: t('time'), className: 'tabular', render: (_, a) => formatDateTime(a.time) },
          ]}
        />
      ) : (
        <p className="tc-muted">{t(negotiation.kind === 'finalQuote' ? 'negotiation.sealedUntil' : 'negotiation.answersAtDeadline')}</p>
      )}
    </section>
  );
}
