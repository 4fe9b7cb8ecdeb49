import { useState } from 'react';
import { Button, Checkbox, DatePicker, InputNumber, Popconfirm, Table } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { TenderDetail } from '@portal/contracts/tenders';
import { ApiError } from '../../api/client';
import { formatPrice, formatQuantity } from '../../shared/format';
import type { BidLineDraft, BidProblem } from './bid-rules';

/** The server's reason for a refused action, else `fallback`. */
export const errorText = (err: unknown, fallback: string) => (err instanceof ApiError && err.message ? err.message : fallback);

/** The text of one problem of the bid form. */
export function useProblemText(tender: TenderDetail) {
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
export function LinesEditor({ tender, drafts, onChange, fixedLines }: LinesEditorProps) {
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
export function ConfirmButton({ title, description, okText, danger, busy, ready, onConfirm, testId }: ConfirmButtonProps) {
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
export function Problems({ items }: { items: string[] }) {
  if (items.length === 0) return null;
  return (
    <ul className="tender-problems" role="alert" data-testid="bid-problems">
      {items.map((text) => (
        <li key={text}>{text}</li>
      ))}
    </ul>
  );
}
