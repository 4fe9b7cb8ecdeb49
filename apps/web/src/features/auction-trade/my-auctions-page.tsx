import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Drawer, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ManagedAuctionSpace } from '@portal/contracts/auction-trade';
import { ApiError } from '../../api/client';
import { useFeedback } from '../../shared/feedback';
import { AuctionSpaceDetail, SpaceStatusTag, roomHref } from './auction-space-detail';
import { AuctionSpaceFormDialog } from './auction-space-form';
import { SpaceList } from './auction-space-list';
import { useListFilter } from '../../shared/state-list';
import { useOpenParam } from '../../shared/use-open-param';
import { auctionTradeKeys, useMySpace, useMySpaces, useOwnerAction } from './queries';
import '../../shared/user-centre.css';

/** The tabs of 我的竞价, in the order a space lives through them. */
export const MY_SPACE_TABS = [0, 1, 2, 3, 4, 7, 8, 6, 5] as const;

/** What the owner may do with a space in its state (the server allows the same and refuses the rest). */
export function ownerSpaceActions(space: Pick<ManagedAuctionSpace, 'spaceStatus' | 'itemList'>) {
  const s = space.spaceStatus;
  return {
    edit: s === 0 || s === 3,
    submit: s === 0 || s === 3,
    withdraw: s <= 2,
    decide: space.itemList.some((p) => p.tradeStatus === 4),
    room: s === 2 || s >= 4,
  };
}

/** 我的竞价: the company's auction spaces by status; create, edit, submit, withdraw and decide on reserves. */
export function MyAuctionsPage() {
  const { t } = useTranslation('auction');
  const { message, modal } = useFeedback();
  const filter = useListFilter(8);
  const [editing, setEditing] = useState<ManagedAuctionSpace | 'new' | null>(null);
  const [viewingId, setViewingId] = useOpenParam('spaceId');
  const body = { pageNo: filter.paging.pageNo, pageSize: filter.paging.pageSize, spaceStatus: filter.stateNumber };
  const rows = useMySpaces(body);
  // A space a message points at may be on another page of the list: it is read on its own.
  const detail = useMySpace(viewingId);
  const viewing = viewingId ? (detail.data ?? rows.data?.items.find((s) => s.spaceId === viewingId) ?? null) : null;
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: auctionTradeKeys.all });
  const act = useOwnerAction({
    onSuccess: ({ kind }) => message.success({ content: t(kind === 'submit' ? 'mine.submitted' : 'mine.withdrawn'), duration: 3 }),
    onError: (err) => message.error({ content: err instanceof ApiError && err.message ? err.message : t('failed'), duration: 3 }),
  });
  const confirmWithdraw = (space: ManagedAuctionSpace) =>
    modal.confirm({
      title: t('mine.withdrawTitle'),
      content: t(space.registrationCount > 0 ? 'mine.withdrawTextRegistered' : 'mine.withdrawText', {
        name: space.spaceName,
        count: space.registrationCount,
      }),
      okText: t('mine.withdraw'),
      okButtonProps: { danger: true },
      cancelText: t('cancel'),
      onOk: () => act.mutateAsync({ kind: 'withdraw', spaceId: space.spaceId }).catch(() => undefined),
    });
  const actions = (r: ManagedAuctionSpace, inDrawer = false) => {
    const can = ownerSpaceActions(r);
    return (
      <Space size={0} wrap>
        {inDrawer ? null : (
          <Button type="link" size="small" onClick={() => setViewingId(r.spaceId)}>
            {can.decide ? t('mine.decide') : t('mine.view')}
          </Button>
        )}
        {can.edit ? (
          <Button type="link" size="small" onClick={() => setEditing(r)}>
            {t('mine.edit')}
          </Button>
        ) : null}
        {can.submit ? (
          <Button
            type="link"
            size="small"
            loading={act.isPending && act.variables?.spaceId === r.spaceId}
            onClick={() => act.mutate({ kind: 'submit', spaceId: r.spaceId })}
          >
            {t('mine.submit')}
          </Button>
        ) : null}
        {can.withdraw ? (
          <Button type="link" size="small" danger onClick={() => confirmWithdraw(r)}>
            {t('mine.withdraw')}
          </Button>
        ) : null}
        {can.room ? (
          <a href={roomHref(r)} target="_blank" rel="noreferrer" data-testid="space-room-link">
            {r.spaceStatus >= 6 ? t('mine.result') : t('mine.room')}
          </a>
        ) : null}
      </Space>
    );
  };
  return (
    <Card className="tc-page">
      <div className="tc-toolbar">
        <Typography.Text type="secondary">{t('mine.intro')}</Typography.Text>
        <Button type="primary" className="tc-toolbar-end" onClick={() => setEditing('new')} data-testid="auction-create">
          {t('mine.create')}
        </Button>
      </div>
      <SpaceList<ManagedAuctionSpace>
        filter={filter}
        tabs={MY_SPACE_TABS}
        all
        rows={rows}
        empty={t('mine.empty')}
        subtitle="pieces"
        before={[
          {
            title: t('space.status'),
            render: (_, r) => (
              <div>
                <SpaceStatusTag space={r} />
                {(r.spaceStatus === 3 || r.suspended) && r.reviewRemark ? (
                  <div className="tc-remark" data-testid="space-review-remark">
                    {r.reviewRemark}
                  </div>
                ) : null}
              </div>
            ),
          },
        ]}
        after={[
          { title: t('space.registrations'), dataIndex: 'registrationCount', align: 'right', width: 140 },
          { title: t('actions'), key: 'actions', fixed: 'right', width: 240, render: (_, r) => actions(r) },
        ]}
      />
      <Drawer
        open={Boolean(viewing)}
        size="large"
        title={viewing?.spaceName}
        onClose={() => setViewingId(null)}
        extra={viewing ? actions(viewing, true) : null}
      >
        {viewing ? <AuctionSpaceDetail space={viewing} owner /> : null}
      </Drawer>
      {editing ? (
        <AuctionSpaceFormDialog
          space={editing === 'new' ? null : editing}
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
