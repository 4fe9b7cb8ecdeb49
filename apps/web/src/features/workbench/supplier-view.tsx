import { PAGE_PATHS } from '@portal/contracts/page-paths';
import { WORKBENCH_MONTHS, type SupplierWorkbench } from '@portal/contracts/workbench';
import { formatNumber } from '../../shared/format';
import { Amounts } from './buyer-view';
import { ClosingList, MonthsPanel, Panel, Stat, StateList, useTexts } from './parts';

/** A company's sales: this month, listings on sale, the orders waiting for it, the months by variety, tenders to bid in. */
export function SupplierView({ data }: { data: SupplierWorkbench }) {
  const texts = useTexts();
  const month = data.at.slice(0, 7);
  const toAct = data.toAct.reduce((s, c) => s + c.count, 0);
  return (
    <div className="wb-view">
      <div className="wb-stats">
        <Stat label={texts.thisMonth} value={<Amounts rows={data.sales.filter((p) => p.month === month)} />} />
        <Stat label={texts.listingsOnSale} value={formatNumber(data.listingsOnSale, 0)} to={PAGE_PATHS.myListings} />
        <Stat label={texts.toAct} value={formatNumber(toAct, 0)} to={PAGE_PATHS.salesOrders} />
      </div>
      <div className="wb-grid">
        <MonthsPanel title={texts.salesByMonth} rows={data.sales} at={data.at} months={WORKBENCH_MONTHS} />
        <div className="wb-side">
          <Panel title={texts.toAct}>
            <StateList counts={data.toAct} empty={texts.nothingToAct} to={PAGE_PATHS.salesOrders} />
          </Panel>
          <Panel title={texts.tendersToBid}>
            <ClosingList items={data.closingSoon} empty={texts.noTenders} to={() => PAGE_PATHS.myTenderBids} />
          </Panel>
        </div>
      </div>
    </div>
  );
}
