import { Card, Table, Tag } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { enumLabel } from '@portal/contracts/constants';
import { ORDER_STATES } from '@portal/contracts/trade-constants';
import type { ClosingSoon, MonthFigure, StateCount } from '@portal/contracts/workbench';
import { formatDateTime, formatNumber, formatPrice } from '../../shared/format';
import { EmptyState } from '../../shared/query-state';
import { useLang } from '../../shared/use-lang';
import { BarChart } from './bar-chart';
import { highest, mainCurrency, monthBars, monthsUpTo, varietyTotals, type Bar } from './figures';
import { WORKBENCH_TEXTS, type WorkbenchTexts } from './texts';

export const useTexts = (): WorkbenchTexts => WORKBENCH_TEXTS[useLang()];

/** One figure with its label, and where to see what it counts. */
export function Stat({ label, value, sub, to }: { label: string; value: ReactNode; sub?: ReactNode; to?: string }) {
  const body = (
    <>
      <span className="wb-stat-label">{label}</span>
      <span className="wb-stat-value">{value}</span>
      {sub ? <span className="wb-stat-sub">{sub}</span> : null}
    </>
  );
  return (
    <Card size="small" className="wb-stat">
      {to ? (
        <Link to={to} className="wb-stat-link">
          {body}
        </Link>
      ) : (
        body
      )}
    </Card>
  );
}

/** A card whose title is a heading, so the page reads as an outline. */
export function Panel({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <Card size="small" title={<h2 className="wb-heading">{title}</h2>} extra={extra}>
      {children}
    </Card>
  );
}

/** How the month axis reads: 6月, Jun; the year on January. */
export function monthTick(lang: string): (time: string) => string {
  return (time) => {
    const [year, month] = time.split('-');
    if (month === '01') return lang === 'en-US' ? year! : `${year}年`;
    if (lang === 'en-US') return new Date(`${time.slice(0, 7)}-01T00:00:00Z`).toLocaleString('en-US', { month: 'short', timeZone: 'UTC' });
    return `${Number(month)}月`;
  };
}

/** How the day axis reads: 6-15. */
export const dayTick = (time: string) => `${Number(time.slice(5, 7))}-${Number(time.slice(8, 10))}`;

/** Amounts on a price scale: whole units with the currency's symbol. */
export const amountIn = (currency: string) => (cents: number) =>
  formatPrice(Math.round(cents / 100) * 100, { currency }).replace(/\.00$/, '');

/** The amounts of the last twelve months as a histogram, and the same deals by variety as a table. */
export function MonthsPanel({ title, rows, at, months }: { title: string; rows: readonly MonthFigure[]; at: string; months: number }) {
  const texts = useTexts();
  const lang = useLang();
  const currency = mainCurrency(rows);
  const bars = useMemo(() => monthBars(rows, monthsUpTo(at, months), currency), [rows, at, months, currency]);
  const tick = useMemo(() => monthTick(lang), [lang]);
  const amount = useMemo(() => amountIn(currency), [currency]);
  const totals = varietyTotals(rows);
  if (rows.length === 0)
    return (
      <Panel title={title}>
        <EmptyState text={texts.noDeals} />
      </Panel>
    );
  return (
    <Panel title={title}>
      <BarChart bars={bars} tick={tick} amount={amount} label={texts.monthChart(title, months, ...summary(bars, currency, tick))} />
      {totals.some((t) => t.currency !== currency) ? <p className="wb-note">{texts.otherCurrencies}</p> : null}
      <h3 className="wb-subheading">{texts.byVariety}</h3>
      <Table
        size="small"
        rowKey="key"
        pagination={false}
        dataSource={totals}
        columns={[
          { title: texts.variety, dataIndex: 'varietyName' },
          {
            title: texts.orders,
            dataIndex: 'orders',
            align: 'right',
            render: (n: number) => <span className="wb-num">{formatNumber(n, 0)}</span>,
          },
          {
            title: texts.amount,
            dataIndex: 'amount',
            align: 'right',
            render: (n: number, r) => <span className="wb-num">{formatPrice(n, { currency: r.currency })}</span>,
          },
        ]}
      />
    </Panel>
  );
}

/** The total and the highest bar in words, for the chart's label. */
export function summary(bars: readonly Bar[], currency: string, tick: (time: string) => string): [string, string] {
  const total = bars.reduce((s, b) => s + b.amount, 0);
  const best = highest(bars);
  return [formatPrice(total, { currency }), best ? `${tick(best.time)} ${formatPrice(best.amount, { currency })}` : '-'];
}

/** Counts of orders by state, each a line that leads to the orders page. */
export function StateList({ counts, empty, to }: { counts: readonly StateCount[]; empty: string; to: string }) {
  const lang = useLang();
  const texts = useTexts();
  if (counts.length === 0) return <EmptyState text={empty} />;
  return (
    <ul className="wb-list">
      {counts.map((c) => (
        <li key={c.state}>
          <Link to={to}>{enumLabel(ORDER_STATES, c.state, lang)}</Link>
          <span className="wb-num wb-count">{texts.ordersCount(c.count)}</span>
        </li>
      ))}
    </ul>
  );
}

/** Auctions and tenders that close soon, soonest first, each leading to where it is handled. */
export function ClosingList({ items, empty, to }: { items: readonly ClosingSoon[]; empty: string; to: (c: ClosingSoon) => string }) {
  const texts = useTexts();
  if (items.length === 0) return <EmptyState text={empty} />;
  return (
    <ul className="wb-list">
      {items.map((c) => (
        <li key={`${c.kind}-${c.id}`} className="wb-closing">
          <span className="wb-closing-name">
            <Tag color={c.kind === 'auction' ? 'blue' : 'purple'}>{texts.kind[c.kind]}</Tag>
            <Link to={to(c)}>{c.name}</Link>
          </span>
          <span className="wb-num wb-muted">
            {texts.closesAt} {formatDateTime(c.closesAt)}
            {c.bidIn === undefined ? null : ` · ${c.bidIn ? texts.bidIn : texts.notBidYet}`}
          </span>
        </li>
      ))}
    </ul>
  );
}
