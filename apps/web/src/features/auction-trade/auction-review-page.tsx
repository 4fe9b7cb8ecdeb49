import { useState } from 'react';
import { Button, Card, Drawer, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { AUCTION_LIMITS, type ManagedAuctionSpace } from '@portal/contracts/auction-trade';
import { ApiError } from '../../api/client';
import { useFeedback } from '../../shared/feedback';
import { formatDateTime } from '../../shared/format';
import { AuctionSpaceDetail, SpaceStatusTag, roomHref } from './auction-space-detail';
import { SpaceList } from './auction-space-list';
import { Money } from '../../shared/money';
import { useListFilter } from '../../shared/state-list';
import { ReasonDialog } from '../../shared/reason-dialog';
import { useOperatorAction, useReviewSpaces, type OperatorDecision } from './queries';
import '../../shared/user-centre.css';

/** The statuses the operator's queue filters by (never drafts). */
const REVIEW_TABS = [1, 2, 4, 3, 7, 8, 6, 5] as const;
type Decision = Exclude<OperatorDecision, 'approve'>;

/** What the operator may do with a space in its state. */
export function operatorSpaceActions(space: Pick<ManagedAuctionSpace, 'spaceStatus' | 'suspended'>) {
  return {
    review: space.spaceStatus === 1,
    suspend: (space.spaceStatus === 2 || space.spaceStatus === 4) && !space.suspended,
    resume: space.suspended,
    /** A suspended space may also be ended for cause: no result, every deposit released. */
    terminate: space.suspended,
  };
}

/** 竞价审核 (operator): approve or reject submitted spaces; suspend and resume approved or running ones, with a reason. */
export function AuctionReviewPage() {
  const { t } = useTranslation('auction');
  const { message, modal } = useFeedback();
  const filter = useListFilter(8, '1');
  const [asking, setAsking] = useState<{ decision: Decision; space: ManagedAuctionSpace } | null>(null);
  const [viewingId, setViewingId] = useState<string | null>(null);
  const body = { pageNo: filter.paging.pageNo, pageSize: filter.paging.pageSize, spaceStatus: Number(filter.state) };
  const rows = useReviewSpaces(body);
  const viewing = rows.data?.items.find((s) => s.spaceId === viewingId) ?? null;
  const decide = useOperatorAction({
    onSuccess: ({ decision }) => {
      message.success({ content: t(`review.done.${decision}`), duration: 3 });
      setAsking(null);
    },
    onError: (err) => message.error({ content: err instanceof ApiError && err.message ? err.message : t('failed'), duration: 3 }),
  });
  const approve = (space: ManagedAuctionSpace) =>
    modal.confirm({
      title: t('review.approveTitle'),
      content: t('review.approveText', { name: space.spaceName, time: formatDateTime(space.auctionBeginTime) }),
      okText: t('review.approve'),
      cancelText: t('cancel'),
      onOk: () => decide.mutateAsync({ decision: 'approve', spaceId: space.spaceId, reason: '' }).catch(() => undefined),
    });
  const actions = (r: ManagedAuctionSpace, inDrawer = false) => {
    const can = operatorSpaceActions(r);
    return (
      <Space size={0} wrap>
        {inDrawer ? null : (
          <Button type="link" size="small" onClick={() => setViewingId(r.spaceId)}>
            {t('mine.view')}
          </Button>
        )}
        {can.review ? (
          <>
            <Button type="link" size="small" onClick={() => approve(r)}>
              {t('review.approve')}
            </Button>
            <Button type="link" size="small" danger onClick={() => setAsking({ decision: 'reject', space: r })}>
              {t('review.reject')}
            </Button>
          </>
        ) : null}
        {can.suspend ? (
          <Button type="link" size="small" danger onClick={() => setAsking({ decision: 'suspend', space: r })}>
            {t('review.suspend')}
          </Button>
        ) : null}
        {can.resume ? (
          <Button type="link" size="small" onClick={() => setAsking({ decision: 'resume', space: r })}>
            {t('review.resume')}
          </Button>
        ) : null}
        {can.terminate ? (
          <Button type="link" size="small" danger onClick={() => setAsking({ decision: 'terminate', space: r })}>
            {t('review.terminate')}
          </Button>
        ) : null}
        {r.spaceStatus === 2 || r.spaceStatus >= 4 ? (
          <a href={roomHref(r)} target="_blank" rel="noreferrer">
            {r.spaceStatus >= 6 ? t('mine.result') : t('mine.room')}
          </a>
        ) : null}
      </Space>
    );
  };
  return (
    <Card className="tc-page">
      <SpaceList<ManagedAuctionSpace>
        filter={filter}
        tabs={REVIEW_TABS}
        rows={rows}
        empty={t('review.empty')}
        subtitle="pieces"
        scrollX={1240}
        before={[
          { title: t('space.owner'), dataIndex: 'spaceInfoUser' },
          { title: t('space.status'), render: (_, r) => <SpaceStatusTag space={r} /> },
        ]}
        after={[
          { title: t('space.deposit'), align: 'right', render: (_, r) => <Money cents={r.deposit} currency={r.currency} /> },
          { title: t('space.updatedAt'), className: 'tc-num', render: (_, r) => formatDateTime(r.updatedAt) },
          { title: t('actions'), key: 'actions', fixed: 'right', width: 220, render: (_, r) => actions(r) },
        ]}
      />
      <Drawer
        open={Boolean(viewing)}
        size="large"
        title={viewing?.spaceName}
        onClose={() => setViewingId(null)}
        extra={viewing ? actions(viewing, true) : null}
      >
        {viewing ? <AuctionSpaceDetail space={viewing} owner={false} /> : null}
      </Drawer>
      {asking ? (
        <ReasonDialog
          title={t(`review.${asking.decision}Title`, { name: asking.space.spaceName })}
          label={t('review.reason')}
          okText={t(`review.${asking.decision}`)}
          danger={asking.decision !== 'resume'}
          max={AUCTION_LIMITS.reasonMax}
          busy={decide.isPending}
          onCancel={() => setAsking(null)}
          onOk={(reason) => decide.mutate({ decision: asking.decision, spaceId: asking.space.spaceId, reason })}
        />
      ) : null}
    </Card>
  );
}
