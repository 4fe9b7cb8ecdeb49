import type { ReactNode } from 'react';
import { Alert, Button, Skeleton, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TenderDetail } from '@portal/contracts/tenders';
import { formatZonedDateTime } from '../../shared/format';
import { LoadError } from '../../shared/query-state';
import { rememberLoginUrl } from '../../shared/session-storage';
import { ApplyBox } from './apply-box';
import { AnswerForm, BidForm } from './bid-forms';
import { ConfirmButton } from './bid-parts';
import { Receipt } from './bid-receipt';
import { useBidPanel } from './use-bid-panel';

/**
 * The supplier's part of a tender's page: sign in; the refusal (with a request to be added) for
 * a company not on the buyer's list; else its receipt and the sealed bid form, revise and
 * withdraw until bidEndTime by the server's clock, and the answer to a negotiation round.
 */
export function BidPanel({ tender }: { tender: TenderDetail }) {
  const { t } = useTranslation('tender');
  const { me, user, own, relation, onList, mine, bid, withdrawn, open, deadline, answered, editing, setEditing, withdraw } =
    useBidPanel(tender);

  const panel = (children: ReactNode) => (
    <section className="trade-panel" aria-labelledby="tender-bid-title">
      <h2 id="tender-bid-title" className="trade-panel-title">
        {t('bid.title')}
      </h2>
      {children}
    </section>
  );
  if (own) return null;
  if (user.isPending) return panel(<Skeleton active paragraph={{ rows: 2 }} />);
  // A visitor is asked to sign in only while the tender takes bids.
  if (!me && tender.objState !== 2) return null;
  if (!me) {
    return panel(
      <Space direction="vertical">
        <p>{t('bid.signInFirst')}</p>
        <Button
          type="primary"
          onClick={() => {
            rememberLoginUrl(`/biddingTender?id=${encodeURIComponent(tender.id)}`);
            (window.top ?? window).location.href = '/login';
          }}
        >
          {t('bid.signIn')}
        </Button>
      </Space>,
    );
  }
  if (relation.isPending) return panel(<Skeleton active paragraph={{ rows: 2 }} />);
  if (relation.isError) return panel(<LoadError compact error={relation.error} onRetry={() => void relation.refetch()} />);
  if (!onList) return panel(<ApplyBox tender={tender} />);
  if (mine.isPending) return panel(<Skeleton active paragraph={{ rows: 4 }} />);
  if (mine.isError) return panel(<LoadError compact error={mine.error} onRetry={() => void mine.refetch()} />);

  return (
    <>
      {panel(
        <div className="tender-bid">
          {bid ? <Receipt tender={tender} bid={bid} /> : null}
          {withdrawn ? <Alert type="info" showIcon title={t('bid.withdrawnText')} /> : null}
          {open && (!bid || editing) ? (
            <BidForm key={bid?.version ?? 0} tender={tender} bid={editing ? bid : null} onDone={() => setEditing(false)} />
          ) : null}
          {open && bid && !editing ? (
            <Space wrap>
              <Button onClick={() => setEditing(true)} data-testid="bid-revise">
                {t('bid.revise')}
              </Button>
              <ConfirmButton
                title={t('bid.withdrawTitle')}
                description={t('bid.withdrawText', { time: formatZonedDateTime(tender.bidEndTime) })}
                okText={t('bid.withdraw')}
                danger
                busy={withdraw.isPending}
                onConfirm={() => withdraw.mutateAsync().catch(() => undefined)}
                testId="bid-withdraw"
              />
              <span className="tender-muted">{t('bid.untilEnd', { time: formatZonedDateTime(tender.bidEndTime) })}</span>
            </Space>
          ) : null}
          {!open && !bid && tender.objState === 2 ? (
            <Alert type="info" showIcon title={t('bid.notYet', { time: formatZonedDateTime(tender.bidBeginTime) })} />
          ) : null}
          {!open && !bid && tender.objState > 2 ? <Alert type="info" showIcon title={t('bid.closed')} /> : null}
        </div>,
      )}
      {bid && deadline && !answered ? <AnswerForm tender={tender} bid={bid} deadline={deadline} /> : null}
      {bid && answered ? <Alert type="success" showIcon title={t('bid.answeredText')} /> : null}
    </>
  );
}
