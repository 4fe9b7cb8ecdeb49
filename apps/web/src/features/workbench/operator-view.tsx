import { useMemo } from 'react';
import { Link } from 'react-router';
import { WORKBENCH_DAYS, type OperatorWorkbench, type ReviewKind } from '@portal/contracts/workbench';
import { formatNumber } from '../../shared/format';
import { EmptyState } from '../../shared/query-state';
import { BarChart } from './bar-chart';
import { Amounts } from './buyer-view';
import { dayBars, daysUpTo, mainCurrency } from './figures';
import { Panel, Stat, amountIn, dayTick, summary, useTexts } from './parts';

/** Where an operator decides what waits; supplier applications are the buyers' to decide, so they only count. */
const REVIEW_PAGES: Partial<Record<ReviewKind, string>> = {
  listings: '/admin/listing-review',
  auctionSpaces: '/admin/auction-review',
  tenders: '/admin/tender-review',
};

/** The platform's day: deals today and per day, active companies, live auctions, what waits for review. */
export function OperatorView({ data }: { data: OperatorWorkbench }) {
  const texts = useTexts();
  const today = data.at.slice(0, 10);
  const currency = mainCurrency(data.deals);
  const bars = useMemo(() => dayBars(data.deals, daysUpTo(data.at, WORKBENCH_DAYS), currency), [data.deals, data.at, currency]);
  const amount = useMemo(() => amountIn(currency), [currency]);
  const todays = data.deals.filter((d) => d.day === today);
  const waiting = data.reviews.reduce((s, r) => s + r.count, 0);
  return (
    <div className="wb-view">
      <div className="wb-stats">
        <Stat
          label={texts.todayDeals}
          value={<Amounts rows={todays} />}
          sub={texts.ordersCount(todays.reduce((s, d) => s + d.orders, 0))}
          to="/admin/orders"
        />
        <Stat
          label={texts.daysTotal(WORKBENCH_DAYS)}
          value={<Amounts rows={data.deals} />}
          sub={texts.ordersCount(data.deals.reduce((s, d) => s + d.orders, 0))}
        />
        <Stat label={texts.activeCompanies(WORKBENCH_DAYS)} value={formatNumber(data.activeCompanies, 0)} />
        <Stat label={texts.liveAuctions} value={formatNumber(data.liveAuctions, 0)} />
        <Stat label={texts.reviewsWaiting} value={formatNumber(waiting, 0)} />
      </div>
      <div className="wb-grid">
        <Panel title={texts.dealsPerDay}>
          {data.deals.length === 0 ? (
            <EmptyState text={texts.noDealsDays} />
          ) : (
            <BarChart
              bars={bars}
              tick={dayTick}
              amount={amount}
              label={texts.dayChart(WORKBENCH_DAYS, ...summary(bars, currency, dayTick))}
            />
          )}
          {data.deals.some((d) => d.currency !== currency) ? <p className="wb-note">{texts.otherCurrencies}</p> : null}
        </Panel>
        <div className="wb-side">
          <Panel title={texts.reviewsWaiting}>
            <ul className="wb-list">
              {data.reviews.map((r) => {
                const page = REVIEW_PAGES[r.kind];
                return (
                  <li key={r.kind}>
                    {page ? <Link to={page}>{texts.reviewKinds[r.kind]}</Link> : <span>{texts.reviewKinds[r.kind]}</span>}
                    <span className={r.count > 0 ? 'wb-num wb-count wb-waiting' : 'wb-num wb-count'}>{formatNumber(r.count, 0)}</span>
                  </li>
                );
              })}
            </ul>
          </Panel>
        </div>
      </div>
    </div>
  );
}
