import type { ReactElement } from 'react';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Order, OrderRow } from '@portal/contracts/orders';
import { initI18n } from '../../i18n/index';
import { answerCalls } from '../../test/fake-server';
import { LocationProbe, buttonsNamed, dataRows, findButton, renderPage } from '../../test/user-centre-page';
import { AdminOrdersPage, PurchaseOrdersPage, SalesOrdersPage } from './orders-page';

beforeAll(async () => {
  await initI18n('en-US', ['trade', 'resource']);
});
afterEach(cleanup);

const order = (orderNo: string, state: number, over: Partial<Order> = {}): Order => ({
  orderNo,
  state,
  origin: 'listing',
  originCode: 'GP202611250001',
  buyerUserId: '21',
  buyerName: 'Hebei Steel Trading',
  sellerUserId: '11',
  sellerName: 'Shaanxi Coal Chemicals',
  snapshot: {
    varietyCode: 'COAL',
    varietyName: 'Thermal coal',
    goodsSkuName: 'Q5500 thermal coal',
    unit: 't',
    singlePrice: 85_000,
    currency: 'CNY',
    listingType: 'D',
    paymentType: 2,
    transportWay: 'A',
    deliveryPlace: 'Qinhuangdao port',
    objPeriodDay: 15,
    depositRatio: 10,
  },
  quantity: 100,
  amount: 8_500_000,
  currency: 'CNY',
  depositFrozen: 850_000,
  deliveryAddress: 'Tangshan, Hebei',
  contactName: 'Wang Lei',
  contactPhone: '13800000000',
  remark: '',
  createdAt: '2026-11-25T08:00:00.000Z',
  confirmBy: '2026-11-26T08:00:00.000Z',
  payBy: '2026-11-28T08:00:00.000Z',
  receiveBy: '',
  timeline: [],
  actions: [],
  ...over,
});
const row = (o: Order): OrderRow => {
  const { timeline: _timeline, ...rest } = o;
  return rest;
};
const counts = { '1': 2, '2': 1, '6': 4 };
const pageOf = (items: Order[], withCounts = true) => ({
  data: { items: items.map(row), totalItem: items.length, pageNo: 1, pageSize: 8, ...(withCounts ? { counts } : {}) },
});
const BUY = '/commtrade/ws/order/buyPage';
const SELL = '/commtrade/ws/order/sellPage';
const ADMIN = '/commtrade/ws/order/adminPage';
const DETAIL = '/commtrade/ws/order/detail';

function show(page: ReactElement, path = '/trade/orders') {
  return renderPage(
    <>
      {page}
      <LocationProbe />
    </>,
    path,
  );
}
const drawer = () =>
  waitFor(() => {
    const found = document.querySelector<HTMLElement>('.tc-order-drawer .ant-drawer-body');
    if (!found) throw new Error('no order drawer');
    return found;
  });

describe('purchase and sales orders', { timeout: 90_000 }, () => {
  it('shows the count of every state on its tab, and asks only the state chosen', async () => {
    const calls = answerCalls({ [BUY]: pageOf([order('2026112500000001', 1)]) });
    show(<PurchaseOrdersPage />);
    await waitFor(() => expect(dataRows()).toHaveLength(1));
    expect(calls[0]).toEqual({ path: BUY, body: { pageNo: 1, pageSize: 8 } });
    expect(screen.getByText('All (7)')).toBeTruthy();
    expect(screen.getByTestId('order-tab-1').textContent).toContain('2');
    expect(screen.getByTestId('order-tab-6').textContent).toContain('4');
    expect(screen.getByTestId('order-tab-9').textContent).toContain('0');
    fireEvent.click(screen.getByTestId('order-tab-6'));
    await waitFor(() => expect(calls.at(-1)!.body).toEqual({ pageNo: 1, pageSize: 8, state: 6 }));
  });

  it('marks an order overdue when the deadline of its state has passed while it is still in that state', async () => {
    // Only the clock is set; the page's timers run as usual.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T00:00:00.000Z'));
    try {
      answerCalls({
        [BUY]: pageOf([
          order('2026112500000001', 1), // not confirmed by 11-26: overdue
          order('2026112500000002', 2), // to be paid by 11-28: not yet
          order('2026112500000003', 4), // paid: its payment deadline no longer runs
          order('2026112500000004', 5, { receiveBy: '2026-11-26T12:00:00.000Z' }), // receipt due 11-26: overdue
        ]),
      });
      show(<PurchaseOrdersPage />);
      await waitFor(() => expect(dataRows()).toHaveLength(4));
      const overdue = dataRows().map((r) => r.querySelector('[data-testid="order-overdue"]')?.textContent ?? '');
      expect(overdue).toEqual(['Overdue', '', '', 'Overdue']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('names the seller to a buyer and the buyer to a seller, with the deadline running now', async () => {
    answerCalls({ [BUY]: pageOf([order('2026112500000001', 1)]), [SELL]: pageOf([order('2026112500000002', 2)]) });
    show(<PurchaseOrdersPage />);
    await waitFor(() => expect(dataRows()).toHaveLength(1));
    const headers = () => [...document.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(headers()).toContain('Seller');
    expect(headers()).not.toContain('Buyer');
    const bought = dataRows()[0]!.textContent!;
    expect(bought).toContain('Shaanxi Coal Chemicals');
    expect(bought).toContain('100.000 t');
    expect(bought).toContain('￥85,000.00');
    expect(bought).toContain('Awaiting seller confirmation');
    // State 1 runs the seller's confirmation deadline.
    expect(bought).toContain('2026-11-26 08:00');
    cleanup();
    show(<SalesOrdersPage />);
    await waitFor(() => expect(dataRows()).toHaveLength(1));
    expect(headers()).toContain('Buyer');
    expect(headers()).not.toContain('Seller');
    const sold = dataRows()[0]!.textContent!;
    expect(sold).toContain('Hebei Steel Trading');
    // State 2 runs the buyer's payment deadline.
    expect(sold).toContain('2026-11-28 08:00');
  });

  it('offers "handle" when the caller may act and "view" otherwise', async () => {
    answerCalls({
      [SELL]: pageOf([order('2026112500000001', 1, { actions: ['confirm', 'refuse'] }), order('2026112500000002', 6)]),
    });
    show(<SalesOrdersPage />);
    await waitFor(() => expect(dataRows()).toHaveLength(2));
    expect(buttonsNamed('Handle', dataRows()[0])).toHaveLength(1);
    expect(buttonsNamed('View', dataRows()[1])).toHaveLength(1);
    expect(buttonsNamed('Handle', dataRows()[1])).toHaveLength(0);
  });

  it('opens an order in the drawer, puts it in the address, and closes it again', async () => {
    const placed = order('2026112500000001', 1, {
      actions: ['confirm', 'refuse'],
      remark: 'Deliver before the 10th',
      timeline: [
        {
          action: 'place',
          state: 1,
          actorUserId: '21',
          actorName: 'Hebei Steel Trading',
          time: '2026-11-25T08:00:00.000Z',
          note: '',
          fileIds: [],
        },
      ],
    });
    const calls = answerCalls({ [SELL]: pageOf([placed]), [DETAIL]: { data: placed } });
    show(<SalesOrdersPage />);
    fireEvent.click(await findButton('2026112500000001'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/trade/orders?orderNo=2026112500000001'));
    expect(calls.find((c) => c.path === DETAIL)?.body).toEqual({ orderNo: '2026112500000001' });
    const body = await drawer();
    await waitFor(() => expect(body.querySelector('[data-testid="order-amount"]')?.textContent).toBe('￥85,000.00'));
    expect(document.querySelector('.tc-order-drawer')!.textContent).toContain('Order 2026112500000001');
    expect(screen.getByTestId('order-deadline').textContent).toBe(
      'The seller must confirm by 2026-11-26 08:00 UTC+0, or the order is cancelled',
    );
    expect(body.textContent).toContain('￥8,500.00 (10%)');
    expect(body.textContent).toContain('Listing GP202611250001');
    expect(body.textContent).toContain('Deliver before the 10th');
    // The seller's actions of the state are offered in the drawer.
    expect(screen.getByTestId('order-actions').textContent).toContain('Confirm');
    const entries = screen.getAllByTestId('order-timeline-entry');
    expect(entries).toHaveLength(1);
    expect(entries[0]!.textContent).toContain('Order placed');
    expect(entries[0]!.textContent).toContain('Hebei Steel Trading');
    fireEvent.click(document.querySelector('.tc-order-drawer .ant-drawer-close')!);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/trade/orders'));
  });

  it('names an auction order’s auction, with its type and a link, never an internal key or a listing type', async () => {
    const won = order('2026112800000016', 2, {
      origin: 'auction',
      originCode: '33',
      remark: 'Coal auction / Lot 1',
      snapshot: { ...order('x', 2).snapshot, listingType: 'A', originName: 'Coal auction', unit: '吨' },
    });
    answerCalls({ [BUY]: pageOf([won]), [DETAIL]: { data: won } });
    show(<PurchaseOrdersPage />, '/trade/orders?orderNo=2026112800000016');
    const body = await drawer();
    await waitFor(() => expect(screen.getByTestId('order-origin').textContent).toBe('Auction: Coal auction'));
    expect(screen.getByTestId('order-origin').getAttribute('href')).toBe('/auctionBuyerDetail?openType=3&spaceId=33');
    expect(body.textContent).not.toContain('Standard listing');
    expect(body.textContent).not.toContain('auction:33');
    // The unit in the reader's language.
    expect(body.textContent).toContain('100.000 t');
    expect(body.textContent).not.toContain('吨');
  });

  it('opens the order a link names, and says so when it does not exist', async () => {
    answerCalls({
      [BUY]: pageOf([]),
      [DETAIL]: { error: { code: '10404', message: 'Not found', status: 404 } },
    });
    show(<PurchaseOrdersPage />, '/trade/orders?orderNo=2026112599999999');
    const body = await drawer();
    await waitFor(() => expect(body.textContent).toContain('Order not found'));
    expect(screen.getByText('No purchase orders yet; browse the listing market to buy')).toBeTruthy();
  });

  it('offers a retry when the detail fails for another reason', async () => {
    let fail = true;
    const calls = answerCalls({
      [SELL]: pageOf([]),
      [DETAIL]: () => (fail ? { error: { code: '500', message: 'Timed out', status: 500 } } : { data: order('2026112500000003', 6) }),
    });
    show(<SalesOrdersPage />, '/trade/orders?orderNo=2026112500000003');
    const body = await drawer();
    const alert = await waitFor(() => {
      const found = body.querySelector<HTMLElement>('[role="alert"]');
      if (!found) throw new Error('no alert');
      return found;
    });
    expect(alert.textContent).toContain('Timed out');
    fail = false;
    fireEvent.click(await findButton('Retry', alert));
    await waitFor(() => expect(body.querySelector('[data-testid="order-amount"]')).not.toBeNull());
    expect(calls.filter((c) => c.path === DETAIL)).toHaveLength(2);
    // A completed order runs no deadline and offers the seller nothing.
    expect(screen.queryByTestId('order-deadline')).toBeNull();
    expect(screen.queryByTestId('order-actions')).toBeNull();
    expect(screen.getByText('No sales orders yet')).toBeTruthy();
  });
});

describe('order supervision', { timeout: 90_000 }, () => {
  it('filters by keyword and state, names both parties, and opens the read-only detail', async () => {
    const done = order('2026112500000004', 6, { actions: [] });
    const calls = answerCalls({ [ADMIN]: pageOf([done], false), '/commtrade/ws/order/adminDetail': { data: done } });
    show(<AdminOrdersPage />);
    await waitFor(() => expect(dataRows()).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ pageNo: 1, pageSize: 16 });
    const headers = [...document.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Buyer', 'Seller']));
    const search = screen.getByLabelText('Order no., listing code or company');
    fireEvent.change(search, { target: { value: 'Hebei' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(calls.at(-1)!.body).toEqual({ pageNo: 1, pageSize: 16, keyword: 'Hebei' }));
    fireEvent.click(screen.getByText('Cancelled'));
    await waitFor(() => expect(calls.at(-1)!.body).toEqual({ pageNo: 1, pageSize: 16, keyword: 'Hebei', state: 9 }));
    fireEvent.click(await findButton('View', dataRows()[0]));
    const body = await drawer();
    await waitFor(() => expect(body.querySelector('[data-testid="order-amount"]')).not.toBeNull());
    expect(calls.find((c) => c.path.endsWith('/adminDetail'))?.body).toEqual({ orderNo: '2026112500000004' });
    expect(calls.some((c) => c.path === DETAIL)).toBe(false);
    expect(screen.queryByTestId('order-actions')).toBeNull();
  });

  it('shows its own empty text', async () => {
    answerCalls({ [ADMIN]: pageOf([], false) });
    show(<AdminOrdersPage />);
    expect(await screen.findByText('No orders')).toBeTruthy();
  });
});
