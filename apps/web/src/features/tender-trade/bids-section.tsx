import { Descriptions, Skeleton, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ManagedTender, TenderBid } from '@portal/contracts/tender-trade';
import { FileLinks } from '../../shared/file-list-field';
import { formatDateTime, formatQuantity } from '../../shared/format';
import { Money } from '../../shared/money';
import { LoadError } from '../../shared/query-state';
import { AwardForm } from './award-form';
import { EvaluationForm } from './evaluation-form';
import { NegotiationSection } from './negotiation-section';
import { useTenderBids } from './queries';
import { buyerActions } from './tender-rules';
import { BidStateTag, lineLabel } from './tender-state';

/** The priced lines of one bid (the expanded row of the bid table). */
function BidLines({ bid, tender }: { bid: TenderBid; tender: ManagedTender }) {
  const { t } = useTranslation('tender');
  return (
    <Table
      rowKey="lineNo"
      size="small"
      pagination={false}
      dataSource={bid.lines}
      columns={[
        { title: t('line'), render: (_, l) => lineLabel(tender.lines, l.lineNo) },
        { title: t('unitPrice'), align: 'right', render: (_, l) => <Money cents={l.unitPrice} currency={tender.currency} /> },
        {
          title: t('quantity'),
          align: 'right',
          render: (_, l) => (
            <span className="tabular">{formatQuantity(l.quantity, tender.lines.find((x) => x.lineNo === l.lineNo)?.unit)}</span>
          ),
        },
        { title: t('deliveryDate'), className: 'tabular', dataIndex: 'deliveryDate' },
      ]}
    />
  );
}

/** Before the opening: the count alone. After: the opening record, the bid table and what the buyer decides next. */
export function BidsSection({ tender }: { tender: ManagedTender }) {
  const { t } = useTranslation('tender');
  const table = useTenderBids(tender.id, tender.opening !== null);
  const can = buyerActions(tender);
  if (!tender.opening) {
    return (
      <section className="tt-section" aria-labelledby="tt-bids-title">
        <h3 id="tt-bids-title">{t('bids')}</h3>
        <p className="tt-bid-count" data-testid="bid-count">
          {t('bidCountText', { count: tender.bidCount })}
        </p>
        <p className="tc-muted">
          {tender.objState >= 2 ? t('sealedHint', { time: formatDateTime(tender.openTime) }) : t('notPublishedHint')}
        </p>
      </section>
    );
  }
  if (table.isError) return <LoadError error={table.error} onRetry={() => void table.refetch()} />;
  if (table.isPending) return <Skeleton active />;
  // After a closed inquiry round the server answers each bid with its final quote's prices.
  const bids = table.data.items;
  return (
    <>
      <section className="tt-section" aria-labelledby="tt-opening-title" data-testid="opening-record">
        <h3 id="tt-opening-title">{t('opening.title')}</h3>
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'time', label: t('opening.time'), children: <span className="tabular">{formatDateTime(tender.opening.time)}</span> },
            {
              key: 'digest',
              label: t('opening.chainDigest'),
              children: <code className="tt-digest">{tender.opening.digest}</code>,
            },
          ]}
        />
        <Table
          rowKey="bidId"
          size="small"
          pagination={false}
          dataSource={tender.opening.bids}
          scroll={{ x: 760 }}
          onRow={(b) => ({ 'data-testid': 'opening-bid', 'data-supplier': b.supplierName }) as React.HTMLAttributes<HTMLElement>}
          columns={[
            { title: t('supplier'), dataIndex: 'supplierName' },
            { title: t('version'), dataIndex: 'version', align: 'right', width: 80 },
            {
              title: t('opening.digest'),
              render: (_, b) => (
                <code className="tt-digest" data-testid="opening-digest">
                  {b.digest}
                </code>
              ),
            },
          ]}
        />
      </section>
      <section className="tt-section" aria-labelledby="tt-table-title">
        <h3 id="tt-table-title">{t('bidTable')}</h3>
        <Table<TenderBid>
          rowKey="bidId"
          size="small"
          pagination={false}
          dataSource={bids}
          scroll={{ x: 900 }}
          expandable={{ expandedRowRender: (bid) => <BidLines bid={bid} tender={tender} /> }}
          onRow={(b) => ({ 'data-testid': 'bid-row', 'data-supplier': b.supplierName }) as React.HTMLAttributes<HTMLElement>}
          columns={[
            { title: t('supplier'), dataIndex: 'supplierName' },
            { title: t('version'), dataIndex: 'version', align: 'right', width: 70 },
            { title: t('total'), align: 'right', render: (_, b) => <Money cents={b.total} currency={tender.currency} /> },
            {
              title: t('state'),
              render: (_, b) => (
                <div>
                  <BidStateTag state={b.state} />
                  {b.invalidReason ? <div className="tc-remark">{b.invalidReason}</div> : null}
                </div>
              ),
            },
            { title: t('score'), align: 'right', render: (_, b) => <span className="tabular">{b.score?.toFixed(2) ?? '-'}</span> },
            { title: t('rank'), align: 'right', render: (_, b) => <span className="tabular">{b.rank ?? '-'}</span> },
            { title: t('remark'), dataIndex: 'remark', ellipsis: true },
            { title: t('attachments'), render: (_, b) => <FileLinks fileIds={b.fileIds} /> },
          ]}
        />
      </section>
      {can.evaluate ? <EvaluationForm tender={tender} bids={bids} /> : null}
      {tender.negotiation ? <NegotiationSection negotiation={tender.negotiation} tender={tender} /> : null}
      {can.award ? <AwardForm tender={tender} bids={bids} /> : null}
    </>
  );
}
