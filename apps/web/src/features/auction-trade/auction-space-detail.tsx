import { Button, Descriptions, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ManagedAuctionPiece, ManagedAuctionSpace } from '@portal/contracts/auction-trade';
import { PAYMENT_TYPES, SPACE_STATUSES, TRANSPORT_WAYS, enumLabel } from '@portal/contracts/constants';
import { AUCTION_MODES, TRADE_STATUSES, auctionSide } from '@portal/contracts/trade-constants';
import { ApiError } from '../../api/client';
import { useFeedback } from '../../shared/feedback';
import { formatZonedDateTime } from '../../shared/format';
import { RichText } from '../../shared/rich-text';
import { useLang } from '../../shared/use-lang';
import { useDecideReserve } from './queries';
import { Money, Quantity } from '../../shared/money';

/** A space's state as its owner and the operator read it: the status, and "suspended" beside it. */
export function SpaceStatusTag({ space }: { space: Pick<ManagedAuctionSpace, 'spaceStatus' | 'suspended'> }) {
  const { t } = useTranslation('auction');
  const lang = useLang();
  const color = { 0: 'default', 1: 'processing', 2: 'cyan', 3: 'error', 4: 'green', 5: 'default', 6: 'default', 7: 'gold', 8: 'success' }[
    space.spaceStatus
  ];
  return (
    <Space size={4} wrap>
      <Tag color={color} data-testid="space-status" data-status={space.spaceStatus}>
        {enumLabel(SPACE_STATUSES, space.spaceStatus, lang)}
      </Tag>
      {space.suspended ? <Tag color="red">{t('space.suspended')}</Tag> : null}
    </Space>
  );
}

/** Where a space is seen from the user centre: the room while it runs, the result once it closed. */
export function roomHref(space: Pick<ManagedAuctionSpace, 'spaceId' | 'spaceStatus'>, openType: 1 | 2 = 2): string {
  const type = space.spaceStatus >= 6 ? 3 : openType;
  return `/auctionBuyerDetail?openType=${type}&spaceId=${encodeURIComponent(space.spaceId)}`;
}

/** The owner's decision on a best bid that missed the reserve: accept (deal) or decline (no deal), asked first. */
function ReserveDecision({ piece }: { piece: ManagedAuctionPiece }) {
  const { t } = useTranslation('auction');
  const { message, modal } = useFeedback();
  const decide = useDecideReserve(piece.id, {
    onSuccess: (accept) => message.success({ content: t(accept ? 'reserve.accepted' : 'reserve.declined'), duration: 3 }),
    onError: (err) => message.error({ content: err instanceof ApiError && err.message ? err.message : t('failed'), duration: 3 }),
  });
  const ask = (accept: boolean) =>
    modal.confirm({
      title: t(accept ? 'reserve.acceptTitle' : 'reserve.declineTitle'),
      content: t(accept ? 'reserve.acceptText' : 'reserve.declineText', { piece: piece.pieceName }),
      okText: t(accept ? 'reserve.accept' : 'reserve.decline'),
      okButtonProps: { danger: !accept },
      cancelText: t('cancel'),
      onOk: () => decide.mutateAsync(accept).catch(() => undefined),
    });
  return (
    <Space orientation="vertical" size={4}>
      <span className="tc-deadline">{t('reserve.decideBy', { time: formatZonedDateTime(piece.reserveDecisionBy) })}</span>
      <Space wrap>
        <Button
          size="small"
          type="primary"
          loading={decide.isPending && decide.variables}
          onClick={() => ask(true)}
          data-testid="reserve-accept"
        >
          {t('reserve.accept')}
        </Button>
        <Button
          size="small"
          danger
          loading={decide.isPending && !decide.variables}
          onClick={() => ask(false)}
          data-testid="reserve-decline"
        >
          {t('reserve.decline')}
        </Button>
      </Space>
    </Space>
  );
}

/** One space in full for its owner (with reserves and the reserve decisions) or the operator. */
export function AuctionSpaceDetail({ space, owner }: { space: ManagedAuctionSpace; owner: boolean }) {
  const { t } = useTranslation('auction');
  const lang = useLang();
  const c = space.currency;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'name', label: t('space.spaceName'), children: space.spaceName },
          { key: 'owner', label: t('space.owner'), children: space.spaceInfoUser },
          { key: 'status', label: t('space.status'), children: <SpaceStatusTag space={space} /> },
          { key: 'mode', label: t('space.mode'), children: enumLabel(AUCTION_MODES, space.spaceAuctionMode, lang) },
          { key: 'category', label: t('space.category'), children: space.name },
          { key: 'scope', label: t('space.scope'), children: t(`scope.${space.scope}`) },
          {
            key: 'begin',
            label: t('space.beginTime'),
            children: <span className="tc-num">{formatZonedDateTime(space.auctionBeginTime)}</span>,
          },
          { key: 'end', label: t('space.endTime'), children: <span className="tc-num">{formatZonedDateTime(space.auctionEndTime)}</span> },
          {
            key: 'reg',
            label: t('space.registrationEnd'),
            children: <span className="tc-num">{formatZonedDateTime(space.registrationEndTime)}</span>,
          },
          {
            key: 'step',
            label: t(auctionSide(space.spaceAuctionMode) === 'buy' ? 'space.priceStepDown' : 'space.priceStep'),
            children: <Money cents={space.priceStep} currency={c} />,
          },
          { key: 'deposit', label: t('space.deposit'), children: <Money cents={space.deposit} currency={c} /> },
          {
            key: 'delay',
            label: t('space.antiSniping'),
            children:
              space.delayWindowSec > 0 && space.delaySec > 0
                ? t('space.antiSnipingText', { window: space.delayWindowSec, delay: space.delaySec })
                : t('space.antiSnipingOff'),
          },
          { key: 'registrations', label: t('space.registrations'), children: space.registrationCount },
          { key: 'contact', label: t('space.contact'), children: `${space.contactName} ${space.contactPhone}`.trim() || '-' },
          { key: 'remark', label: t('space.remark'), children: space.remark || '-' },
          { key: 'reviewRemark', label: t('space.reviewRemark'), children: space.reviewRemark || '-' },
        ]}
      />
      <Table<ManagedAuctionPiece>
        size="small"
        rowKey="id"
        pagination={false}
        scroll={{ x: 1000 }}
        dataSource={space.itemList}
        data-testid="space-pieces"
        columns={[
          {
            title: t('space.piece'),
            render: (_, p) => (
              <div>
                <div>{p.pieceName}</div>
                <span className="tc-muted">
                  {p.varietyName} · {enumLabel(PAYMENT_TYPES, p.paymentType, lang)} · {enumLabel(TRANSPORT_WAYS, p.transportWay, lang)}
                </span>
              </div>
            ),
          },
          { title: t('space.totalWeight'), align: 'right', render: (_, p) => <Quantity value={p.totalWeight} unit={p.statUnit} /> },
          { title: t('space.basePrice'), align: 'right', render: (_, p) => <Money cents={p.basePrice} currency={c} /> },
          ...(owner
            ? [
                {
                  title: t('space.reservePrice'),
                  align: 'right' as const,
                  render: (_: unknown, p: ManagedAuctionPiece) =>
                    p.reservePrice === null ? t('space.noReserve') : <Money cents={p.reservePrice} currency={c} />,
                },
              ]
            : []),
          {
            title: t('space.tradeStatus'),
            render: (_, p) => <Tag data-testid="piece-trade-status">{enumLabel(TRADE_STATUSES, p.tradeStatus, lang)}</Tag>,
          },
          {
            title: t('space.dealPrice'),
            align: 'right',
            render: (_, p) => (p.dealPrice === null ? '-' : <Money cents={p.dealPrice} currency={c} />),
          },
          {
            title: t('space.dealQuantity'),
            align: 'right',
            render: (_, p) => (p.dealQuantity === null ? '-' : <Quantity value={p.dealQuantity} unit={p.statUnit} />),
          },
          ...(owner
            ? [
                {
                  title: t('space.reserveDecision'),
                  key: 'reserve',
                  render: (_: unknown, p: ManagedAuctionPiece) => (p.tradeStatus === 4 ? <ReserveDecision piece={p} /> : '-'),
                },
              ]
            : []),
        ]}
      />
      {space.description ? <RichText html={space.description} /> : null}
    </Space>
  );
}
