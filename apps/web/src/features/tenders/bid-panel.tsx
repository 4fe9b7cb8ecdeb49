import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Checkbox,
  DatePicker,
  Descriptions,
  Input,
  InputNumber,
  Popconfirm,
  Result,
  Skeleton,
  Space,
  Table,
  Tag,
} from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { enumLabel } from '@portal/contracts/constants';
import { supplierRelationRoutes } from '@portal/contracts/routes/supplier-relations';
import { tenderTradeRoutes } from '@portal/contracts/routes/tender-trade';
import { SUPPLIER_REMARK_MAX } from '@portal/contracts/supplier-relations';
import { TENDER_BID_STATE_LABELS, TENDER_LIMITS, type TenderBid } from '@portal/contracts/tender-trade';
import type { TenderDetail } from '@portal/contracts/tenders';
import { ApiError, call } from '../../api/client';
import { useFeedback } from '../../shared/feedback';
import { FileLinks, FileListField } from '../../shared/file-list-field';
import { formatDateTime, formatPrice, formatQuantity } from '../../shared/format';
import { LoadError } from '../../shared/query-state';
import { rememberLoginUrl } from '../../shared/session-storage';
import { TRADE_KEYS } from '../../shared/trade-query-keys';
import { useCurrentUser } from '../../shared/use-current-user';
import { useLang } from '../../shared/use-lang';
import { bidProblems, bidTotal, biddingOpen, draftsFor, toBidLines, type BidLineDraft, type BidProblem } from './bid-rules';
import { checkRelation } from './queries';

const errorText = (err: unknown, fallback: string) => (err instanceof ApiError && err.message ? err.message : fallback);

/** The text of one problem of the bid form. */
function useProblemText(tender: TenderDetail) {
  const { t } = useTranslation('tender');
  return (p: BidProblem) => {
    if (p.kind === 'noLine') return t('bid.problems.noLine');
    const line = tender.lines.find((l) => l.lineNo === p.lineNo);
    const name = `${p.lineNo}. ${line?.goodsName ?? ''}`;
    switch (p.kind) {
      case 'aboveLine':
        return t('bid.problems.aboveLine', { line: name, max: formatQuantity(p.max, line?.unit) });
      case 'aboveFirst':
        return t('bid.problems.aboveFirst', { line: name, first: formatPrice(p.first, { currency: tender.currency }) });
      default:
        return t(`bid.problems.${p.kind}`, { line: name });
    }
  };
}

interface LinesEditorProps {
  tender: TenderDetail;
  drafts: BidLineDraft[];
  onChange: (drafts: BidLineDraft[]) => void;
  /** A final quote keeps the lines of the bid: no line may be added or dropped. */
  fixedLines?: boolean;
}

/** The priced lines of a bid or a final quote: per tender line whether it is offered, its unit price, quantity and delivery date. */
function LinesEditor({ tender, drafts, onChange, fixedLines }: LinesEditorProps) {
  const { t } = useTranslation('tender');
  const change = (lineNo: number, patch: Partial<BidLineDraft>) =>
    onChange(drafts.map((d) => (d.lineNo === lineNo ? { ...d, ...patch } : d)));
  const shown = fixedLines ? drafts.filter((d) => d.offered) : drafts;
  return (
    <Table<BidLineDraft>
      rowKey="lineNo"
      size="small"
      pagination={false}
      dataSource={shown}
      scroll={{ x: 900 }}
      onRow={(d) => ({ 'data-testid': 'bid-line', 'data-line': d.lineNo }) as React.HTMLAttributes<HTMLElement>}
      columns={[
        ...(fixedLines
          ? []
          : [
              {
                title: t('bid.offered'),
                width: 70,
                render: (_: unknown, d: BidLineDraft) => (
                  <Checkbox
                    checked={d.offered}
                    aria-label={t('bid.offerLine', { n: d.lineNo })}
                    onChange={(e) => change(d.lineNo, { offered: e.target.checked })}
                  />
                ),
              },
            ]),
        {
          title: t('line'),
          render: (_, d) => {
            const line = tender.lines.find((l) => l.lineNo === d.lineNo)!;
            return (
              <div>
                <div>
                  {d.lineNo}. {line.goodsName}
                </div>
                <div className="tender-muted">
                  {[line.specification, t('bid.asked', { quantity: formatQuantity(line.quantity, line.unit) })].filter(Boolean).join(' · ')}
                </div>
              </div>
            );
          },
        },
        {
          title: t('bid.unitPrice', { currency: tender.currency }),
          render: (_, d) => (
            <InputNumber<string>
              stringMode
              min="0.01"
              precision={2}
              disabled={!d.offered}
              aria-label={t('bid.unitPriceOf', { n: d.lineNo })}
              value={d.unitPrice ?? null}
              onChange={(v) => change(d.lineNo, { unitPrice: v })}
              style={{ width: 150 }}
            />
          ),
        },
        {
          title: t('quantity'),
          render: (_, d) => (
            <InputNumber
              min={0.001}
              precision={3}
              disabled={!d.offered}
              aria-label={t('bid.quantityOf', { n: d.lineNo })}
              value={d.quantity}
              onChange={(v) => change(d.lineNo, { quantity: v })}
              style={{ width: 130 }}
            />
          ),
        },
        {
          title: t('deliveryDate'),
          render: (_, d) => (
            <DatePicker
              disabled={!d.offered}
              aria-label={t('bid.deliveryDateOf', { n: d.lineNo })}
              value={d.deliveryDate ? dayjs(d.deliveryDate) : null}
              onChange={(v) => change(d.lineNo, { deliveryDate: v ? v.format('YYYY-MM-DD') : null })}
            />
          ),
        },
      ]}
    />
  );
}

interface ConfirmButtonProps {
  title: string;
  description: string;
  okText: string;
  danger?: boolean;
  busy: boolean;
  /** Checks the form first: the question opens only when it answers true. */
  ready?: () => boolean;
  onConfirm: () => Promise<unknown>;
  testId: string;
}

/**
 * A button that asks before it acts, next to itself: this page lives in the hall's frame, which
 * grows with its content, so a centred dialog could open out of sight of a button at its foot.
 */
function ConfirmButton({ title, description, okText, danger, busy, ready, onConfirm, testId }: ConfirmButtonProps) {
  const { t } = useTranslation('tender');
  const [open, setOpen] = useState(false);
  return (
    <Popconfirm
      open={open}
      title={title}
      description={<div className="tender-confirm">{description}</div>}
      okText={okText}
      cancelText={t('cancel')}
      okButtonProps={{ danger, loading: busy }}
      onConfirm={() => onConfirm().finally(() => setOpen(false))}
      onCancel={() => setOpen(false)}
      onOpenChange={(next) => {
        if (!next) setOpen(false);
      }}
    >
      <Button
        type={danger ? 'default' : 'primary'}
        danger={danger}
        loading={busy}
        onClick={() => setOpen(ready ? ready() : true)}
        data-testid={testId}
      >
        {okText}
      </Button>
    </Popconfirm>
  );
}

/** The problems list under a form, announced when it changes. */
function Problems({ items }: { items: string[] }) {
  if (items.length === 0) return null;
  return (
    <ul className="tender-problems" role="alert" data-testid="bid-problems">
      {items.map((text) => (
        <li key={text}>{text}</li>
      ))}
    </ul>
  );
}

/** The sealed bid form: new or a revision (a new version) of the supplier's bid. */
function BidForm({ tender, bid, onDone }: { tender: TenderDetail; bid: TenderBid | null; onDone: () => void }) {
  const { t } = useTranslation('tender');
  const { message } = useFeedback();
  const client = useQueryClient();
  const problemText = useProblemText(tender);
  const [drafts, setDrafts] = useState(() => draftsFor(tender.lines, bid));
  const [remark, setRemark] = useState(bid?.remark ?? '');
  const [fileIds, setFileIds] = useState<string[]>(bid?.fileIds ?? []);
  const [tried, setTried] = useState(false);
  const problems = bidProblems(drafts, tender.lines);
  const save = useMutation({
    mutationFn: () =>
      call(tenderTradeRoutes.bidSave, { body: { tenderId: tender.id, lines: toBidLines(drafts), remark, fileIds }, quiet: true }),
    onSuccess: (saved) => {
      message.success({ content: t(saved.version > 1 ? 'bid.revised' : 'bid.submitted'), duration: 3 });
      client.setQueryData([...TRADE_KEYS.tenders, 'myBid', tender.id], saved);
      onDone();
    },
    onError: (err) => message.error({ content: errorText(err, t('failed')), duration: 3 }),
  });
  const ready = () => {
    setTried(true);
    return problems.length === 0;
  };
  return (
    <div className="tender-bid-form" data-testid="bid-form">
      <LinesEditor tender={tender} drafts={drafts} onChange={setDrafts} />
      <div className="tender-bid-total">
        {t('total')}:{' '}
        <strong className="tabular" data-testid="bid-total">
          {formatPrice(bidTotal(drafts), { currency: tender.currency })}
        </strong>
      </div>
      <label className="tender-field">
        <span>{t('remark')}</span>
        <Input.TextArea rows={3} showCount maxLength={TENDER_LIMITS.remarkMax} value={remark} onChange={(e) => setRemark(e.target.value)} />
      </label>
      <div className="tender-field">
        <span>{t('attachments')}</span>
        <FileListField
          label={t('attachments')}
          max={TENDER_LIMITS.filesMax}
          value={fileIds}
          onChange={setFileIds}
          inputTestId="bid-files-file"
        />
      </div>
      <Problems items={tried ? problems.map(problemText) : []} />
      <Space wrap>
        {bid ? <Button onClick={onDone}>{t('cancel')}</Button> : null}
        <ConfirmButton
          title={t(bid ? 'bid.reviseTitle' : 'bid.submitTitle')}
          description={t('bid.sealText', {
            total: formatPrice(bidTotal(drafts), { currency: tender.currency }),
            time: formatDateTime(tender.bidEndTime),
          })}
          okText={t(bid ? 'bid.revise' : 'bid.submit')}
          busy={save.isPending}
          ready={ready}
          onConfirm={() => save.mutateAsync().catch(() => undefined)}
          testId="bid-submit"
        />
      </Space>
    </div>
  );
}

/** The answer to the negotiation round: a sealed final quote on an inquiry, a written clarification on a bidding tender. */
function AnswerForm({ tender, bid, deadline }: { tender: TenderDetail; bid: TenderBid; deadline: string }) {
  const { t } = useTranslation('tender');
  const { message } = useFeedback();
  const client = useQueryClient();
  const problemText = useProblemText(tender);
  const inquiry = tender.tenderType === 'inquiry';
  const [drafts, setDrafts] = useState(() => draftsFor(tender.lines, bid));
  const [answer, setAnswer] = useState('');
  const [tried, setTried] = useState(false);
  const firstPrices = new Map(bid.lines.map((l) => [l.lineNo, l.unitPrice]));
  const problems = [
    ...(inquiry ? bidProblems(drafts, tender.lines, firstPrices).map(problemText) : []),
    ...(answer.trim() ? [] : [t('bid.problems.answer')]),
  ];
  const send = useMutation({
    mutationFn: () =>
      call(tenderTradeRoutes.bidAnswer, {
        body: { tenderId: tender.id, answer: answer.trim(), ...(inquiry ? { lines: toBidLines(drafts) } : {}) },
        quiet: true,
      }),
    onSuccess: () => {
      message.success({ content: t('bid.answered'), duration: 3 });
      void client.invalidateQueries({ queryKey: TRADE_KEYS.tenders });
    },
    onError: (err) => message.error({ content: errorText(err, t('failed')), duration: 3 }),
  });
  const ready = () => {
    setTried(true);
    return problems.length === 0;
  };
  return (
    <section className="trade-panel" aria-labelledby="tender-answer-title" data-testid="answer-form">
      <h2 id="tender-answer-title" className="trade-panel-title">
        {t(inquiry ? 'bid.finalQuoteTitle' : 'bid.clarificationTitle')}
      </h2>
      <Alert type="info" showIcon title={t(inquiry ? 'bid.finalQuoteHint' : 'bid.clarificationHint', { time: formatDateTime(deadline) })} />
      {inquiry ? <LinesEditor tender={tender} drafts={drafts} onChange={setDrafts} fixedLines /> : null}
      <label className="tender-field">
        <span>{t(inquiry ? 'bid.quoteNote' : 'bid.clarification')}</span>
        <Input.TextArea rows={4} showCount maxLength={TENDER_LIMITS.answerMax} value={answer} onChange={(e) => setAnswer(e.target.value)} />
      </label>
      <Problems items={tried ? problems : []} />
      <ConfirmButton
        title={t(inquiry ? 'bid.finalQuoteTitle' : 'bid.clarificationTitle')}
        description={t(inquiry ? 'bid.finalQuoteText' : 'bid.clarificationText', { time: formatDateTime(deadline) })}
        okText={t('bid.sendAnswer')}
        busy={send.isPending}
        ready={ready}
        onConfirm={() => send.mutateAsync().catch(() => undefined)}
        testId="answer-submit"
      />
    </section>
  );
}

/** The receipt of the supplier's bid: its digest (to compare with the opening record), version and state; after the award its outcome. */
function Receipt({ tender, bid }: { tender: TenderDetail; bid: TenderBid }) {
  const { t } = useTranslation('tender');
  const lang = useLang();
  return (
    <div data-testid="bid-receipt">
      <Descriptions
        bordered
        size="small"
        column={1}
        items={[
          {
            key: 'state',
            label: t('bidState'),
            children: (
              <Space wrap>
                <Tag color={bid.state === 'won' ? 'success' : bid.state === 'invalid' ? 'error' : 'processing'}>
                  {enumLabel(TENDER_BID_STATE_LABELS, bid.state, lang)}
                </Tag>
                <span className="tabular">{t('bid.version', { version: bid.version })}</span>
                {bid.invalidReason ? <span className="tender-problems">{bid.invalidReason}</span> : null}
              </Space>
            ),
          },
          {
            key: 'digest',
            label: t('receipt.digest'),
            children: (
              <code className="tender-digest" data-testid="receipt-digest">
                {bid.receipt.digest}
              </code>
            ),
          },
          { key: 'time', label: t('receipt.time'), children: <span className="tabular">{formatDateTime(bid.receipt.time)}</span> },
          {
            key: 'total',
            label: t('total'),
            children: <span className="tabular">{formatPrice(bid.total, { currency: tender.currency })}</span>,
          },
          {
            key: 'lines',
            label: t('lines'),
            children: (
              <ul className="tender-bid-lines">
                {bid.lines.map((l) => {
                  const line = tender.lines.find((x) => x.lineNo === l.lineNo);
                  const awarded = bid.awarded?.find((a) => a.lineNo === l.lineNo);
                  const win = bid.winningPrices?.find((w) => w.lineNo === l.lineNo);
                  return (
                    <li key={l.lineNo} className="tabular">
                      {t('bid.lineSummary', {
                        line: `${l.lineNo}. ${line?.goodsName ?? ''}`,
                        price: formatPrice(l.unitPrice, { currency: tender.currency }),
                        quantity: formatQuantity(l.quantity, line?.unit),
                        date: l.deliveryDate,
                      })}
                      {awarded ? (
                        <Tag color="success">{t('bid.awardedLine', { quantity: formatQuantity(awarded.quantity, line?.unit) })}</Tag>
                      ) : null}
                      {win ? (
                        <span className="tender-muted">
                          {' '}
                          {t('bid.winningPrice', { price: formatPrice(win.unitPrice, { currency: tender.currency }) })}
                        </span>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            ),
          },
          ...(bid.outcome
            ? [
                {
                  key: 'outcome',
                  label: t('outcome'),
                  children: <strong data-testid="bid-outcome">{t(bid.outcome === 'won' ? 'bid.wonText' : 'bid.lostText')}</strong>,
                },
              ]
            : []),
          ...(bid.fileIds.length ? [{ key: 'files', label: t('attachments'), children: <FileLinks fileIds={bid.fileIds} /> }] : []),
        ]}
      />
    </div>
  );
}

/** A supplier not on the buyer's list: the refusal, and a request to be added. */
function ApplyBox({ tender }: { tender: TenderDetail }) {
  const { t } = useTranslation('tender');
  const { message } = useFeedback();
  const [remark, setRemark] = useState('');
  const apply = useMutation({
    mutationFn: () => call(supplierRelationRoutes.apply, { body: { buyerUserId: tender.userId, remark: remark.trim() }, quiet: true }),
    onError: (err) => message.error({ content: errorText(err, t('failed')), duration: 3 }),
  });
  if (apply.data) {
    return (
      <Result status="info" title={t('apply.sent')} subTitle={t('apply.sentText', { buyer: tender.userName })} data-testid="apply-sent" />
    );
  }
  return (
    <div className="tender-apply" data-testid="apply-box">
      <Alert type="warning" showIcon title={t('apply.refused', { buyer: tender.userName })} />
      <label className="tender-field">
        <span>{t('apply.remark')}</span>
        <Input.TextArea rows={3} showCount maxLength={SUPPLIER_REMARK_MAX} value={remark} onChange={(e) => setRemark(e.target.value)} />
      </label>
      <Button type="primary" loading={apply.isPending} onClick={() => apply.mutate()} data-testid="apply-submit">
        {t('apply.submit')}
      </Button>
    </div>
  );
}

/** The server's clock, read from the tender's answer and kept running here (a second at a time), so the form closes at bidEndTime. */
function useServerNow(serverTime: string): number {
  const [offset] = useState(() => Date.parse(serverTime) - Date.now());
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now + offset;
}

/**
 * The supplier's part of a tender's page: sign in; the refusal (with a request to be added) for
 * a company not on the buyer's list; else its receipt and the sealed bid form, revise and
 * withdraw until bidEndTime by the server's clock, and the answer to a negotiation round.
 */
export function BidPanel({ tender }: { tender: TenderDetail }) {
  const { t } = useTranslation('tender');
  const { message } = useFeedback();
  const client = useQueryClient();
  const user = useCurrentUser();
  const me = user.data;
  const own = me?.userId === tender.userId;
  const relation = useQuery({
    queryKey: [...TRADE_KEYS.suppliers, 'relation', tender.userId, me?.userId],
    queryFn: () => checkRelation(tender.userId, me!.userId),
    enabled: Boolean(me) && !own,
  });
  const onList = relation.data === 'Y';
  const mine = useQuery({
    queryKey: [...TRADE_KEYS.tenders, 'myBid', tender.id],
    queryFn: () => call(tenderTradeRoutes.bidMine, { body: { tenderId: tender.id }, quiet: true }),
    enabled: onList,
  });
  // The open negotiation round waiting for this supplier shows on its bid list row.
  const myRows = useQuery({
    queryKey: [...TRADE_KEYS.tenders, 'myBids', 'negotiation', tender.id],
    queryFn: () => call(tenderTradeRoutes.bidMyPage, { body: { pageNo: 1, pageSize: 32 }, quiet: true }),
    enabled: onList && (tender.objState === 4 || tender.objState === 5),
  });
  const [editing, setEditing] = useState(false);
  const serverNow = useServerNow(tender.serverTime);
  const withdraw = useMutation({
    mutationFn: () => call(tenderTradeRoutes.bidWithdraw, { body: { tenderId: tender.id }, quiet: true }),
    onSuccess: () => {
      message.success({ content: t('bid.withdrawn'), duration: 3 });
      void client.invalidateQueries({ queryKey: TRADE_KEYS.tenders });
    },
    onError: (err) => message.error({ content: errorText(err, t('failed')), duration: 3 }),
  });

  const panel = (children: React.ReactNode) => (
    <section className="trade-panel" aria-labelledby="tender-bid-title">
      <h2 id="tender-bid-title" className="trade-panel-title">
        {t('bid.title')}
      </h2>
      {children}
    </section>
  );
  if (own) return null;
  if (user.isPending) return panel(<Skeleton active paragraph={{ rows: 2 }} />);
  // A visitor is asked to sign in only while the tender takes bids.
  if (!me && tender.objState !== 2) return null;
  if (!me) {
    return panel(
      <Space direction="vertical">
        <p>{t('bid.signInFirst')}</p>
        <Button
          type="primary"
          onClick={() => {
            rememberLoginUrl(`/biddingTender?id=${encodeURIComponent(tender.id)}`);
            (window.top ?? window).location.href = '/login';
          }}
        >
          {t('bid.signIn')}
        </Button>
      </Space>,
    );
  }
  if (relation.isPending) return panel(<Skeleton active paragraph={{ rows: 2 }} />);
  if (relation.isError) return panel(<LoadError compact error={relation.error} onRetry={() => void relation.refetch()} />);
  if (!onList) return panel(<ApplyBox tender={tender} />);
  if (mine.isPending) return panel(<Skeleton active paragraph={{ rows: 4 }} />);
  if (mine.isError) return panel(<LoadError compact error={mine.error} onRetry={() => void mine.refetch()} />);

  const bid = mine.data && mine.data.state !== 'withdrawn' ? mine.data : null;
  const open = biddingOpen(tender.objState, tender.bidBeginTime, tender.bidEndTime, serverNow);
  const deadline = myRows.data?.items.find((r) => r.tenderId === tender.id)?.negotiationDeadline ?? '';
  const answered = Boolean(mine.data?.answer);
  return (
    <>
      {panel(
        <div className="tender-bid">
          {bid ? <Receipt tender={tender} bid={bid} /> : null}
          {mine.data?.state === 'withdrawn' ? <Alert type="info" showIcon title={t('bid.withdrawnText')} /> : null}
          {open && (!bid || editing) ? (
            <BidForm key={bid?.version ?? 0} tender={tender} bid={editing ? bid : null} onDone={() => setEditing(false)} />
          ) : null}
          {open && bid && !editing ? (
            <Space wrap>
              <Button onClick={() => setEditing(true)} data-testid="bid-revise">
                {t('bid.revise')}
              </Button>
              <ConfirmButton
                title={t('bid.withdrawTitle')}
                description={t('bid.withdrawText', { time: formatDateTime(tender.bidEndTime) })}
                okText={t('bid.withdraw')}
                danger
                busy={withdraw.isPending}
                onConfirm={() => withdraw.mutateAsync().catch(() => undefined)}
                testId="bid-withdraw"
              />
              <span className="tender-muted">{t('bid.untilEnd', { time: formatDateTime(tender.bidEndTime) })}</span>
            </Space>
          ) : null}
          {!open && !bid && tender.objState === 2 ? (
            <Alert type="info" showIcon title={t('bid.notYet', { time: formatDateTime(tender.bidBeginTime) })} />
          ) : null}
          {!open && !bid && tender.objState > 2 ? <Alert type="info" showIcon title={t('bid.closed')} /> : null}
        </div>,
      )}
      {bid && deadline && !answered ? <AnswerForm tender={tender} bid={bid} deadline={deadline} /> : null}
      {bid && answered ? <Alert type="success" showIcon title={t('bid.answeredText')} /> : null}
    </>
  );
}
