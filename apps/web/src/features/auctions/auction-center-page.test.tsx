import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AuctionSpace } from '@portal/contracts/auctions';
import { initI18n } from '../../i18n/index';
import { answerCalls } from '../../test/fake-server';
import { buttonsNamed, findButton, renderPage } from '../../test/user-centre-page';
import { AuctionCenterPage } from './auction-center-page';

beforeAll(async () => {
  await initI18n('en-US', ['trading', 'browse']);
});
afterEach(cleanup);

const PAGE = '/auction/ws/auctionSpaceInfo/buyerPageNoLogin';
const space = (spaceId: string, spaceStatus: number, spaceAuctionMode = 1, openBasePrice = 1): AuctionSpace => ({
  spaceId,
  id: spaceId,
  spaceName: `Coal auction ${spaceId}`,
  pieceName: 'Lot 1',
  spaceInfoUser: 'Shanxi Coal Energy',
  userId: '3',
  auctionDate: '2026-12-01T08:00:00.000Z',
  auctionBeginTime: '2026-12-01T08:00:00.000Z',
  auctionEndTime: '2026-12-01T09:30:00.000Z',
  tradeStatus: 0,
  spaceStatus,
  spaceAuctionMode,
  name: 'Thermal coal',
  entryPersonName: 'Zhao Min',
  itemList: [
    {
      id: `${spaceId}1`,
      pieceName: 'Lot 1',
      tradeStatus: 0,
      img1: '',
      openBasePrice,
      basePrice: openBasePrice === 1 ? 52_000 : null,
      currency: 'CNY',
      paymentType: 2,
      totalWeight: 1_000,
      statUnit: 't',
    },
  ],
});
const pageOf = (items: AuctionSpace[], totalItem = items.length) => ({ data: { items, totalItem, pageNo: 1, pageSize: 8 } });
const cards = () => screen.queryAllByTestId('auction-row');
const group = (label: string) => screen.getByRole('group', { name: label });

describe('auction centre', { timeout: 90_000 }, () => {
  it('shows each auction with its side, mode, status, publisher, time and base price', async () => {
    const calls = answerCalls({ [PAGE]: pageOf([space('1', 4), space('2', 2, 4, 0), space('3', 8)]) });
    renderPage(<AuctionCenterPage />);
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(calls[0]).toEqual({ path: PAGE, body: { pageNo: 1, pageSize: 8 } });
    expect(document.title).toContain('Auction centre');
    const [live, upcoming, dealt] = cards();
    expect(within(live!).getByTestId('auction-side').textContent).toBe('Sell');
    expect(within(live!).getByTestId('auction-status').textContent).toBe('Auctioning');
    expect(live!.textContent).toContain('Public ascending');
    expect(live!.textContent).toContain('Shanxi Coal Energy');
    expect(live!.textContent).toContain('2026-12-01 08:00 ~ 09:30');
    expect(live!.textContent).toContain('1,000.000 t · Spot exchange');
    expect(within(live!).getByTestId('auction-price').textContent).toBe('￥520.00');
    // A descending auction buys; a closed base price is masked.
    expect(within(upcoming!).getByTestId('auction-side').textContent).toBe('Buy');
    expect(within(upcoming!).getByTestId('auction-price').textContent).toBe('****');
    expect(screen.getByTestId('auction-total').textContent).toBe('Auctions: 3');
    expect(dealt!.textContent).toContain('Deal done');
  });

  it('leads into the room while it runs, to the watched room before, and to the result after', async () => {
    answerCalls({ [PAGE]: pageOf([space('1', 4), space('2', 2), space('3', 8)]) });
    renderPage(<AuctionCenterPage />);
    await waitFor(() => expect(cards()).toHaveLength(3));
    const actions = screen.getAllByTestId('auction-action');
    expect(actions.map((a) => a.textContent)).toEqual(['Go to auction', 'View', 'View']);
    expect(actions.map((a) => a.getAttribute('href'))).toEqual([
      '/auctionBuyerDetail?openType=1&spaceId=1',
      '/auctionBuyerDetail?openType=2&spaceId=2',
      '/auctionBuyerDetail?openType=3&spaceId=3',
    ]);
  });

  it('filters by one value per group, and clears a group when its value is chosen again', async () => {
    const calls = answerCalls({ [PAGE]: pageOf([space('1', 4)]) });
    renderPage(<AuctionCenterPage />);
    await waitFor(() => expect(cards()).toHaveLength(1));
    const status = group('Status');
    // Only the public statuses can be chosen.
    expect(buttonsNamed('Not submitted', status)).toHaveLength(0);
    fireEvent.click(await findButton('Auctioning', status));
    await waitFor(() => expect(calls.at(-1)!.body).toEqual({ pageNo: 1, pageSize: 8, spaceStatus: 4 }));
    expect((await findButton('Auctioning', status)).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(await findButton('Free bidding', group('Auction mode')));
    await waitFor(() => expect(calls.at(-1)!.body).toEqual({ pageNo: 1, pageSize: 8, spaceStatus: 4, spaceAuctionMode: 2 }));
    fireEvent.click(await findButton('Auctioning', status));
    await waitFor(() => expect(calls.at(-1)!.body).toEqual({ pageNo: 1, pageSize: 8, spaceAuctionMode: 2 }));
    fireEvent.click(await findButton('Partial deal', group('Trade status')));
    await waitFor(() => expect(calls.at(-1)!.body).toEqual({ pageNo: 1, pageSize: 8, spaceAuctionMode: 2, tradeStatus: 3 }));
    fireEvent.click(await findButton('All', group('Auction mode')));
    await waitFor(() => expect(calls.at(-1)!.body).toEqual({ pageNo: 1, pageSize: 8, tradeStatus: 3 }));
  });

  it('sorts by one header at a time, descending first, then ascending', async () => {
    const calls = answerCalls({ [PAGE]: pageOf([space('1', 4)]) });
    renderPage(<AuctionCenterPage />);
    await waitFor(() => expect(cards()).toHaveLength(1));
    const sortButtons = () => [...document.querySelectorAll<HTMLButtonElement>('.sort-button')];
    expect(sortButtons().map((b) => b.getAttribute('aria-label'))).toEqual(['Auction time', 'Base price']);
    fireEvent.click(sortButtons()[0]!);
    await waitFor(() => expect(calls.at(-1)!.body).toEqual({ pageNo: 1, pageSize: 8, timeSort: 'DESC' }));
    expect(sortButtons()[0]!.getAttribute('aria-label')).toBe('Auction time descending');
    fireEvent.click(sortButtons()[0]!);
    await waitFor(() => expect(calls.at(-1)!.body).toEqual({ pageNo: 1, pageSize: 8, timeSort: 'ASC' }));
    fireEvent.click(sortButtons()[1]!);
    await waitFor(() => expect(calls.at(-1)!.body).toEqual({ pageNo: 1, pageSize: 8, priceSort: 'DESC' }));
    expect(sortButtons()[0]!.getAttribute('aria-pressed')).toBe('false');
  });

  it('pages through a long list, and a new filter or sort starts again from page one', async () => {
    const calls = answerCalls({ [PAGE]: pageOf([space('1', 4)], 20) });
    renderPage(<AuctionCenterPage />);
    await waitFor(() => expect(cards()).toHaveLength(1));
    fireEvent.click(document.querySelector('.ant-pagination-item-3')!);
    await waitFor(() => expect(calls.at(-1)!.body).toEqual({ pageNo: 3, pageSize: 8 }));
    fireEvent.click(await findButton('Deal done', group('Status')));
    await waitFor(() => expect(calls.at(-1)!.body).toEqual({ pageNo: 1, pageSize: 8, spaceStatus: 8 }));
    fireEvent.click(document.querySelector('.ant-pagination-item-2')!);
    await waitFor(() => expect(calls.at(-1)!.body).toEqual({ pageNo: 2, pageSize: 8, spaceStatus: 8 }));
    fireEvent.click(document.querySelectorAll<HTMLButtonElement>('.sort-button')[1]!);
    await waitFor(() => expect(calls.at(-1)!.body).toEqual({ pageNo: 1, pageSize: 8, spaceStatus: 8, priceSort: 'DESC' }));
  });

  it('shows an empty list as such, and a failure with a retry', async () => {
    let fail = false;
    answerCalls({ [PAGE]: () => (fail ? 'network' : pageOf([])) });
    renderPage(<AuctionCenterPage />);
    await waitFor(() => expect(document.querySelector('.ant-empty')?.textContent).toContain('No data'));
    expect(screen.getByTestId('auction-total').textContent).toBe('Auctions: 0');
    cleanup();
    fail = true;
    renderPage(<AuctionCenterPage />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Network communication failed!');
    expect(buttonsNamed('Retry', alert)).toHaveLength(1);
  });
});
