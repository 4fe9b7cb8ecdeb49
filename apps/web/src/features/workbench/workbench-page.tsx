import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Tabs } from 'antd';
import { useState } from 'react';
import { WORKBENCH_BUYER_PERMISSION, WORKBENCH_OPERATOR_PERMISSION, WORKBENCH_SUPPLIER_PERMISSION } from '@portal/contracts/workbench';
import { formatDateTime } from '../../shared/format';
import { useLiveStatus } from '../../shared/live-updates';
import { usePermission } from '../../shared/permission';
import { EmptyState, QueryState } from '../../shared/query-state';
import { BuyerView } from './buyer-view';
import { OperatorView } from './operator-view';
import { useTexts } from './parts';
import { SupplierView } from './supplier-view';
import { useWorkbench, type WorkbenchView } from './use-workbench';
import './workbench.css';

/** The tab a company user chose last (purchasing or sales): a seller comes back to its sales while the browser tab lasts. */
const CHOSEN_KEY = 'workbench.view';
function readChosen(): WorkbenchView | null {
  try {
    const stored = sessionStorage.getItem(CHOSEN_KEY);
    return stored === 'buyer' || stored === 'supplier' || stored === 'operator' ? stored : null;
  } catch {
    return null;
  }
}
function storeChosen(view: WorkbenchView): WorkbenchView {
  try {
    sessionStorage.setItem(CHOSEN_KEY, view);
  } catch {
    // A browser that keeps nothing shows purchasing first next time.
  }
  return view;
}

/** The views a person's permissions open, in the order they show. */
function useViews(): WorkbenchView[] {
  const allowed = usePermission();
  const views: WorkbenchView[] = [];
  if (allowed(WORKBENCH_BUYER_PERMISSION)) views.push('buyer');
  if (allowed(WORKBENCH_SUPPLIER_PERMISSION)) views.push('supplier');
  if (allowed(WORKBENCH_OPERATOR_PERMISSION)) views.push('operator');
  return views;
}

/** /workbench: the workbench on a page of its own. */
export function WorkbenchPage() {
  return <WorkbenchBody />;
}

/** The workbench under the shell home's welcome. */
export function EmbeddedWorkbench() {
  return <WorkbenchBody embedded />;
}

/**
 * "How am I doing" for whoever signed in: a company user sees purchasing and sales (one tab each),
 * an operator the platform's day. The figures follow live changes of the company's orders and
 * deposit; the operator's are asked again every minute. On the shell's home (`embedded`) its title
 * is a second-level heading under the welcome, and a person with no view sees nothing of it.
 */
export function WorkbenchBody({ embedded = false }: { embedded?: boolean }) {
  const texts = useTexts();
  const views = useViews();
  const [chosen, setChosen] = useState<WorkbenchView | null>(readChosen);
  const active = chosen && views.includes(chosen) ? chosen : (views[0] ?? null);
  const buyer = useWorkbench('buyer', active === 'buyer');
  const supplier = useWorkbench('supplier', active === 'supplier');
  const operator = useWorkbench('operator', active === 'operator');
  const query = active === 'buyer' ? buyer : active === 'supplier' ? supplier : operator;
  const live = useLiveStatus();
  const Title = embedded ? 'h2' : 'h1';
  if (embedded && views.length === 0) return null;

  const body = (view: WorkbenchView) => {
    if (view === 'buyer') return <QueryState query={buyer}>{(data) => <BuyerView data={data} />}</QueryState>;
    if (view === 'supplier') return <QueryState query={supplier}>{(data) => <SupplierView data={data} />}</QueryState>;
    return <QueryState query={operator}>{(data) => <OperatorView data={data} />}</QueryState>;
  };

  return (
    <div className="wb-page">
      <Card size="small">
        <div className="wb-summary">
          <Title className="wb-title">{texts.title}</Title>
          {query.data ? <span className="wb-muted wb-num">{texts.asOf(formatDateTime(query.data.at))}</span> : null}
          {live.status === 'open' && active !== 'operator' ? <span className="wb-muted">{texts.live}</span> : null}
          <Button
            size="small"
            icon={<ReloadOutlined aria-hidden />}
            onClick={() => void query.refetch()}
            loading={query.isFetching}
            disabled={!active}
            className="wb-refresh"
          >
            {texts.refresh}
          </Button>
        </div>
      </Card>
      {views.length === 0 ? (
        <EmptyState />
      ) : views.length === 1 ? (
        body(views[0]!)
      ) : (
        <Tabs
          activeKey={active ?? undefined}
          onChange={(key) => setChosen(storeChosen(key as WorkbenchView))}
          items={views.map((view) => ({ key: view, label: texts.views[view], children: body(view) }))}
        />
      )}
      <p className="wb-credit">
        <a href="https://www.tradingview.com/lightweight-charts/" target="_blank" rel="noreferrer">
          TradingView Lightweight Charts™
        </a>
      </p>
    </div>
  );
}
