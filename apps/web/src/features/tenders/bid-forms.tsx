import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { tenderTradeRoutes } from '@portal/contracts/routes/tender-trade';
import { TENDER_LIMITS, type TenderBid } from '@portal/contracts/tender-trade';
import type { TenderDetail } from '@portal/contracts/tenders';
import { call } from '../../api/client';
import { useFeedback } from '../../shared/feedback';
import { FileListField } from '../../shared/file-list-field';
import { formatPrice, formatZonedDateTime } from '../../shared/format';
import { TRADE_KEYS } from '../../shared/trade-query-keys';
import { ConfirmButton, LinesEditor, Problems, errorText, useProblemText } from './bid-parts';
import { bidProblems, bidTotal, draftsFor, toBidLines } from './bid-rules';

/** The sealed bid form: new or a revision (a new version) of the supplier's bid. */
export function BidForm({ tender, bid, onDone }: { tender: TenderDetail; bid: TenderBid | null; onDone: () => void }) {
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
            time: formatZonedDateTime(tender.bidEndTime),
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
export function AnswerForm({ tender, bid, deadline }: { tender: TenderDetail; bid: TenderBid; deadline: string }) {
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
      <Alert
        type="info"
        showIcon
        title={t(inquiry ? 'bid.finalQuoteHint' : 'bid.clarificationHint', { time: formatZonedDateTime(deadline) })}
      />
      {inquiry ? <LinesEditor tender={tender} drafts={drafts} onChange={setDrafts} fixedLines /> : null}
      <label className="tender-field">
        <span>{t(inquiry ? 'bid.quoteNote' : 'bid.clarification')}</span>
        <Input.TextArea rows={4} showCount maxLength={TENDER_LIMITS.answerMax} value={answer} onChange={(e) => setAnswer(e.target.value)} />
      </label>
      <Problems items={tried ? problems : []} />
      <ConfirmButton
        title={t(inquiry ? 'bid.finalQuoteTitle' : 'bid.clarificationTitle')}
        description={t(inquiry ? 'bid.finalQuoteText' : 'bid.clarificationText', { time: formatZonedDateTime(deadline) })}
        okText={t('bid.sendAnswer')}
        busy={send.isPending}
        ready={ready}
        onConfirm={() => send.mutateAsync().catch(() => undefined)}
        testId="answer-submit"
      />
    </section>
  );
}
