import { PAGE_PATHS } from '@portal/contracts/page-paths';
import { WORKBENCH_MONTHS, type BuyerWorkbench } from '@portal/contracts/workbench';
import { formatNumber, formatPrice } from '../../shared/format';
import { amountsOf } from './figures';
import { ClosingList, MonthsPanel, Panel, Stat, StateList, useTexts } from './parts';

/** Amounts per currency on one line, the largest first: ￥1,200.00 · $300.00; a currency at 0 only when all are. */
export function Amounts({ rows }: { rows: readonly { currency: string; amount: number }[] }) {
  const all = amountsOf(rows);
  const list = all.some((a) => a.amount !== 0) ? all.filter((a) => a.amount !== 0) : all.slice(0, 1);
  if (list.length === 0) return <>{formatPrice(0, { currency: 'CNY' })}</>;
  return <>{list.map((a) => formatPrice(a.amount, { currency: a.currency })).join(' · ')}</>;
}

/** A company's purchasing: this month, open orders, deposit, the months by variety, what closes soon. */
export function BuyerView({ data }: { data: BuyerWorkbench }) {
  const texts = useTexts();
  const month = data.at.slice(0, 7);
  const open = data.openOrders.reduce((s, c) => s + c.count, 0);
  const deposits = data.deposits.length > 0 ? data.deposits : null;
  return (
    <div className="wb-view">
      <div className="wb-stats">
        <Stat label={texts.thisMonth} value={<Amounts rows={data.purchases.filter((p) => p.month === month)} />} />
        <Stat label={texts.openOrders} value={formatNumber(open, 0)} to={PAGE_PATHS.purchaseOrders} />
        <Stat
          label={texts.available}
          value={deposits ? <Amounts rows={deposits.map((d) => ({ currency: d.currency, amount: d.available }))} /> : '-'}
          sub={deposits ? null : texts.noDeposit}
          to={PAGE_PATHS.deposit}
        />
        <Stat
          label={texts.frozen}
          value={deposits ? <Amounts rows={deposits.map((d) => ({ currency: d.currency, amount: d.frozen }))} /> : '-'}
          to={PAGE_PATHS.deposit}
        />
      </div>
      <div className="wb-grid">
        <MonthsPanel title={texts.purchasesByMonth} rows={data.purchases} at={data.at} months={WORKBENCH_MONTHS} />
        <div className="wb-side">
          <Panel title={texts.openOrders}>
            <StateList counts={data.openOrders} empty={texts.noOpenOrders} to={PAGE_PATHS.purchaseOrders} />
          </Panel>
          <Panel title={texts.closingSoon}>
            <ClosingList
              items={data.closingSoon}
              empty={texts.noneClosing}
              to={(c) => (c.kind === 'auction' ? PAGE_PATHS.auctionRegistrations : PAGE_PATHS.myTenders)}
            />
          </Panel>
        </div>
      </div>
    </div>
  );
}
