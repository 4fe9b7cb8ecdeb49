import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Drawer, Image, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { HOLD_BS, LISTING_TYPES, PAYMENT_TYPES, TRANSPORT_WAYS, enumLabel } from '@portal/contracts/constants';
import { LISTING_MANAGE_STATES } from '@portal/contracts/trade-constants';
import { LISTING_LIMITS, type ManagedListing } from '@portal/contracts/listing-manage';
import { listingManageRoutes } from '@portal/contracts/routes/listing-manage';
import { ApiError, call } from '../../api/client';
import { useFeedback } from '../../shared/feedback';
import { formatDateTime } from '../../shared/format';
import { RichText } from '../../shared/rich-text';
import { TRADE_KEYS } from '../../shared/trade-query-keys';
import { useLang } from '../../shared/use-lang';
import { fileUrl } from '../../shared/file-list-field';
import { ListingGoodsCell, ListingStateTag } from './listing-state';
import { Money, Quantity } from '../../shared/money';
import { ReasonDialog } from '../../shared/reason-dialog';
import { StateList, useListFilter } from '../../shared/state-list';
import '../../shared/user-centre.css';

/** The states the operator's queue filters by (never drafts). */
const REVIEW_TABS = [4, 1, 2, 7, 5, 3, 6] as const;
type ReviewAction = 'reject' | 'suspend' | 'reinstate';

function ListingDetail({ listing }: { listing: ManagedListing }) {
  const { t } = useTranslation('trade');
  const lang = useLang();
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Descriptions
        bordered
        size="small"
        column={1}
        items={[
          { key: 'code', label: t('listings.code'), children: listing.tradeListingCode },
          { key: 'company', label: t('listings.company'), children: listing.userName },
          { key: 'state', label: t('listings.state'), children: <ListingStateTag state={listing.objState} /> },
          { key: 'goods', label: t('listings.goodsSkuName'), children: listing.goodsSkuName },
          { key: 'variety', label: t('listings.variety'), children: listing.varietyName },
          { key: 'market', label: t('listings.market'), children: listing.marketCode },
          { key: 'hold', label: t('listings.holdBs'), children: enumLabel(HOLD_BS, listing.holdBs, lang) },
          {
            key: 'type',
            label: t('listings.listingType'),
            children:
              enumLabel(LISTING_TYPES, listing.listingType, lang) + (listing.listingType === 'D' ? ` · ${listing.depositRatio}%` : ''),
          },
          { key: 'price', label: t('listings.price'), children: <Money cents={listing.singlePrice} currency={listing.currency} /> },
          { key: 'num', label: t('listings.objListingNum'), children: <Quantity value={listing.objListingNum} unit={listing.unit} /> },
          { key: 'min', label: t('listings.objMinNum'), children: <Quantity value={listing.objMinNum} unit={listing.unit} /> },
          {
            key: 'step',
            label: t('listings.objStepNum'),
            children: listing.objStepNum ? <Quantity value={listing.objStepNum} /> : t('listings.anyStep'),
          },
          { key: 'days', label: t('listings.objListingDay'), children: listing.objListingDay },
          { key: 'period', label: t('listings.objPeriodDay'), children: listing.objPeriodDay },
          { key: 'transport', label: t('listings.transportWay'), children: enumLabel(TRANSPORT_WAYS, listing.transportWay, lang) },
          { key: 'payment', label: t('listings.paymentType'), children: enumLabel(PAYMENT_TYPES, listing.paymentType, lang) },
          { key: 'place', label: t('listings.deliveryPlace'), children: listing.deliveryPlace },
          { key: 'remark', label: t('listings.reviewRemark'), children: listing.reviewRemark || '-' },
        ]}
      />
      {listing.pictures.length > 0 ? (
        <Image.PreviewGroup>
          <Space wrap>
            {listing.pictures.map((id, i) => (
              <Image
                key={id}
                src={fileUrl(id)}
                alt={`${t('listings.pictures')} ${i + 1}`}
                width={120}
                height={90}
                style={{ objectFit: 'cover' }}
              />
            ))}
          </Space>
        </Image.PreviewGroup>
      ) : null}
      {listing.description ? <RichText html={listing.description} /> : null}
    </Space>
  );
}

/** 挂牌审核 (operator): the review queue; approve, reject with a reason, suspend and reinstate. */
export function ListingReviewPage() {
  const { t } = useTranslation('trade');
  const lang = useLang();
  const client = useQueryClient();
  const { message, modal } = useFeedback();
  const filter = useListFilter(8, '4');
  const [asking, setAsking] = useState<{ action: ReviewAction; row: ManagedListing } | null>(null);
  const [viewing, setViewing] = useState<ManagedListing | null>(null);
  const body = {
    pageNo: filter.paging.pageNo,
    pageSize: filter.paging.pageSize,
    objState: Number(filter.state),
    keyword: filter.keyword || undefined,
  };
  const rows = useQuery({
    queryKey: [...TRADE_KEYS.listings, 'review', body],
    queryFn: () => call(listingManageRoutes.reviewPage, { body }),
    placeholderData: keepPreviousData,
  });
  const decide = useMutation({
    mutationFn: ({ action, id, reason }: { action: ReviewAction | 'approve'; id: string; reason: string }) => {
      if (action === 'approve') return call(listingManageRoutes.review, { body: { id, pass: true, reviewRemark: reason }, quiet: true });
      if (action === 'reject') return call(listingManageRoutes.review, { body: { id, pass: false, reviewRemark: reason }, quiet: true });
      if (action === 'suspend') return call(listingManageRoutes.suspend, { body: { id, reason }, quiet: true });
      return call(listingManageRoutes.reinstate, { body: { id, reason }, quiet: true });
    },
    onSuccess: (_, { action }) => {
      message.success({ content: t(`review.done.${action}`), duration: 3 });
      setAsking(null);
      setViewing(null);
      void client.invalidateQueries({ queryKey: TRADE_KEYS.listings });
    },
    onError: (err) => message.error({ content: err instanceof ApiError && err.message ? err.message : t('failed'), duration: 3 }),
  });
  const approve = (row: ManagedListing) =>
    modal.confirm({
      title: t('review.approveTitle'),
      content: t('review.approveText', { code: row.tradeListingCode, days: row.objListingDay }),
      okText: t('review.approve'),
      cancelText: t('cancel'),
      onOk: () => decide.mutateAsync({ action: 'approve', id: row.id, reason: '' }).catch(() => undefined),
    });
  const rowActions = (r: ManagedListing) => (
    <Space size={0} wrap>
      <Button type="link" size="small" onClick={() => setViewing(r)}>
        {t('review.view')}
      </Button>
      {r.objState === 4 ? (
        <>
          <Button type="link" size="small" onClick={() => approve(r)}>
            {t('review.approve')}
          </Button>
          <Button type="link" size="small" danger onClick={() => setAsking({ action: 'reject', row: r })}>
            {t('review.reject')}
          </Button>
        </>
      ) : null}
      {r.objState === 1 || r.objState === 2 ? (
        <Button type="link" size="small" danger onClick={() => setAsking({ action: 'suspend', row: r })}>
          {t('review.suspend')}
        </Button>
      ) : null}
      {r.objState === 7 ? (
        <Button type="link" size="small" onClick={() => setAsking({ action: 'reinstate', row: r })}>
          {t('review.reinstate')}
        </Button>
      ) : null}
    </Space>
  );
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
      </div>
      <StateList<ManagedListing>
        filter={filter}
        choices={REVIEW_TABS.map((s) => ({ key: String(s), label: enumLabel(LISTING_MANAGE_STATES, s, lang) }))}
        rows={rows}
        rowKey="id"
        scrollX={1100}
        emptyText={t('review.empty')}
        columns={[
          { title: t('listings.code'), dataIndex: 'tradeListingCode', className: 'tc-num' },
          { title: t('listings.company'), dataIndex: 'userName' },
          { title: t('listings.goodsSkuName'), render: (_, r) => <ListingGoodsCell row={r} /> },
          { title: t('listings.price'), align: 'right', render: (_, r) => <Money cents={r.singlePrice} currency={r.currency} /> },
          { title: t('listings.objListingNum'), align: 'right', render: (_, r) => <Quantity value={r.objListingNum} unit={r.unit} /> },
          { title: t('listings.state'), render: (_, r) => <ListingStateTag state={r.objState} /> },
          { title: t('listings.updatedAt'), className: 'tc-num', render: (_, r) => formatDateTime(r.updatedAt) },
          { title: t('actions'), key: 'actions', fixed: 'right', render: (_, r) => rowActions(r) },
        ]}
      />
      <Drawer
        open={Boolean(viewing)}
        size="large"
        title={viewing?.goodsSkuName}
        onClose={() => setViewing(null)}
        extra={viewing ? rowActions(viewing) : null}
      >
        {viewing ? <ListingDetail listing={viewing} /> : null}
      </Drawer>
      {asking ? (
        <ReasonDialog
          title={t(`review.${asking.action}Title`, { code: asking.row.tradeListingCode })}
          label={t('review.reason')}
          okText={t(`review.${asking.action}`)}
          danger={asking.action !== 'reinstate'}
          max={LISTING_LIMITS.reasonMax}
          busy={decide.isPending}
          onCancel={() => setAsking(null)}
          onOk={(reason) => decide.mutate({ action: asking.action, id: asking.row.id, reason })}
        />
      ) : null}
    </Card>
  );
}
