import { useMemo, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input, InputNumber, Radio, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { tenderTradeRoutes } from '@portal/contracts/routes/tender-trade';
import { TENDER_LIMITS, type ManagedTender, type TenderBid } from '@portal/contracts/tender-trade';
import { ApiError, call } from '../../api/client';
import { useFeedback } from '../../shared/feedback';
import { Money } from '../../shared/money';
import { TRADE_KEYS } from '../../shared/trade-query-keys';
import { evaluationProblems, previewScores, type EvaluationDraft } from './tender-rules';

type EvaluatedTender = Pick<ManagedTender, 'id' | 'currency' | 'evaluationMethod' | 'priceWeight' | 'minValidBids'>;

/**
 * The evaluation of the opened bids: each valid or invalid (with a reason), a technical score per
 * valid bid under the scoring method, and the scores and ranks it will give, previewed as the
 * buyer types. Sending it is final, so it asks first, and says so when it will fail the tender.
 */
export function EvaluationForm({ tender, bids }: { tender: EvaluatedTender; bids: readonly TenderBid[] }) {
  const { t } = useTranslation('tender');
  const { message, modal } = useFeedback();
  const client = useQueryClient();
  const opened = bids.filter((b) => b.state !== 'withdrawn');
  const [drafts, setDrafts] = useState<EvaluationDraft[]>(() =>
    opened.map((b) => ({ bidId: b.bidId, valid: true, reason: '', technicalScore: null })),
  );
  const [tried, setTried] = useState(false);
  const scoring = tender.evaluationMethod === 'scoring';
  const totals = useMemo(() => new Map(opened.map((b) => [b.bidId, b.total])), [opened]);
  const preview = previewScores(drafts, totals, tender.evaluationMethod, tender.priceWeight);
  const { problems, failing } = evaluationProblems(drafts, tender.evaluationMethod, tender.minValidBids);
  const problemOf = (bidId: string, kind: 'reason' | 'score') => tried && problems.some((p) => p.bidId === bidId && p.kind === kind);
  const change = (bidId: string, patch: Partial<EvaluationDraft>) =>
    setDrafts((all) => all.map((d) => (d.bidId === bidId ? { ...d, ...patch } : d)));
  const send = useMutation({
    mutationFn: () =>
      call(tenderTradeRoutes.evaluate, {
        body: {
          id: tender.id,
          bids: drafts.map((d) => ({
            bidId: d.bidId,
            valid: d.valid,
            ...(d.valid ? {} : { reason: d.reason?.trim() }),
            ...(d.valid && scoring ? { technicalScore: d.technicalScore ?? undefined } : {}),
          })),
        },
        quiet: true,
      }),
    onSuccess: (saved) => {
      message.success({ content: t(saved.objState === 7 ? 'evaluatedFailed' : 'evaluated'), duration: 3 });
      void client.invalidateQueries({ queryKey: TRADE_KEYS.tenders });
    },
    onError: (err) => message.error({ content: err instanceof ApiError && err.message ? err.message : t('failed'), duration: 3 }),
  });
  const submit = () => {
    setTried(true);
    if (problems.length > 0) return;
    modal.confirm({
      title: t('evaluateTitle'),
      content: failing ? t('evaluateFailing', { min: tender.minValidBids }) : t('evaluateText'),
      okText: t('evaluate'),
      okButtonProps: { danger: failing },
      cancelText: t('cancel'),
      onOk: () => send.mutateAsync().catch(() => undefined),
    });
  };
  return (
    <section className="tt-section" aria-labelledby="tt-evaluate-title" data-testid="evaluation-form">
      <h3 id="tt-evaluate-title">{t('evaluateTitle')}</h3>
      <Table<TenderBid>
        rowKey="bidId"
        size="small"
        pagination={false}
        dataSource={opened}
        scroll={{ x: 900 }}
        onRow={(b) => ({ 'data-testid': 'evaluation-row', 'data-supplier': b.supplierName }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { title: t('supplier'), dataIndex: 'supplierName' },
          { title: t('total'), align: 'right', render: (_, b) => <Money cents={b.total} currency={tender.currency} /> },
          {
            title: t('validity'),
            render: (_, b) => {
              const d = drafts.find((x) => x.bidId === b.bidId)!;
              return (
                <Radio.Group
                  value={d.valid}
                  aria-label={t('validityOf', { name: b.supplierName })}
                  onChange={(e) => change(b.bidId, { valid: e.target.value as boolean })}
                  options={[
                    { value: true, label: t('valid') },
                    { value: false, label: t('invalid') },
                  ]}
                />
              );
            },
          },
          {
            title: t('invalidReason'),
            render: (_, b) => {
              const d = drafts.find((x) => x.bidId === b.bidId)!;
              if (d.valid) return '-';
              return (
                <div>
                  <Input
                    aria-label={t('invalidReasonOf', { name: b.supplierName })}
                    maxLength={TENDER_LIMITS.reasonMax}
                    status={problemOf(b.bidId, 'reason') ? 'error' : undefined}
                    value={d.reason}
                    onChange={(e) => change(b.bidId, { reason: e.target.value })}
                  />
                  {problemOf(b.bidId, 'reason') ? <div className="tc-remark">{t('reasonRequired')}</div> : null}
                </div>
              );
            },
          },
          ...(scoring
            ? [
                {
                  title: t('technicalScore'),
                  render: (_: unknown, b: TenderBid) => {
                    const d = drafts.find((x) => x.bidId === b.bidId)!;
                    if (!d.valid) return '-';
                    return (
                      <div>
                        <InputNumber
                          aria-label={t('technicalScoreOf', { name: b.supplierName })}
                          min={0}
                          max={100}
                          precision={2}
                          status={problemOf(b.bidId, 'score') ? 'error' : undefined}
                          value={d.technicalScore}
                          onChange={(v) => change(b.bidId, { technicalScore: v })}
                        />
                        {problemOf(b.bidId, 'score') ? <div className="tc-remark">{t('scoreRequired')}</div> : null}
                      </div>
                    );
                  },
                },
              ]
            : []),
          {
            title: t('score'),
            align: 'right' as const,
            render: (_, b) => <span className="tabular">{preview.get(b.bidId)?.score.toFixed(2) ?? '-'}</span>,
          },
          {
            title: t('rank'),
            align: 'right' as const,
            render: (_, b) => (
              <span className="tabular" data-testid="preview-rank">
                {preview.get(b.bidId)?.rank ?? '-'}
              </span>
            ),
          },
        ]}
      />
      {failing ? <Alert type="warning" showIcon title={t('evaluateFailing', { min: tender.minValidBids })} /> : null}
      <div className="tc-actions">
        <Button type="primary" loading={send.isPending} onClick={submit} data-testid="evaluation-submit">
          {t('evaluate')}
        </Button>
      </div>
    </section>
  );
}
