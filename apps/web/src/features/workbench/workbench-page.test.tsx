import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { workbenchRoutes } from '@portal/contracts/routes/workbench';
import type { BuyerWorkbench, OperatorWorkbench, SupplierWorkbench } from '@portal/contracts/workbench';
import { initI18n } from '../../i18n/index';
import { staleFamilies } from '../../shared/live-updates';
import type { PublicSettings } from '@portal/contracts/settings';
import { PermissionsProvider } from '../../shared/permission';
import { SettingsProvider } from '../../shared/settings';
import { TRADE_KEYS } from '../../shared/trade-query-keys';
import { answerCalls } from '../../test/fake-server';
import { WorkbenchPage } from './workbench-page';

/** What the chart library was asked to draw, per chart. */
const drawn = vi.hoisted(() => [] as { time: string; value: number }[][]);
vi.mock('lightweight-charts', () => ({
  ColorType: { Solid: 'solid' },
  HistogramSeries: {},
  createChart: () => ({
    addSeries: () => ({ setData: (data: { time: string; value: number }[]) => drawn.push(data) }),
    timeScale: () => ({ fitContent: () => undefined }),
    remove: () => undefined,
  }),
}));

beforeAll(async () => {
  await initI18n('en-US', []);
});
afterEach(async () => {
  cleanup();
  drawn.length = 0;
  sessionStorage.clear();
  await i18next.changeLanguage('en-US');
});

const AT = '2027-06-15T08:00:00.000Z';
const month = (m: string, amount: number, orders = 1, varietyName = 'Thermal coal', currency = 'CNY') => ({
  month: m,
  varietyCode: varietyName,
  varietyName,
  currency,
  orders,
  amount,
});
const buyer = (over: Partial<BuyerWorkbench> = {}): BuyerWorkbench => ({
  at: AT,
  purchases: [month('2027-01', 500_000_00, 2), month('2027-06', 120_000_00, 1), month('2027-06', 30_000_00, 1, 'Coking coal')],
  openOrders: [
    { state: 1, count: 2 },
    { state: 4, count: 1 },
  ],
  deposits: [{ currency: 'CNY', available: 80_000_00, frozen: 12_000_00 }],
  closingSoon: [{ kind: 'auction', id: '7', name: 'Shanxi coal auction', status: 4, closesAt: '2027-06-15T10:00:00.000Z' }],
  ...over,
});
const supplier: SupplierWorkbench = {
  at: AT,
  sales: [month('2027-05', 90_000_00, 3)],
  listingsOnSale: 4,
  toAct: [
    { state: 1, count: 1 },
    { state: 3, count: 2 },
  ],
  closingSoon: [{ kind: 'tender', id: '9', name: 'Coal purchase 2027', status: 2, closesAt: '2027-06-20T08:00:00.000Z', bidIn: false }],
};
const operator: OperatorWorkbench = {
  at: AT,
  deals: [
    { day: '2027-06-14', currency: 'CNY', orders: 3, amount: 300_000_00 },
    { day: '2027-06-15', currency: 'CNY', orders: 2, amount: 150_000_00 },
  ],
  activeCompanies: 6,
  liveAuctions: 1,
  reviews: [
    { kind: 'listings', count: 2 },
    { kind: 'auctionSpaces', count: 0 },
    { kind: 'tenders', count: 1 },
    { kind: 'supplierApplications', count: 3 },
  ],
};

function renderPage(granted: string[], answers: Parameters<typeof answerCalls>[0]) {
  const calls = answerCalls(answers);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SettingsProvider value={{ authVerification: true, buttonAuthList: null } as unknown as PublicSettings}>
        <PermissionsProvider value={Object.fromEntries(granted.map((code) => [code, true]))}>
          <MemoryRouter>
            <WorkbenchPage />
          </MemoryRouter>
        </PermissionsProvider>
      </SettingsProvider>
    </QueryClientProvider>,
  );
  return { calls, client };
}

describe('the workbench', { timeout: 90_000 }, () => {
  it("shows a company user's purchases, open orders, deposit and what closes soon, then its sales, and follows a live change", async () => {
    let answer = buyer();
    const { calls, client } = renderPage(['workbench:buyer', 'workbench:supplier'], {
      [workbenchRoutes.buyer.path]: () => ({ data: answer }),
      [workbenchRoutes.supplier.path]: { data: supplier },
    });
    expect(await screen.findByRole('heading', { name: 'Purchases, last 12 months' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'My workbench' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Purchasing', selected: true })).toBeTruthy();
    const thisMonth = screen.getByText('This month').closest('.wb-stat')!;
    expect(within(thisMonth as HTMLElement).getByText('￥150,000.00')).toBeTruthy();
    expect(within(screen.getByText('Deposit available').closest('a')!).getByText('￥80,000.00')).toBeTruthy();
    expect(screen.getByText('Deposit frozen').closest('a')!.getAttribute('href')).toBe('/trade/deposit');
    expect(screen.getByText('Awaiting seller confirmation').closest('a')!.getAttribute('href')).toBe('/trade/purchase-orders');
    expect(screen.getByText('Shanxi coal auction').closest('a')!.getAttribute('href')).toBe('/trade/auction-registrations');
    // The chart: twelve monthly bars in whole units, an image named by what it shows.
    expect(
      await screen.findByRole('img', {
        name: 'Bar chart of purchases, last 12 months: ￥650,000.00 over 12 months, best month 2027 ￥500,000.00',
      }),
    ).toBeTruthy();
    await vi.waitFor(() => expect(drawn).toHaveLength(1));
    expect(drawn[0]!.map((b) => b.time)).toEqual([
      '2026-07-01',
      '2026-08-01',
      '2026-09-01',
      '2026-10-01',
      '2026-11-01',
      '2026-12-01',
      '2027-01-01',
      '2027-02-01',
      '2027-03-01',
      '2027-04-01',
      '2027-05-01',
      '2027-06-01',
    ]);
    expect(drawn[0]![6]!.value).toBe(500_000);
    expect(drawn[0]![11]!.value).toBe(150_000);
    const byVariety = screen.getByRole('table');
    expect(
      within(byVariety)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['VarietyOrdersAmount', 'Thermal coal3￥620,000.00', 'Coking coal1￥30,000.00']);

    // An order placed elsewhere: the stream's change notice makes the workbench stale and it asks again.
    expect(staleFamilies('order')).toContainEqual(TRADE_KEYS.workbench);
    expect(staleFamilies('deposit')).toContainEqual(TRADE_KEYS.workbench);
    answer = buyer({ openOrders: [{ state: 1, count: 3 }] });
    await act(() => client.invalidateQueries({ queryKey: TRADE_KEYS.workbench }));
    expect(await screen.findByText('3 orders')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Sales' }));
    expect(await screen.findByRole('heading', { name: 'Sales, last 12 months' }, { timeout: 10_000 })).toBeTruthy();
    expect(sessionStorage.getItem('workbench.view')).toBe('supplier');
    expect(screen.getByText('Listings on sale').closest('a')!.getAttribute('href')).toBe('/trade/listings');
    expect(screen.getByText('Payment reported').closest('a')!.getAttribute('href')).toBe('/trade/sales-orders');
    expect(screen.getByText('No bid yet', { exact: false })).toBeTruthy();
    expect(calls.map((c) => c.path).filter((p) => p === workbenchRoutes.operator.path)).toEqual([]);
  });

  it("shows an operator the platform's day in Chinese, with the reviews waiting leading to their pages", async () => {
    await i18next.changeLanguage('zh-CN');
    renderPage(['workbench:operator'], { [workbenchRoutes.operator.path]: { data: operator } });
    expect(await screen.findByRole('heading', { name: '待审核' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(within(screen.getByText('今日成交').closest('a')!).getByText('￥150,000.00')).toBeTruthy();
    expect(within(screen.getByText('近 30 天活跃企业').closest('.wb-stat')! as HTMLElement).getByText('6')).toBeTruthy();
    expect(screen.getByText('挂牌审核').closest('a')!.getAttribute('href')).toBe('/admin/listing-review');
    expect(screen.getByText('招标审核').closest('a')!.getAttribute('href')).toBe('/admin/tender-review');
    expect(screen.getByText(/供应商申请/).closest('a')).toBeNull();
    expect(document.querySelector('[role="img"].wb-chart')!.getAttribute('aria-label')).toBe(
      '每日成交额柱状图：30 天合计 ￥450,000.00，最高的一天 6-14 ￥300,000.00',
    );
    await vi.waitFor(() => expect(drawn).toHaveLength(1));
    expect(drawn[0]).toHaveLength(30);
    expect(drawn[0]!.slice(-2).map((b) => b.value)).toEqual([300_000, 150_000]);
    cleanup();
    renderPage(['workbench:operator'], { [workbenchRoutes.operator.path]: { data: { ...operator, deals: [], activeCompanies: 0 } } });
    expect(await screen.findByText('近 30 天暂无成交', {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('says what to do when there is nothing yet, and offers a retry when the call fails', async () => {
    renderPage(['workbench:buyer'], {
      [workbenchRoutes.buyer.path]: { data: buyer({ purchases: [], openOrders: [], deposits: [], closingSoon: [] }) },
    });
    expect(await screen.findByText('No deals in the last 12 months: see what is on sale in the market')).toBeTruthy();
    expect(screen.getByText('No open orders')).toBeTruthy();
    expect(screen.getByText('No deposit account yet')).toBeTruthy();
    expect(screen.getByText('No auction or tender closes soon')).toBeTruthy();
    cleanup();
    renderPage(['workbench:buyer'], { [workbenchRoutes.buyer.path]: 'network' });
    expect(await screen.findByRole('button', { name: /retry|重试/i })).toBeTruthy();
  });
});
