import { useState } from 'react';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, InputNumber, Select, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { tenderTradeRoutes } from '@portal/contracts/routes/tender-trade';
import type { ManagedTender, TenderBid } from '@portal/contracts/tender-trade';
import { ApiError, call } from '../../api/client';
import { useFeedback } from '../../shared/feedback';
import { formatQuantity } from '../../shared/format';
import { Money } from '../../shared/money';
import { TRADE_KEYS } from '../../shared/trade-query-keys';
import { awardProblems, suggestedAward, type AwardDraft, type AwardProblem } from './tender-rules';

type AwardedTender = Pick<ManagedTender, 'id' | 'currency' | 'lines'>;
interface Row extends AwardDraft {
  key: number;
}

/** The text of one problem of the award form. */
function useProblemText() {
  const { t } = useTranslation('tender');
  return (p: AwardProblem, lines: AwardedTender['lines']) => {
    switch (p.kind) {
      case 'none':
        return t('award.none');
      case 'quantity':
        return t('award.quantity', { n: p.index + 1 });
      case 'notOffered':
        return t('award.notOffered', { n: p.index + 1 });
      case 'aboveBid':
        return t('award.aboveBid', { n: p.index + 1, max: formatQuantity(p.max) });
      case 'duplicate':
        return t('award.duplicate', { n: p.index + 1 });
      case 'aboveLine': {
        const line = lines.find((l) => l.lineNo === p.lineNo);
        return t('award.aboveLine', {
          line: line?.goodsName ?? p.lineNo,
          max: formatQuantity(p.max, line?.unit),
          sum: formatQuantity(p.sum, line?.unit),
        });
      }
    }
  };
}

/**
 * The award: rows of (line, bid, quantity), starting from each line to its best-ranked bid. A line
 * may be split between bids; the sum never exceeds the line and no bid gets more than it offered.
 * Awarding makes the orders at once, so it asks first with what it will award.
 */
export function AwardForm({ tender, bids }: { tender: AwardedTender; bids: readonly TenderBid[] }) {
  const { t } = useTranslation('tender');
  const { message, modal } = useFeedback();
  const client = useQueryClient();
  const problemText = useProblemText();
  const candidates = bids.filter((b) => b.rank !== null && b.state !== 'invalid' && b.state !== 'withdrawn');
  const [rows, setRows] = useState<Row[]>(() => suggestedAward(tender.lines, candidates).map((d, key) => ({ ...d, key })));
  const [nextKey, setNextKey] = useState(rows.length);
  const problems = awardProblems(rows, tender.lines, candidates);
  const change = (key: number, patch: Partial<AwardDraft>) => setRows((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const priceOf = (row: AwardDraft) => candidates.find((b) => b.bidId === row.bidId)?.lines.find((l) => l.lineNo === row.lineNo)?.unitPrice;
  const send = useMutation({
    mutationFn: () =>
      call(tenderTradeRoutes.award, {
        body: { id: tender.id, awards: rows.map((r) => ({ lineNo: r.lineNo, bidId: r.bidId, quantity: r.quantity! })) },
        quiet: true,
      }),
    onSuccess: () => {
      message.success({ content: t('award.done'), duration: 3 });
      void client.invalidateQueries({ queryKey: TRADE_KEYS.tenders });
      void client.invalidateQueries({ queryKey: TRADE_KEYS.orders });
    },
    onError: (err) => message.error({ content: err instanceof ApiError && err.message ? err.message : t('failed'), duration: 3 }),
  });
  const submit = () =>
    modal.confirm({
      title: t('award.confirmTitle'),
      content: (
        <ul className="tt-award-summary">
          {rows.map((r) => {
            const line = tender.lines.find((l) => l.lineNo === r.lineNo);
            const bid = candidates.find((b) => b.bidId === r.bidId);
            return (
              <li key={r.key}>
                {t('award.summaryRow', {
                  line: line?.goodsName,
                  supplier: bid?.supplierName,
                  quantity: formatQuantity(r.quantity ?? 0, line?.unit),
                })}
              </li>
            );
          })}
        </ul>
      ),
      okText: t('award.submit'),
      cancelText: t('cancel'),
      onOk: () => send.mutateAsync().catch(() => undefined),
    });
  return (
    <section className="tt-section" aria-labelledby="tt-award-title" data-testid="award-form">
      <h3 id="tt-award-title">{t('award.title')}</h3>
      <p className="tc-muted">{t('award.hint')}</p>
      <Table<Row>
        rowKey="key"
        size="small"
        pagination={false}
        dataSource={rows}
        scroll={{ x: 820 }}
        onRow={() => ({ 'data-testid': 'award-row' }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { title: '#', width: 48, render: (_, _r, i) => i + 1 },
          {
            title: t('line'),
            render: (_, r) => (
              <Select
                aria-label={t('award.lineOf', { n: rows.indexOf(r) + 1 })}
                style={{ minWidth: 180 }}
                value={r.lineNo}
                onChange={(lineNo: number) => change(r.key, { lineNo })}
                options={tender.lines.map((l) => ({ value: l.lineNo, label: `${l.lineNo}. ${l.goodsName}` }))}
              />
            ),
          },
          {
            title: t('supplier'),
            render: (_, r) => (
              <Select
                aria-label={t('award.bidOf', { n: rows.indexOf(r) + 1 })}
                style={{ minWidth: 200 }}
                value={r.bidId || undefined}
                onChange={(bidId: string) => change(r.key, { bidId })}
                options={candidates.map((b) => ({ value: b.bidId, label: `${b.supplierName} (${t('rankN', { rank: b.rank })})` }))}
              />
            ),
          },
          {
            title: t('unitPrice'),
            align: 'right',
            render: (_, r) => {
              const price = priceOf(r);
              return price === undefined ? '-' : <Money cents={price} currency={tender.currency} />;
            },
          },
          {
            title: t('quantity'),
            render: (_, r) => (
              <InputNumber
                aria-label={t('award.quantityOf', { n: rows.indexOf(r) + 1 })}
                min={0.001}
                precision={3}
                value={r.quantity}
                onChange={(quantity) => change(r.key, { quantity })}
              />
            ),
          },
          {
            title: t('actions'),
            width: 64,
            render: (_, r) => (
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('award.remove', { n: rows.indexOf(r) + 1 })}
                onClick={() => setRows((all) => all.filter((x) => x.key !== r.key))}
              />
            ),
          },
        ]}
      />
      <Button
        type="dashed"
        icon={<PlusOutlined />}
        onClick={() => {
          setRows((all) => [...all, { key: nextKey, lineNo: tender.lines[0]?.lineNo ?? 1, bidId: '', quantity: null }]);
          setNextKey(nextKey + 1);
        }}
        data-testid="award-add"
      >
        {t('award.add')}
      </Button>
      {problems.length > 0 ? (
        <ul className="tt-problems" role="alert" data-testid="award-problems">
          {problems.map((p, i) => (
            <li key={i}>{problemText(p, tender.lines)}</li>
          ))}
        </ul>
      ) : null}
      <div className="tc-actions">
        <Button type="primary" disabled={problems.length > 0} loading={send.isPending} onClick={submit} data-testid="award-submit">
          {t('award.submit')}
        </Button>
      </div>
    </section>
  );
}
