import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { enumLabel } from '@portal/contracts/constants';
import { tenderTradeRoutes } from '@portal/contracts/routes/tender-trade';
import { TENDER_LIMITS, TENDER_MANAGE_STATES, type ManagedTender } from '@portal/contracts/tender-trade';
import { ApiError, call } from '../../api/client';
import { useFeedback } from '../../shared/feedback';
import { formatDateTime } from '../../shared/format';
import { ReasonDialog } from '../../shared/reason-dialog';
import { TRADE_KEYS } from '../../shared/trade-query-keys';
import { useLang } from '../../shared/use-lang';
import { StateList, useListFilter } from '../../shared/state-list';
import { TenderDetail } from './tender-detail';
import { TenderNameCell, TenderStateTag } from './tender-state';
import './tender-trade.css';

/** The queue's tabs: awaiting review first; then what review let through or sent back, for reference. */
const REVIEW_TABS = [1, 2, 3, 4, 5, 6, 7] as const;

/** 招标审核: tenders awaiting review; pass publishes one, reject sends it back with the reason the buyer sees. */
export function TenderReviewPage() {
  const { t } = useTranslation('tender');
  const lang = useLang();
  const client = useQueryClient();
  const { message, modal } = useFeedback();
  const filter = useListFilter(8, '1');
  const [viewing, setViewing] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<ManagedTender | null>(null);
  const body = { pageNo: filter.paging.pageNo, pageSize: filter.paging.pageSize, objState: Number(filter.state) };
  const rows = useQuery({
    queryKey: [...TRADE_KEYS.tenders, 'review', body],
    queryFn: () => call(tenderTradeRoutes.reviewPage, { body }),
    placeholderData: keepPreviousData,
  });
  const review = useMutation({
    mutationFn: (input: { id: string; pass: boolean; reviewRemark: string }) =>
      call(tenderTradeRoutes.review, { body: input, quiet: true }),
    onSuccess: (_, { pass }) => {
      message.success({ content: t(pass ? 'review.passed' : 'review.rejected'), duration: 3 });
      setRejecting(null);
      void client.invalidateQueries({ queryKey: TRADE_KEYS.tenders });
    },
    onError: (err) => message.error({ content: err instanceof ApiError && err.message ? err.message : t('failed'), duration: 3 }),
  });
  const confirmPass = (tender: ManagedTender) =>
    modal.confirm({
      title: t('review.passTitle'),
      content: t('review.passText', { name: tender.tenderName }),
      okText: t('review.pass'),
      cancelText: t('cancel'),
      onOk: () => review.mutateAsync({ id: tender.id, pass: true, reviewRemark: '' }).catch(() => undefined),
    });
  if (viewing) return <TenderDetail id={viewing} onBack={() => setViewing(null)} readOnly />;
  return (
    <Card className="tc-page">
      <StateList<ManagedTender>
        filter={filter}
        choices={REVIEW_TABS.map((s) => ({ key: String(s), label: enumLabel(TENDER_MANAGE_STATES, s, lang) }))}
        rows={rows}
        rowKey="id"
        scrollX={1100}
        emptyText={t(filter.state === '1' ? 'review.empty' : 'empty')}
        onRow={(r) => ({ 'data-testid': 'review-row', 'data-id': r.id }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { title: t('tenderNo'), dataIndex: 'tenderNo', className: 'tabular tt-code-cell', width: 190 },
          {
            title: t('tenderName'),
            render: (_, r) => <TenderNameCell row={r} showBuyer />,
          },
          { title: t('bidBeginTime'), className: 'tabular', width: 160, render: (_, r) => formatDateTime(r.bidBeginTime) },
          { title: t('bidEndTime'), className: 'tabular', width: 160, render: (_, r) => formatDateTime(r.bidEndTime) },
          { title: t('state'), width: 120, render: (_, r) => <TenderStateTag state={r.objState} /> },
          {
            title: t('actions'),
            key: 'actions',
            fixed: 'right',
            width: 200,
            render: (_, r) => (
              <Space size={0} wrap>
                <Button type="link" size="small" onClick={() => setViewing(r.id)}>
                  {t('view')}
                </Button>
                {r.objState === 1 ? (
                  <>
                    <Button type="link" size="small" onClick={() => confirmPass(r)}>
                      {t('review.pass')}
                    </Button>
                    <Button type="link" size="small" danger onClick={() => setRejecting(r)}>
                      {t('review.reject')}
                    </Button>
                  </>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      {rejecting ? (
        <ReasonDialog
          title={t('review.rejectTitle', { name: rejecting.tenderName })}
          label={t('review.reason')}
          okText={t('review.reject')}
          danger
          max={TENDER_LIMITS.reasonMax}
          busy={review.isPending}
          onCancel={() => setRejecting(null)}
          onOk={(reason) => review.mutate({ id: rejecting.id, pass: false, reviewRemark: reason })}
        />
      ) : null}
    </Card>
  );
}
