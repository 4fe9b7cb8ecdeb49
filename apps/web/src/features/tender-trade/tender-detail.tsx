import { useState } from 'react';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Descriptions, Form, Input, Modal, Result, Skeleton, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PAYMENT_TYPES, enumLabel } from '@portal/contracts/constants';
import { tenderTradeRoutes } from '@portal/contracts/routes/tender-trade';
import {
  EVALUATION_METHOD_LABELS,
  TENDER_LIMITS,
  TENDER_TYPE_LABELS,
  type ManagedTender,
  type TenderBid,
  type TenderNegotiation,
} from '@portal/contracts/tender-trade';
import { ApiError, call } from '../../api/client';
import { FileLinks } from '../../shared/file-list-field';
import { useFeedback } from '../../shared/feedback';
import { formatDateTime, formatQuantity } from '../../shared/format';
import { Money } from '../../shared/money';
import { LoadError } from '../../shared/query-state';
import { dateValueProps } from '../../shared/resource/fields';
import { TRADE_KEYS } from '../../shared/trade-query-keys';
import { useLang } from '../../shared/use-lang';
import { AwardForm } from './award-form';
import { EvaluationForm } from './evaluation-form';
import { useManagedTender, useTenderBids } from './queries';
import { buyerActions } from './tender-rules';
import { BidStateTag, TenderStateTag, lineLabel } from './tender-state';

/** The dialog opening the one negotiation round: a deadline and the question. */
function NegotiateDialog({ tender, onClose }: { tender: ManagedTender; onClose: () => void }) {
  const { t } = useTranslation('tender');
  const { message } = useFeedback();
  const client = useQueryClient();
  const [form] = Form.useForm<{ deadline: string; question: string }>();
  const send = useMutation({
    mutationFn: (values: { deadline: string; question: string }) =>
      call(tenderTradeRoutes.negotiate, { body: { id: tender.id, ...values }, quiet: true }),
    onSuccess: () => {
      message.success({ content: t('negotiation.opened'), duration: 3 });
      void client.invalidateQueries({ queryKey: TRADE_KEYS.tenders });
      onClose();
    },
    onError: (err) => message.error({ content: err instanceof ApiError && err.message ? err.message : t('failed'), duration: 3 }),
  });
  const inquiry = tender.tenderType === 'inquiry';
  return (
    <Modal
      open
      title={t(inquiry ? 'negotiation.finalQuoteTitle' : 'negotiation.clarificationTitle')}
      okText={t('negotiation.open')}
      cancelText={t('cancel')}
      confirmLoading={send.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert type="info" showIcon title={t(inquiry ? 'negotiation.finalQuoteHint' : 'negotiation.clarificationHint')} />
      <Form
        form={form}
        layout="vertical"
        initialValues={{ deadline: dayjs().add(1, 'day').toISOString() }}
        onFinish={(v) => send.mutate({ deadline: v.deadline, question: v.question.trim() })}
      >
        <Form.Item
          name="deadline"
          label={t('negotiation.deadline')}
          rules={[
            { required: true, message: t('required') },
            {
              validator: (_, v: string) =>
                Date.parse(v) > Date.now() ? Promise.resolve() : Promise.reject(new Error(t('negotiation.future'))),
            },
          ]}
          {...dateValueProps}
        >
          <DatePicker showTime={{ format: 'HH:mm:ss' }} format="YYYY-MM-DD HH:mm:ss" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="question" label={t('negotiation.question')} rules={[{ required: true, whitespace: true, message: t('required') }]}>
          <Input.TextArea rows={4} showCount maxLength={TENDER_LIMITS.questionMax} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

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
function BidsSection({ tender }: { tender: ManagedTender }) {
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

/** The negotiation round: its question and deadline, how many answered, and the answers once it closed. */
function NegotiationSection({ negotiation, tender }: { negotiation: TenderNegotiation; tender: ManagedTender }) {
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

/** The orders the award made, one per line and supplier. */
function AwardsSection({ tender }: { tender: ManagedTender }) {
  const { t } = useTranslation('tender');
  return (
    <section className="tt-section" aria-labelledby="tt-awards-title" data-testid="awards">
      <h3 id="tt-awards-title">{t('award.result')}</h3>
      <Table
        rowKey={(a) => `${a.lineNo}-${a.bidId}`}
        size="small"
        pagination={false}
        dataSource={tender.awards}
        scroll={{ x: 760 }}
        columns={[
          { title: t('line'), render: (_, a) => lineLabel(tender.lines, a.lineNo) },
          { title: t('supplier'), dataIndex: 'supplierName' },
          {
            title: t('quantity'),
            align: 'right',
            render: (_, a) => (
              <span className="tabular">{formatQuantity(a.quantity, tender.lines.find((l) => l.lineNo === a.lineNo)?.unit)}</span>
            ),
          },
          { title: t('unitPrice'), align: 'right', render: (_, a) => <Money cents={a.unitPrice} currency={tender.currency} /> },
          {
            title: t('orderNo'),
            render: (_, a) => (
              <Link className="tabular" to={`/trade/purchase-orders?orderNo=${encodeURIComponent(a.orderNo)}`} data-testid="award-order">
                {a.orderNo}
              </Link>
            ),
          },
        ]}
      />
    </section>
  );
}

interface TenderDetailProps {
  id: string;
  onBack: () => void;
  onEdit?: (tender: ManagedTender) => void;
  onPublish?: (tender: ManagedTender) => void;
  onCancel?: (tender: ManagedTender) => void;
  /** The operator's view: no buyer actions, no bids section. */
  readOnly?: boolean;
}

/** One tender for its buyer: terms, lines, documents, then the bids, the opening, evaluation, negotiation and award. */
export function TenderDetail({ id, onBack, onEdit, onPublish, onCancel, readOnly }: TenderDetailProps) {
  const { t } = useTranslation('tender');
  const lang = useLang();
  const query = useManagedTender(id);
  const [negotiating, setNegotiating] = useState(false);
  const back = (
    <Button type="link" icon={<ArrowLeftOutlined aria-hidden />} onClick={onBack} className="tt-back">
      {t('backToList')}
    </Button>
  );
  if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400)) {
    return (
      <Card className="tc-page">
        {back}
        <Result status="404" title={t('notFound')} />
      </Card>
    );
  }
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.isPending) {
    return (
      <Card className="tc-page">
        <Skeleton active paragraph={{ rows: 12 }} />
      </Card>
    );
  }
  const tender = query.data;
  const can = buyerActions(tender);
  return (
    <Card className="tc-page" data-testid="tender-detail">
      {back}
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
              <Button onClick={() => setNegotiating(true)} data-testid="negotiate-open">
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
      {tender.closeReason ? <Alert type="warning" showIcon title={t('closedBecause', { reason: tender.closeReason })} /> : null}
      {tender.objState === 0 && tender.reviewRemark ? (
        <Alert type="error" showIcon title={t('rejectedBecause', { reason: tender.reviewRemark })} />
      ) : null}
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
      {tender.description ? (
        <section className="tt-section" aria-labelledby="tt-description-title">
          <h3 id="tt-description-title">{t('description')}</h3>
          <p className="tt-text">{tender.description}</p>
        </section>
      ) : null}
      {readOnly ? null : <BidsSection tender={tender} />}
      {tender.awards.length > 0 ? <AwardsSection tender={tender} /> : null}
      {negotiating ? <NegotiateDialog tender={tender} onClose={() => setNegotiating(false)} /> : null}
    </Card>
  );
}
