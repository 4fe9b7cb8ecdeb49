import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { tenderTradeRoutes } from '@portal/contracts/routes/tender-trade';
import type { TenderDetail } from '@portal/contracts/tenders';
import { call } from '../../api/client';
import { useFeedback } from '../../shared/feedback';
import { TRADE_KEYS } from '../../shared/trade-query-keys';
import { useCurrentUser } from '../../shared/use-current-user';
import { errorText } from './bid-parts';
import { biddingOpen } from './bid-rules';
import { checkRelation } from './queries';

/** The server's clock, read from the tender's answer and kept running here (a second at a time), so the form closes at bidEndTime. */
function useServerNow(serverTime: string): number {
  const [offset] = useState(() => Date.parse(serverTime) - Date.now());
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now + offset;
}

/**
 * What the supplier's part of a tender's page shows and does: who is looking (a visitor, the
 * tenderer, a company on the buyer's list or not), the company's bid, whether bidding is open by
 * the server's clock, the negotiation round waiting for an answer, and withdrawing the bid.
 */
export function useBidPanel(tender: TenderDetail) {
  const { t } = useTranslation('tender');
  const { message } = useFeedback();
  const client = useQueryClient();
  const user = useCurrentUser();
  const me = user.data;
  const own = me?.currUserId === tender.userId;
  const relation = useQuery({
    queryKey: [...TRADE_KEYS.suppliers, 'relation', tender.userId, me?.currUserId],
    queryFn: () => checkRelation(tender.userId, me!.currUserId),
    enabled: Boolean(me) && !own,
  });
  const onList = relation.data === 'Y';
  const mine = useQuery({
    queryKey: [...TRADE_KEYS.tenders, 'myBid', tender.id],
    queryFn: () => call(tenderTradeRoutes.bidMine, { body: { tenderId: tender.id }, quiet: true }),
    enabled: onList,
  });
  // The open negotiation round waiting for this supplier shows on its bid list row.
  const myRows = useQuery({
    queryKey: [...TRADE_KEYS.tenders, 'myBids', 'negotiation', tender.id],
    queryFn: () => call(tenderTradeRoutes.bidMyPage, { body: { pageNo: 1, pageSize: 32 }, quiet: true }),
    enabled: onList && (tender.objState === 4 || tender.objState === 5),
  });
  const [editing, setEditing] = useState(false);
  const serverNow = useServerNow(tender.serverTime);
  const withdraw = useMutation({
    mutationFn: () => call(tenderTradeRoutes.bidWithdraw, { body: { tenderId: tender.id }, quiet: true }),
    onSuccess: () => {
      message.success({ content: t('bid.withdrawn'), duration: 3 });
      void client.invalidateQueries({ queryKey: TRADE_KEYS.tenders });
    },
    onError: (err) => message.error({ content: errorText(err, t('failed')), duration: 3 }),
  });

  return {
    user,
    me,
    own,
    relation,
    onList,
    mine,
    /** The company's standing bid (a withdrawn one is none). */
    bid: mine.data && mine.data.state !== 'withdrawn' ? mine.data : null,
    withdrawn: mine.data?.state === 'withdrawn',
    open: biddingOpen(tender.objState, tender.bidBeginTime, tender.bidEndTime, serverNow),
    /** The deadline of the negotiation round waiting for this company's answer, or ''. */
    deadline: myRows.data?.items.find((r) => r.tenderId === tender.id)?.negotiationDeadline ?? '',
    answered: Boolean(mine.data?.answer),
    editing,
    setEditing,
    withdraw,
  };
}
