import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { enumLabel } from '@portal/contracts/constants';
import { tenderTradeRoutes } from '@portal/contracts/routes/tender-trade';
import { TENDER_LIMITS, TENDER_MANAGE_STATES, TENDER_MANAGE_STATE_VALUES, type ManagedTender } from '@portal/contracts/tender-trade';
import { ApiError, call } from '../../api/client';
import { useFeedback } from '../../shared/feedback';
import { formatDateTime } from '../../shared/format';
import { ReasonDialog } from '../../shared/reason-dialog';
import { TRADE_KEYS } from '../../shared/trade-query-keys';
import { useLang } from '../../shared/use-lang';
import { closeReasonWords } from '@portal/contracts/tender-rules';
import { ALL_STATES, StateList, useListFilter } from '../../shared/state-list';
import { TenderDetail } from './tender-detail';
import { TenderFormDialog } from './tender-form';
import { buyerActions } from './tender-rules';
import { TenderNameCell, TenderStateTag } from './tender-state';
import { useMyTenders } from './queries';
import './tender-trade.css';

/** Publish and cancel, with the confirmation and the toast each needs. */
export function useTenderCommands() {
  const { t } = useTranslation('tender');
  const client = useQueryClient();
  const { message } = useFeedback();
  return useMutation({
    mutationFn: ({ kind, id, reason }: { kind: 'publish' | 'cancel'; id: string; reason?: string }) =>
      kind === 'publish'
        ? call(tenderTradeRoutes.publish, { body: { id }, quiet: true })
        : call(tenderTradeRoutes.cancel, { body: { id, reason: reason ?? '' }, quiet: true }),
    onSuccess: (_, { kind }) => {
      message.success({ content: t(kind === 'publish' ? 'published' : 'cancelled'), duration: 3 });
      void client.invalidateQueries({ queryKey: TRADE_KEYS.tenders });
    },
    onError: (err) => message.error({ content: err instanceof ApiError && err.message ? err.message : t('failed'), duration: 3 }),
  });
}

/** 我的招标: the company's tenders in every state; create, edit, publish, cancel; `?id=` opens one. */
export function MyTendersPage() {
  const { t } = useTranslation('tender');
  const lang = useLang();
  const client = useQueryClient();
  const { modal } = useFeedback();
  const [params, setParams] = useSearchParams();
  const openId = params.get('id');
  const filter = useListFilter(8);
  const [editing, setEditing] = useState<ManagedTender | null | 'new'>(null);
  const [cancelling, setCancelling] = useState<ManagedTender | null>(null);
  const rows = useMyTenders({ pageNo: filter.paging.pageNo, pageSize: filter.paging.pageSize, objState: filter.stateNumber });
  const command = useTenderCommands();
  const open = (id: string | null) =>
    setParams(
      (prev) => {
        const copy = new URLSearchParams(prev);
        if (id) copy.set('id', id);
        else copy.delete('id');
        return copy;
      },
      { replace: false },
    );
  const confirmPublish = (tender: ManagedTender) =>
    modal.confirm({
      title: t('publishTitle'),
      content: t('publishText'),
      okText: t('publish'),
      cancelText: t('cancel'),
      onOk: () => command.mutateAsync({ kind: 'publish', id: tender.id }).catch(() => undefined),
    });
  const dialogs = (
    <>
      {editing ? (
        <TenderFormDialog
          tender={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void client.invalidateQueries({ queryKey: TRADE_KEYS.tenders });
          }}
        />
      ) : null}
      {cancelling ? (
        <ReasonDialog
          title={t('cancelTitle', { no: cancelling.tenderNo })}
          label={t('cancelReason')}
          okText={t('cancelTender')}
          danger
          max={TENDER_LIMITS.reasonMax}
          busy={command.isPending}
          onCancel={() => setCancelling(null)}
          onOk={(reason) => command.mutate({ kind: 'cancel', id: cancelling.id, reason }, { onSuccess: () => setCancelling(null) })}
        />
      ) : null}
    </>
  );
  if (openId) {
    return (
      <>
        <TenderDetail id={openId} onBack={() => open(null)} onEdit={setEditing} onPublish={confirmPublish} onCancel={setCancelling} />
        {dialogs}
      </>
    );
  }
  return (
    <Card className="tc-page">
      <div className="tc-toolbar">
        <Typography.Text type="secondary">{t('listHint')}</Typography.Text>
        <Button type="primary" className="tc-toolbar-end" onClick={() => setEditing('new')} data-testid="tender-create">
          {t('create')}
        </Button>
      </div>
      <StateList<ManagedTender>
        filter={filter}
        choices={[
          { key: ALL_STATES, label: t('all') },
          ...TENDER_MANAGE_STATE_VALUES.map((s) => ({ key: String(s), label: enumLabel(TENDER_MANAGE_STATES, s, lang) })),
        ]}
        rows={rows}
        rowKey="id"
        scrollX={1100}
        emptyText={t('empty')}
        onRow={(r) => ({ 'data-testid': 'tender-row', 'data-id': r.id }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          {
            title: t('tenderNo'),
            dataIndex: 'tenderNo',
            width: 190,
            className: 'tt-code-cell',
            // A long tender number breaks inside its column instead of running over the name.
            render: (no: string, r) => (
              <Button type="link" size="small" className="tabular tt-code" onClick={() => open(r.id)}>
                {no}
              </Button>
            ),
          },
          {
            title: t('tenderName'),
            render: (_, r) => <TenderNameCell row={r} />,
          },
          { title: t('bidEndTime'), className: 'tabular', width: 160, render: (_, r) => formatDateTime(r.bidEndTime) },
          { title: t('bidCount'), align: 'right', width: 90, render: (_, r) => <span className="tabular">{r.bidCount}</span> },
          {
            title: t('state'),
            width: 150,
            render: (_, r) => (
              <div>
                <TenderStateTag state={r.objState} />
                {r.closeReason || (r.objState === 0 && r.reviewRemark) ? (
                  <div className="tc-remark">{r.closeReason ? closeReasonWords(r.closeReason, lang) : r.reviewRemark}</div>
                ) : null}
              </div>
            ),
          },
          {
            title: t('actions'),
            key: 'actions',
            fixed: 'right',
            width: 220,
            render: (_, r) => {
              const can = buyerActions(r);
              return (
                <Space size={0} wrap>
                  <Button type="link" size="small" onClick={() => open(r.id)}>
                    {t('view')}
                  </Button>
                  {can.edit ? (
                    <Button type="link" size="small" onClick={() => setEditing(r)}>
                      {t('edit')}
                    </Button>
                  ) : null}
                  {can.publish ? (
                    <Button
                      type="link"
                      size="small"
                      loading={command.isPending && command.variables?.id === r.id}
                      onClick={() => confirmPublish(r)}
                    >
                      {t('publish')}
                    </Button>
                  ) : null}
                  {can.cancel ? (
                    <Button type="link" size="small" danger onClick={() => setCancelling(r)}>
                      {t('cancelTender')}
                    </Button>
                  ) : null}
                </Space>
              );
            },
          },
        ]}
      />
      {dialogs}
    </Card>
  );
}
