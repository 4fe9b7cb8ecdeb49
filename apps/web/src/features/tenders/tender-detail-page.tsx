import { Suspense, lazy } from 'react';
import { Descriptions, Result, Skeleton, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PAYMENT_TYPES, TENDER_STATES, enumLabel } from '@portal/contracts/constants';
import type { TenderDetail } from '@portal/contracts/tenders';
import { ApiError } from '../../api/client';
import { withTexts } from '../../i18n/index';
import { FileLinks } from '../../shared/file-list-field';
import { formatDateTime, formatQuantity, formatZonedDateTime } from '../../shared/format';
import { LoadError } from '../../shared/query-state';
import { RichTextPanel } from '../../shared/rich-text';
import { useDocumentTitle } from '../../shared/use-document-title';
import { useLang } from '../../shared/use-lang';
import { ScrollRegion } from '../../shared/scroll-region';
import { useTenderDetail } from './queries';
import './tenders.css';

// The bid form and its texts load only on a tender's page, after the tender itself.
const BidPanel = lazy(() => withTexts(import('./bid-panel'), ['tender', 'trade']).then((m) => ({ default: m.BidPanel })));

type Line = TenderDetail['lines'][number];

function Detail({ d }: { d: TenderDetail }) {
  const { t } = useTranslation(['trading', 'browse']);
  const lang = useLang();
  return (
    <article aria-labelledby="tender-title">
      <header className="trade-panel">
        <h1 id="tender-title" className="trade-page-title">
          {d.tenderName}
        </h1>
        <div className="trade-tags">
          <Tag color="blue">{enumLabel(TENDER_STATES, d.objState, lang)}</Tag>
          <Tag>{d.tenderType === 'inquiry' ? t('tender.inquiry') : t('tender.bidding')}</Tag>
          {d.overdueFlag === 'Y' ? <Tag>{t('tender.overdue')}</Tag> : null}
        </div>
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, sm: 2 }}
          items={[
            { key: 'no', label: t('tender.tenderNo'), children: <span className="tabular">{d.tenderNo}</span> },
            { key: 'company', label: t('tender.userName'), children: d.userName },
            { key: 'begin', label: t('tender.bidBeginTime'), children: formatZonedDateTime(d.bidBeginTime) },
            { key: 'end', label: t('tender.bidEndTime'), children: formatZonedDateTime(d.bidEndTime) },
            { key: 'currency', label: t('tender.currency'), children: d.currency },
            { key: 'payment', label: t('tender.payment'), children: enumLabel(PAYMENT_TYPES, d.paymentType, lang) },
            { key: 'contact', label: t('tender.contact'), children: d.contactName || '-' },
            { key: 'phone', label: t('tender.phone'), children: d.contactPhone || '-' },
            { key: 'published', label: t('tender.publishTime'), children: formatDateTime(d.publishTime) },
            { key: 'open', label: t('tender.openTime'), children: formatZonedDateTime(d.openTime) },
            ...(d.documentFileIds.length
              ? [{ key: 'docs', label: t('tender.documents'), children: <FileLinks fileIds={d.documentFileIds} /> }]
              : []),
          ]}
        />
      </header>
      <section className="trade-panel" aria-labelledby="tender-lines">
        <h2 id="tender-lines" className="trade-panel-title">
          {t('tender.lines')}
        </h2>
        <ScrollRegion label={t('tender.lines')} minWidth={760}>
          <Table<Line>
            size="small"
            rowKey="lineNo"
            pagination={false}
            dataSource={d.lines}
            columns={[
              { title: t('tender.goodsName'), dataIndex: 'goodsName' },
              { title: t('tender.specification'), dataIndex: 'specification' },
              {
                title: t('tender.quantity'),
                dataIndex: 'quantity',
                align: 'right',
                render: (v: number, line) => <span className="tabular">{formatQuantity(v, line.unit)}</span>,
              },
              { title: t('tender.deliveryPlace'), dataIndex: 'deliveryPlace' },
              { title: t('tender.deliveryDate'), dataIndex: 'deliveryDate', render: (v: string) => <span className="tabular">{v}</span> },
            ]}
          />
        </ScrollRegion>
      </section>
      <RichTextPanel id="tender-description" title={t('tender.description')} html={d.description} />
      <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
        <BidPanel tender={d} />
      </Suspense>
    </article>
  );
}

/** /bidTenderManager?id: one tender with its lines, read-only (the tender hall's step two). */
export function TenderDetailPage() {
  const { t } = useTranslation(['trading', 'browse']);
  const [params] = useSearchParams();
  const id = params.get('id');
  const query = useTenderDetail(id);
  useDocumentTitle(query.data?.tenderName ?? t('titles.tenderDetail'));
  if (!id || (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400))) {
    return <Result status="404" title={t('tender.notFound')} />;
  }
  if (query.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  return <Detail d={query.data} />;
}
