import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Skeleton, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { enumLabel } from '@portal/contracts/constants';
import { tenderTradeRoutes } from '@portal/contracts/routes/tender-trade';
import { tenderRoutes } from '@portal/contracts/routes/tenders';
import { TENDER_BID_STATES, TENDER_BID_STATE_LABELS, type MyTenderBidRow, type TenderBidState } from '@portal/contracts/tender-trade';
import { call } from '../../api/client';
import { formatDateTime, formatQuantity } from '../../shared/format';
import { Money } from '../../shared/money';
import { LoadError } from '../../shared/query-state';
import { TRADE_KEYS } from '../../shared/trade-query-keys';
import { useLang } from '../../shared/use-lang';
import { ALL_STATES, StateList, useListFilter } from '../../shared/state-list';
import { BidStateTag, TenderNameCell, TenderStateTag, lineLabel } from './tender-state';
import './tender-trade.css';

/** The caller's bid on one tender (expanded row): receipt, priced lines, and after the award its outcome and the winning prices. */
function MyBid({ tenderId }: { tenderId: string }) {
  const { t } = useTranslation('tender');
  const lang = useLang();
  const bid = useQuery({
    queryKey: [...TRADE_KEYS.tenders, 'myBid', tenderId],
    queryFn: () => call(tenderTradeRoutes.bidMine, { body: { tenderId }, quiet: true }),
  });
  // The public tender names the lines and the currency the bid is priced in.
  const tender = useQuery({
    queryKey: ['trading', 'tender', tenderId],
    queryFn: () => call(tenderRoutes.tenderDetailForCommon, { body: { id: tenderId }, quiet: true }),
  });
  if (bid.isPending || tender.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (tender.isError) return <LoadError compact error={tender.error} onRetry={() => void tender.refetch()} />;
  if (bid.isError) return <LoadError compact error={bid.error} onRetry={() => void bid.refetch()} />;
  if (!bid.data) return <Typography.Text type="secondary">{t('noBid')}</Typography.Text>;
  const b = bid.data;
  const { currency } = tender.data;
  const lineOf = (lineNo: number) => tender.data.lines.find((l) => l.lineNo === lineNo);
  return (
    <div className="tt-section" data-testid="my-bid">
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          {
            key: 'digest',
            label: t('receipt.digest'),
            span: 2,
            children: (
              <code className="tt-digest" data-testid="receipt-digest">
                {b.receipt.digest}
              </code>
            ),
          },
          { key: 'time', label: t('receipt.time'), children: <span className="tabular">{formatDateTime(b.receipt.time)}</span> },
          { key: 'total', label: t('total'), children: <Money cents={b.total} currency={currency} /> },
          ...(b.outcome
            ? [
                {
                  key: 'outcome',
                  label: t('outcome'),
                  children: (
                    <Tag color={b.outcome === 'won' ? 'success' : 'default'} data-testid="bid-outcome">
                      {enumLabel(TENDER_BID_STATE_LABELS, b.outcome, lang)}
                    </Tag>
                  ),
                },
              ]
            : []),
          ...(b.invalidReason ? [{ key: 'invalid', label: t('invalidReason'), children: b.invalidReason }] : []),
        ]}
      />
      <Table
        rowKey="lineNo"
        size="small"
        pagination={false}
        dataSource={b.lines}
        columns={[
          { title: t('line'), render: (_, l) => lineLabel(tender.data.lines, l.lineNo) },
          { title: t('unitPrice'), align: 'right', render: (_, l) => <Money cents={l.unitPrice} currency={currency} /> },
          {
            title: t('quantity'),
            align: 'right',
            render: (_, l) => <span className="tabular">{formatQuantity(l.quantity, lineOf(l.lineNo)?.unit)}</span>,
          },
          { title: t('deliveryDate'), dataIndex: 'deliveryDate', className: 'tabular' },
          {
            title: t('awardedQuantity'),
            align: 'right',
            render: (_, l) => {
              const awarded = b.awarded?.find((a) => a.lineNo === l.lineNo);
              return awarded ? <span className="tabular">{formatQuantity(awarded.quantity, lineOf(l.lineNo)?.unit)}</span> : '-';
            },
          },
          {
            title: t('winningPrice'),
            align: 'right',
            render: (_, l) => {
              const win = b.winningPrices?.find((w) => w.lineNo === l.lineNo);
              return win ? <Money cents={win.unitPrice} currency={currency} /> : '-';
            },
          },
        ]}
      />
    </div>
  );
}

/** 我的投标: the company's bids on its buyers' tenders, with state, receipt and outcome. */
export function MyBidsPage() {
  const { t } = useTranslation('tender');
  const lang = useLang();
  const filter = useListFilter(8);
  // A message about one tender links here with ?tenderId=: its row opens by itself.
  const [params] = useSearchParams();
  const linked = params.get('tenderId');
  const [expanded, setExpanded] = useState<readonly React.Key[] | null>(null);
  const body = {
    pageNo: filter.paging.pageNo,
    pageSize: filter.paging.pageSize,
    state: filter.state === ALL_STATES ? undefined : (filter.state as TenderBidState),
  };
  const rows = useQuery({
    queryKey: [...TRADE_KEYS.tenders, 'myBids', body],
    queryFn: () => call(tenderTradeRoutes.bidMyPage, { body }),
    placeholderData: keepPreviousData,
  });
  return (
    <Card className="tc-page">
      <Typography.Text type="secondary">{t('myBidsHint')}</Typography.Text>
      <StateList<MyTenderBidRow>
        filter={filter}
        choices={[
          { key: ALL_STATES, label: t('all') },
          ...TENDER_BID_STATES.map((s) => ({ key: s, label: enumLabel(TENDER_BID_STATE_LABELS, s, lang) })),
        ]}
        rows={rows}
        rowKey="bidId"
        scrollX={1100}
        emptyText={t('myBidsEmpty')}
        expandable={{
          expandedRowRender: (r) => <MyBid tenderId={r.tenderId} />,
          expandedRowKeys: expanded ?? (rows.data?.items ?? []).filter((r) => r.tenderId === linked).map((r) => r.bidId),
          onExpandedRowsChange: (keys) => setExpanded(keys),
        }}
        onRow={(r) => ({ 'data-testid': 'my-bid-row', 'data-tender': r.tenderNo }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { title: t('tenderNo'), dataIndex: 'tenderNo', className: 'tabular tt-code-cell', width: 190 },
          {
            title: t('tenderName'),
            render: (_, r) => <TenderNameCell row={r} showBuyer />,
          },
          { title: t('bidEndTime'), className: 'tabular', width: 160, render: (_, r) => formatDateTime(r.bidEndTime) },
          { title: t('tenderState'), width: 120, render: (_, r) => <TenderStateTag state={r.objState} /> },
          {
            title: t('bidState'),
            width: 150,
            render: (_, r) => (
              <div>
                <BidStateTag state={r.state} />
                <span className="tc-muted tabular">v{r.version}</span>
              </div>
            ),
          },
          {
            title: t('negotiation.deadline'),
            className: 'tabular',
            width: 160,
            render: (_, r) => (r.negotiationDeadline ? <Tag color="warning">{formatDateTime(r.negotiationDeadline)}</Tag> : '-'),
          },
          {
            title: t('actions'),
            key: 'actions',
            fixed: 'right',
            width: 110,
            render: (_, r) => (
              <Link to={`/biddingTender?id=${encodeURIComponent(r.tenderId)}`} data-testid="my-bid-open">
                {r.objState === 2 || r.negotiationDeadline ? t('openBid') : t('view')}
              </Link>
            ),
          },
        ]}
      />
    </Card>
  );
}
