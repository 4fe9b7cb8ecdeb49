import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { enumLabel } from '@portal/contracts/constants';
import { LISTING_MANAGE_STATES, LISTING_MANAGE_STATE_VALUES } from '@portal/contracts/trade-constants';
import type { ManagedListing } from '@portal/contracts/listing-manage';
import { listingManageRoutes } from '@portal/contracts/routes/listing-manage';
import { ApiError, call } from '../../api/client';
import { useFeedback } from '../../shared/feedback';
import { formatDateTime } from '../../shared/format';
import { TRADE_KEYS } from '../../shared/trade-query-keys';
import { useLang } from '../../shared/use-lang';
import { ListingFormDialog } from './listing-form';
import { ListingGoodsCell, ListingStateTag, ownerActions } from './listing-state';
import { Money, Quantity } from '../../shared/money';
import { ALL_STATES, StateList, useListFilter } from '../../shared/state-list';
import '../../shared/user-centre.css';

/** 我的挂牌: the company's listings in every state; create, edit, submit and withdraw. */
export function MyListingsPage() {
  const { t } = useTranslation('trade');
  const lang = useLang();
  const client = useQueryClient();
  const { message, modal } = useFeedback();
  const filter = useListFilter(8);
  const [editing, setEditing] = useState<ManagedListing | null | 'new'>(null);
  const body = {
    pageNo: filter.paging.pageNo,
    pageSize: filter.paging.pageSize,
    objState: filter.stateNumber,
    keyword: filter.keyword || undefined,
  };
  const rows = useQuery({
    queryKey: [...TRADE_KEYS.listings, 'mine', body],
    queryFn: () => call(listingManageRoutes.myPage, { body }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => client.invalidateQueries({ queryKey: TRADE_KEYS.listings });
  const act = useMutation({
    mutationFn: ({ kind, id }: { kind: 'submit' | 'withdraw'; id: string }) =>
      kind === 'submit'
        ? call(listingManageRoutes.submit, { body: { id }, quiet: true })
        : call(listingManageRoutes.withdraw, { body: { id }, quiet: true }),
    onSuccess: (_, { kind }) => {
      message.success({ content: t(kind === 'submit' ? 'listings.submitted' : 'listings.withdrawn'), duration: 3 });
      void refresh();
    },
    onError: (err) => message.error({ content: err instanceof ApiError && err.message ? err.message : t('failed'), duration: 3 }),
  });
  const confirmWithdraw = (row: ManagedListing) =>
    modal.confirm({
      title: t('listings.withdrawTitle'),
      content: t('listings.withdrawText', { code: row.tradeListingCode }),
      okText: t('listings.withdraw'),
      okButtonProps: { danger: true },
      cancelText: t('cancel'),
      onOk: () => act.mutateAsync({ kind: 'withdraw', id: row.id }).catch(() => undefined),
    });
  return (
    <Card className="tc-page">
      <div className="tc-toolbar">
        <Input.Search
          allowClear
          aria-label={t('listings.keyword')}
          placeholder={t('listings.keyword')}
          style={{ maxWidth: 300 }}
          onSearch={filter.search}
        />
        <Button type="primary" className="tc-toolbar-end" onClick={() => setEditing('new')} data-testid="listing-create">
          {t('listings.create')}
        </Button>
      </div>
      <StateList<ManagedListing>
        filter={filter}
        choices={[
          { key: ALL_STATES, label: t('all') },
          ...LISTING_MANAGE_STATE_VALUES.map((s) => ({ key: String(s), label: enumLabel(LISTING_MANAGE_STATES, s, lang) })),
        ]}
        rows={rows}
        rowKey="id"
        scrollX={1100}
        emptyText={t('listings.empty')}
        columns={[
          { title: t('listings.code'), dataIndex: 'tradeListingCode', className: 'tc-num' },
          { title: t('listings.goodsSkuName'), render: (_, r) => <ListingGoodsCell row={r} /> },
          { title: t('listings.price'), align: 'right', render: (_, r) => <Money cents={r.singlePrice} currency={r.currency} /> },
          {
            title: t('listings.surplus'),
            align: 'right',
            render: (_, r) => (
              <span>
                <Quantity value={r.surplusListingNum} /> / <Quantity value={r.objListingNum} unit={r.unit} />
              </span>
            ),
          },
          {
            title: t('listings.state'),
            render: (_, r) => (
              <div>
                <ListingStateTag state={r.objState} />
                {(r.objState === 5 || r.objState === 7) && r.reviewRemark ? (
                  <div className="tc-remark" data-testid="listing-review-remark">
                    {t('listings.reviewRemark')}: {r.reviewRemark}
                  </div>
                ) : null}
              </div>
            ),
          },
          {
            title: t('listings.expireTime'),
            className: 'tc-num',
            render: (_, r) => (r.expireTime ? formatDateTime(r.expireTime) : '-'),
          },
          {
            title: t('actions'),
            key: 'actions',
            fixed: 'right',
            render: (_, r) => {
              const can = ownerActions(r.objState);
              return (
                <Space size={0} wrap>
                  {can.edit ? (
                    <Button type="link" size="small" onClick={() => setEditing(r)}>
                      {t('listings.edit')}
                    </Button>
                  ) : null}
                  {can.submit ? (
                    <Button
                      type="link"
                      size="small"
                      loading={act.isPending && act.variables?.id === r.id}
                      onClick={() => act.mutate({ kind: 'submit', id: r.id })}
                    >
                      {t('listings.submit')}
                    </Button>
                  ) : null}
                  {can.withdraw ? (
                    <Button type="link" size="small" danger onClick={() => confirmWithdraw(r)}>
                      {t('listings.withdraw')}
                    </Button>
                  ) : null}
                  {r.objState === 1 || r.objState === 2 ? (
                    <a
                      href={`/productDetailPortal?tradeListingCode=${encodeURIComponent(r.tradeListingCode)}`}
                      target="_blank"
                      rel="noreferrer"
                    >
                      {t('listings.view')}
                    </a>
                  ) : null}
                </Space>
              );
            },
          },
        ]}
      />
      {editing ? (
        <ListingFormDialog
          listing={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refresh();
          }}
        />
      ) : null}
    </Card>
  );
}
