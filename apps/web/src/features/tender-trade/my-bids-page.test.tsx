import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MyTenderBidRow, TenderBid } from '@portal/contracts/tender-trade';
import { initI18n } from '../../i18n/index';
import { answerCalls } from '../../test/fake-server';
import { clickTab, renderPage } from '../../test/user-centre-page';
import { MyBidsPage } from './my-bids-page';
import { at, managedTender, openedBid } from './test-fixtures';

beforeAll(async () => {
  await initI18n('en-US', ['tender', 'trade']);
});
afterEach(cleanup);

const MY_PAGE = '/purchase/ws/tenderBid/myPage';
const MINE = '/purchase/ws/tenderBid/mine';
const PUBLIC_DETAIL = '/purchase/ws/tender/tenderDetailForCommon';
const row = (tenderId: string, state: MyTenderBidRow['state'], objState: number, over: Partial<MyTenderBidRow> = {}): MyTenderBidRow => ({
  tenderId,
  tenderNo: `ZB20261125000${tenderId}`,
  tenderName: `Urea inquiry ${tenderId}`,
  tenderType: 'inquiry',
  userName: 'North China Chemicals',
  objState,
  bidEndTime: at,
  openTime: at,
  bidId: `b${tenderId}`,
  version: 2,
  state,
  negotiationDeadline: '',
  updatedAt: at,
  ...over,
});
const pageOf = (items: MyTenderBidRow[]) => ({ data: { items, totalItem: items.length, pageNo: 1, pageSize: 8 } });
const rows = () => screen.queryAllByTestId('my-bid-row');
const expand = (r: HTMLElement) => fireEvent.click(r.querySelector('.ant-table-row-expand-icon')!);

describe('my bids', { timeout: 90_000 }, () => {
  it('lists each bid with the buyer, the tender and bid states and its version, and filters by bid state', async () => {
    const calls = answerCalls({ [MY_PAGE]: pageOf([row('1', 'submitted', 2), row('2', 'won', 6)]) });
    renderPage(<MyBidsPage />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(calls[0]!.body).toEqual({ pageNo: 1, pageSize: 8 });
    const [open, won] = rows();
    expect(open!.textContent).toContain('North China Chemicals · Inquiry');
    expect(within(open!).getByTestId('tender-state').textContent).toBe('Published');
    expect(within(open!).getByTestId('bid-state').textContent).toBe('Submitted');
    expect(open!.textContent).toContain('v2');
    expect(within(won!).getByTestId('bid-state').textContent).toBe('Won');
    clickTab('Won');
    await waitFor(() => expect(calls.at(-1)!.body).toEqual({ pageNo: 1, pageSize: 8, state: 'won' }));
  });

  it('leads to bidding while the tender is open or a round waits for an answer, else to a view', async () => {
    answerCalls({
      [MY_PAGE]: pageOf([
        row('1', 'submitted', 2),
        row('2', 'valid', 4, { negotiationDeadline: '2026-11-26T10:00:00.000Z' }),
        row('3', 'lost', 6),
      ]),
    });
    renderPage(<MyBidsPage />);
    await waitFor(() => expect(rows()).toHaveLength(3));
    const links = screen.getAllByTestId('my-bid-open');
    expect(links.map((l) => l.textContent)).toEqual(['Bid / answer', 'Bid / answer', 'View']);
    expect(links[0]!.getAttribute('href')).toBe('/biddingTender?id=1');
    // The open round's deadline is shown on its row only.
    expect(rows()[1]!.textContent).toContain('2026-11-26 10:00');
  });

  it('shows the receipt, the priced lines and, after the award, the outcome and the winning price', async () => {
    const bid: TenderBid = {
      ...openedBid('b3', 'Shandong Fertiliser', 2_450),
      tenderId: '3',
      outcome: 'lost',
      awarded: [],
      winningPrices: [{ lineNo: 1, unitPrice: 2_400 }],
    };
    const calls = answerCalls({
      [MY_PAGE]: pageOf([row('3', 'lost', 6)]),
      [MINE]: { data: bid },
      [PUBLIC_DETAIL]: { data: managedTender({ id: '3' }) },
    });
    renderPage(<MyBidsPage />);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expand(rows()[0]!);
    const mine = await screen.findByTestId('my-bid');
    expect(calls.find((c) => c.path === MINE)?.body).toEqual({ tenderId: '3' });
    expect(calls.find((c) => c.path === PUBLIC_DETAIL)?.body).toEqual({ id: '3' });
    expect(within(mine).getByTestId('receipt-digest').textContent).toBe('digest-b3');
    expect(within(mine).getByTestId('bid-outcome').textContent).toBe('Lost');
    const line = mine.querySelector('tbody tr.ant-table-row')!;
    expect(line.textContent).toContain('1. 尿素');
    expect(line.textContent).toContain('￥24.50');
    // The page reads in English: the unit too.
    expect(line.textContent).toContain('100.000 t');
    expect(line.textContent).toContain('￥24.00');
    expect(mine.textContent).toContain('￥2,450.00');
  });

  it('says when the company has no bid on an expanded tender', async () => {
    answerCalls({
      [MY_PAGE]: pageOf([row('4', 'withdrawn', 2)]),
      [MINE]: { data: null },
      [PUBLIC_DETAIL]: { data: managedTender({ id: '4' }) },
    });
    renderPage(<MyBidsPage />);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expand(rows()[0]!);
    expect(await screen.findByText('No bid yet')).toBeTruthy();
  });

  it('opens by itself the row of the tender a message links to', async () => {
    const calls = answerCalls({
      [MY_PAGE]: pageOf([row('1', 'submitted', 2), row('2', 'invalid', 4)]),
      [MINE]: { data: { ...openedBid('b2', 'Shandong Fertiliser', 2_450), state: 'invalid', invalidReason: 'No licence attached' } },
      [PUBLIC_DETAIL]: { data: managedTender({ id: '2' }) },
    });
    renderPage(<MyBidsPage />, '/trade/my-bids?tenderId=2');
    const mine = await screen.findByTestId('my-bid');
    expect(mine.textContent).toContain('No licence attached');
    expect(calls.filter((c) => c.path === MINE).map((c) => c.body)).toEqual([{ tenderId: '2' }]);
  });

  it('shows a compact error with a retry when the bid cannot be read', async () => {
    answerCalls({
      [MY_PAGE]: pageOf([row('1', 'submitted', 2)]),
      [MINE]: { error: { code: '500', message: 'Receipt store unavailable', status: 500 } },
      [PUBLIC_DETAIL]: { data: managedTender({ id: '1' }) },
    });
    renderPage(<MyBidsPage />);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expand(rows()[0]!);
    const alert = await screen.findByRole('alert');
    expect(alert.className).toContain('query-error-compact');
    expect(alert.textContent).toContain('Receipt store unavailable');
  });

  it('points to the tender hall when there is no bid yet', async () => {
    answerCalls({ [MY_PAGE]: pageOf([]) });
    renderPage(<MyBidsPage />);
    expect(
      await screen.findByText('No bids yet. Tenders of buyers that keep you on their supplier list are in the tender hall.'),
    ).toBeTruthy();
  });
});
