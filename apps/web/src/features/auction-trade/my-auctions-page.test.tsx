import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ManagedAuctionSpace } from '@portal/contracts/auction-trade';
import { initI18n } from '../../i18n/index';
import { answerCalls } from '../../test/fake-server';
import { LocationProbe, buttonsNamed, dataRows, findButton, findConfirm, findToast, renderPage } from '../../test/user-centre-page';
import { auctionPiece, auctionSpace } from '../../test/trading-fixtures';
import { MyAuctionsPage } from './my-auctions-page';

beforeAll(async () => {
  await initI18n('en-US', ['auction', 'trade']);
});
afterEach(cleanup);

const MY_PAGE = '/auction/ws/auctionSpaceInfo/myPage';
const pageOf = (items: ManagedAuctionSpace[]) => ({ data: { items, totalItem: items.length, pageNo: 1, pageSize: 8 } });
const rowButtons = (row: HTMLElement) => [...row.querySelectorAll('button')].map((b) => b.textContent);
const rowLink = (row: HTMLElement) => row.querySelector<HTMLAnchorElement>('[data-testid="space-room-link"]');

function show(path = '/trade/auctions') {
  return renderPage(
    <>
      <MyAuctionsPage />
      <LocationProbe />
    </>,
    path,
  );
}

describe('my auctions', { timeout: 90_000 }, () => {
  it('asks every status first and then the tab chosen, in the order a space lives', async () => {
    const calls = answerCalls({ [MY_PAGE]: pageOf([auctionSpace('1', 0)]) });
    show();
    await waitFor(() => expect(dataRows()).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ pageNo: 1, pageSize: 8 });
    const tabs = [...document.querySelectorAll('.state-filter .ant-radio-button-wrapper')].map((t) => t.textContent);
    expect(tabs).toEqual([
      'All',
      'Not submitted',
      'Pending review',
      'Approved',
      'Rejected',
      'Auctioning',
      'Deal in progress',
      'Deal done',
      'Unsold',
      'Withdrawn',
    ]);
    fireEvent.click(screen.getByText('Deal in progress'));
    await waitFor(() => expect(calls.at(-1)!.body).toEqual({ pageNo: 1, pageSize: 8, spaceStatus: 7 }));
  });

  it('offers each status what the owner may do, and the room or the result once it is public', async () => {
    answerCalls({
      [MY_PAGE]: pageOf([
        auctionSpace('1', 0),
        auctionSpace('2', 1),
        auctionSpace('3', 3, { reviewRemark: 'The start price is missing' }),
        auctionSpace('4', 4),
        auctionSpace('5', 7, { itemList: [auctionPiece('51', 4, 60_000)] }),
        auctionSpace('6', 6),
      ]),
    });
    show();
    await waitFor(() => expect(dataRows()).toHaveLength(6));
    const [draft, pending, rejected, running, deciding, unsold] = dataRows();
    expect(rowButtons(draft!)).toEqual(['View', 'Edit', 'Submit for review', 'Withdraw']);
    expect(rowLink(draft!)).toBeNull();
    expect(rowButtons(pending!)).toEqual(['View', 'Withdraw']);
    expect(rowButtons(rejected!)).toEqual(['View', 'Edit', 'Submit for review']);
    expect(within(rejected!).getByTestId('space-review-remark').textContent).toBe('The start price is missing');
    expect(rowButtons(running!)).toEqual(['View']);
    expect(rowLink(running!)!.textContent).toBe('Room');
    // A lot that missed its reserve waits for the owner's decision.
    expect(rowButtons(deciding!)).toEqual(['Decide on reserve']);
    expect(rowLink(unsold!)!.textContent).toBe('Result');
    expect(rowLink(unsold!)!.getAttribute('href')).toContain('spaceId=6');
    expect(draft!.textContent).toContain('Public ascending · Lots: 1');
  });

  it('submits a draft and says so', async () => {
    const calls = answerCalls({
      [MY_PAGE]: pageOf([auctionSpace('1', 0)]),
      '/auction/ws/auctionSpaceInfo/submit': { data: auctionSpace('1', 1) },
    });
    show();
    await waitFor(() => expect(dataRows()).toHaveLength(1));
    fireEvent.click(buttonsNamed('Submit for review', dataRows()[0])[0]!);
    await waitFor(() => expect(calls.find((c) => c.path.endsWith('/submit'))?.body).toEqual({ spaceId: '1' }));
    expect(await screen.findByText('Submitted for review')).toBeTruthy();
  });

  it('warns that registered companies get their deposits back before withdrawing', async () => {
    const calls = answerCalls({
      [MY_PAGE]: pageOf([auctionSpace('2', 2, { registrationCount: 3 })]),
      '/auction/ws/auctionSpaceInfo/withdraw': { data: auctionSpace('2', 5) },
    });
    show();
    await waitFor(() => expect(dataRows()).toHaveLength(1));
    fireEvent.click(buttonsNamed('Withdraw', dataRows()[0])[0]!);
    const confirm = await findConfirm();
    expect(confirm.textContent).toContain(
      'Withdrawing “Coal auction 2” cannot be undone; the deposits of the 3 registered companies will be released.',
    );
    expect(calls.some((c) => c.path.endsWith('/withdraw'))).toBe(false);
    const ok = await findButton('Withdraw', confirm);
    expect(ok.className).toContain('dangerous');
    fireEvent.click(ok);
    await waitFor(() => expect(calls.find((c) => c.path.endsWith('/withdraw'))?.body).toEqual({ spaceId: '2' }));
    await findToast('Withdrawn');
  });

  it('says only that it cannot be undone when nobody registered', async () => {
    answerCalls({ [MY_PAGE]: pageOf([auctionSpace('1', 0)]) });
    show();
    await waitFor(() => expect(dataRows()).toHaveLength(1));
    fireEvent.click(buttonsNamed('Withdraw', dataRows()[0])[0]!);
    const confirm = await findConfirm();
    expect(confirm.textContent).toContain('Withdrawing “Coal auction 1” cannot be undone.');
    expect(confirm.textContent).not.toContain('deposits');
  });

  it('opens the space a link names in the drawer, read on its own, and drops the link on close', async () => {
    const calls = answerCalls({
      [MY_PAGE]: pageOf([]),
      '/auction/ws/auctionSpaceInfo/myDetail': { data: auctionSpace('77', 3, { reviewRemark: 'Wrong delivery place' }) },
    });
    show('/trade/auctions?spaceId=77');
    const drawer = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.ant-drawer');
      if (!found?.textContent?.includes('Coal auction 77')) throw new Error('no drawer');
      return found;
    });
    expect(calls.find((c) => c.path.endsWith('/myDetail'))?.body).toEqual({ spaceId: '77' });
    // The drawer offers the actions but not "view" again.
    expect(buttonsNamed('Edit', drawer)).toHaveLength(1);
    expect(buttonsNamed('View', drawer)).toHaveLength(0);
    fireEvent.click(drawer.querySelector('.ant-drawer-close')!);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/trade/auctions'));
  });

  it('opens the dialog for a new auction', async () => {
    answerCalls({ [MY_PAGE]: pageOf([]) });
    show();
    expect(await screen.findByText('No auctions yet; choose “New auction” to create the first one')).toBeTruthy();
    fireEvent.click(screen.getByTestId('auction-create'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('New auction');
  });

  it('shows the server refusing a submission', async () => {
    answerCalls({
      [MY_PAGE]: pageOf([auctionSpace('1', 0)]),
      '/auction/ws/auctionSpaceInfo/submit': { error: { code: '10422', message: 'The bidding time has passed', status: 422 } },
    });
    show();
    await waitFor(() => expect(dataRows()).toHaveLength(1));
    fireEvent.click(buttonsNamed('Submit for review', dataRows()[0])[0]!);
    expect(await screen.findByText('The bidding time has passed')).toBeTruthy();
  });
});
