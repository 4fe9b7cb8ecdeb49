import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ManagedAuctionSpace, RegisteredAuctionSpace } from '@portal/contracts/auction-trade';
import { initI18n } from '../../i18n/index';
import { answerCalls } from '../../test/fake-server';
import { buttonsNamed, clickTab, dataRows, renderPage } from '../../test/user-centre-page';
import { auctionSpace } from '../../test/trading-fixtures';
import { AuctionRegistrationsPage } from './auction-registrations-page';

beforeAll(async () => {
  await initI18n('en-US', ['auction', 'trade']);
});
afterEach(cleanup);

const pageOf = <T,>(items: T[]) => ({ data: { items, totalItem: items.length, pageNo: 1, pageSize: 8 } });

const registered = (space: ManagedAuctionSpace, depositState: RegisteredAuctionSpace['myRegistration']['depositState']) => ({
  ...space,
  myRegistration: {
    registrationId: `r${space.spaceId}`,
    spaceId: space.spaceId,
    alias: '竞买人 3',
    time: '2026-11-30T10:00:00.000Z',
    deposit: 100_000,
    currency: 'CNY',
    depositState,
  },
});

describe('auctions the company registered for', { timeout: 90_000 }, () => {
  it('shows the alias in the reader language, the deposit and its state, and the way in', async () => {
    const calls = answerCalls({
      '/auction/ws/auctionSpaceInfo/registeredPage': pageOf([
        registered(auctionSpace('1', 2), 'frozen'),
        registered(auctionSpace('2', 4), 'frozen'),
        registered(auctionSpace('3', 8), 'kept'),
        registered(auctionSpace('4', 6), 'released'),
      ]),
    });
    renderPage(<AuctionRegistrationsPage />);
    await waitFor(() => expect(dataRows()).toHaveLength(4));
    expect(calls[0]!.body).toEqual({ pageNo: 1, pageSize: 8 });
    expect(screen.getAllByTestId('registered-alias').map((a) => a.textContent)).toEqual(Array(4).fill('Bidder 3'));
    expect(screen.getAllByTestId('registered-deposit-state').map((a) => a.textContent)).toEqual([
      'Frozen',
      'Frozen',
      'Kept for the deal',
      'Released',
    ]);
    expect(screen.getAllByTestId('registered-room-link').map((a) => a.textContent)).toEqual(['Room', 'Bid now', 'Result', 'Result']);
    expect(screen.getAllByTestId('registered-room-link')[1]!.getAttribute('href')).toBe('/auctionBuyerDetail?openType=1&spaceId=2');
    // The publisher is named under the auction.
    expect(dataRows()[0]!.textContent).toContain('Shanxi Coal Energy · Public ascending');
    clickTab('Deal done');
    await waitFor(() => expect(calls.at(-1)!.body).toEqual({ pageNo: 1, pageSize: 8, spaceStatus: 8 }));
  });

  it('says where to register when there is nothing yet', async () => {
    answerCalls({ '/auction/ws/auctionSpaceInfo/registeredPage': pageOf([]) });
    renderPage(<AuctionRegistrationsPage />);
    expect(await screen.findByText('No registrations yet; choose an auction in the auction centre to register')).toBeTruthy();
  });

  it('shows a load failure with a retry', async () => {
    answerCalls({ '/auction/ws/auctionSpaceInfo/registeredPage': 'network' });
    renderPage(<AuctionRegistrationsPage />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Network communication failed!');
    expect(buttonsNamed('Retry', alert)).toHaveLength(1);
  });
});
