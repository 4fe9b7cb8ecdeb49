import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ManagedListing } from '@portal/contracts/listing-manage';
import { initI18n } from '../../i18n/index';
import { answerCalls } from '../../test/fake-server';
import { managedListing as listing } from '../../test/trading-fixtures';
import { dataRows, dialogButton, findButton, renderPage } from '../../test/user-centre-page';
import { MyListingsPage } from './my-listings-page';

beforeAll(async () => {
  await initI18n('en-US', ['trade', 'resource']);
});
afterEach(cleanup);

const page = (items: ManagedListing[]) => ({ data: { items, totalItem: items.length, pageNo: 1, pageSize: 8 } });
const MY_PAGE = '/listing/ws/listing/myPage';
const rowOf = (code: string) => dataRows().find((r) => r.textContent?.includes(code))!;
const buttonsOf = (row: HTMLElement) => [...row.querySelectorAll('button')].map((b) => b.textContent);

describe('my listings', { timeout: 90_000 }, () => {
  it('asks every state first, then only the tab chosen, and the keyword typed, from page one', async () => {
    const calls = answerCalls({ [MY_PAGE]: page([listing('1', 0)]) });
    renderPage(<MyListingsPage />);
    await waitFor(() => expect(dataRows()).toHaveLength(1));
    expect(calls[0]).toEqual({ path: MY_PAGE, body: { pageNo: 1, pageSize: 8 } });
    fireEvent.click(screen.getByText('Rejected'));
    await waitFor(() => expect(calls.at(-1)?.body).toEqual({ pageNo: 1, pageSize: 8, objState: 5 }));
    const search = screen.getByLabelText('Listing code, goods or variety');
    fireEvent.change(search, { target: { value: '  urea  ' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(calls.at(-1)?.body).toEqual({ pageNo: 1, pageSize: 8, objState: 5, keyword: 'urea' }));
    fireEvent.click(screen.getByText('All'));
    await waitFor(() => expect(calls.at(-1)?.body).toEqual({ pageNo: 1, pageSize: 8, keyword: 'urea' }));
  });

  it('offers each state only what the server allows the owner', async () => {
    answerCalls({
      [MY_PAGE]: page([
        listing('1', 0),
        listing('2', 4),
        listing('3', 5, { reviewRemark: 'Price is missing the freight' }),
        listing('4', 1),
        listing('5', 3),
        listing('6', 7, { reviewRemark: 'Quality complaint under review' }),
      ]),
    });
    renderPage(<MyListingsPage />);
    await waitFor(() => expect(dataRows()).toHaveLength(6));
    expect(buttonsOf(rowOf('GP20261125001'))).toEqual(['Edit', 'Submit for review']);
    expect(buttonsOf(rowOf('GP20261125002'))).toEqual(['Edit']);
    expect(buttonsOf(rowOf('GP20261125003'))).toEqual(['Edit', 'Submit for review']);
    expect(buttonsOf(rowOf('GP20261125004'))).toEqual(['Edit', 'Withdraw']);
    expect(buttonsOf(rowOf('GP20261125005'))).toEqual([]);
    expect(buttonsOf(rowOf('GP20261125006'))).toEqual([]);
    // Only a listing on the market links to its public page.
    expect(within(rowOf('GP20261125004')).getByText('View').getAttribute('href')).toBe(
      '/productDetailPortal?tradeListingCode=GP20261125004',
    );
    expect(rowOf('GP20261125001').querySelector('a')).toBeNull();
    // The reason of a rejection or a suspension is shown to the owner, with the state's label.
    expect(within(rowOf('GP20261125003')).getByTestId('listing-review-remark').textContent).toBe(
      'Review remark: Price is missing the freight',
    );
    expect(within(rowOf('GP20261125006')).getByText('Suspended')).toBeTruthy();
    expect(screen.getAllByTestId('listing-review-remark')).toHaveLength(2);
  });

  it('submits a draft for review and asks the list again', async () => {
    let state = 0;
    const calls = answerCalls({
      [MY_PAGE]: () => page([listing('1', state)]),
      '/listing/ws/listing/submit': () => {
        state = 4;
        return { data: listing('1', 4) };
      },
    });
    renderPage(<MyListingsPage />);
    fireEvent.click(await findButton('Submit for review'));
    await waitFor(() => expect(calls.find((c) => c.path.endsWith('/submit'))?.body).toEqual({ id: '1' }));
    expect(await screen.findByText('Submitted for review')).toBeTruthy();
    await waitFor(() => expect(within(dataRows()[0]!).getByText('Pending review')).toBeTruthy());
    expect(calls.filter((c) => c.path === MY_PAGE)).toHaveLength(2);
  });

  it('withdraws only after a danger confirmation naming the listing', async () => {
    const calls = answerCalls({
      [MY_PAGE]: page([listing('4', 1)]),
      '/listing/ws/listing/withdraw': { data: listing('4', 3) },
    });
    renderPage(<MyListingsPage />);
    fireEvent.click(await findButton('Withdraw'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Withdraw this listing?');
    expect(dialog.textContent).toContain('Listing GP20261125004 leaves the market at once');
    expect(calls.some((c) => c.path.endsWith('/withdraw'))).toBe(false);
    const ok = await dialogButton('Withdraw');
    expect(ok.className).toContain('dangerous');
    fireEvent.click(ok);
    await waitFor(() => expect(calls.find((c) => c.path.endsWith('/withdraw'))?.body).toEqual({ id: '4' }));
    expect(await screen.findByText('Listing withdrawn')).toBeTruthy();
  });

  it('keeps the listing when the withdrawal is cancelled', async () => {
    const calls = answerCalls({ [MY_PAGE]: page([listing('4', 1)]) });
    renderPage(<MyListingsPage />);
    fireEvent.click(await findButton('Withdraw'));
    fireEvent.click(await dialogButton('Cancel'));
    await waitFor(() => expect(document.querySelector('.ant-modal-confirm')).toBeNull());
    expect(calls.map((c) => c.path)).toEqual([MY_PAGE]);
  });

  it("shows the server's reason when a submission is refused", async () => {
    answerCalls({
      [MY_PAGE]: page([listing('1', 0)]),
      '/listing/ws/listing/submit': { error: { code: '10409', message: 'The variety is no longer traded', status: 409 } },
    });
    renderPage(<MyListingsPage />);
    fireEvent.click(await findButton('Submit for review'));
    expect(await screen.findByText('The variety is no longer traded')).toBeTruthy();
  });

  it('says how to start when there is no listing yet', async () => {
    answerCalls({ [MY_PAGE]: page([]) });
    renderPage(<MyListingsPage />);
    expect(await screen.findByText('No listings yet. Use “New listing” to publish your first one')).toBeTruthy();
  });

  it('shows a load failure with its detail and asks again on retry', async () => {
    let fail = true;
    const calls = answerCalls({
      [MY_PAGE]: () => (fail ? { error: { code: '500', message: 'Database unavailable', status: 500 } } : page([listing('1', 0)])),
    });
    renderPage(<MyListingsPage />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Network communication failed! Database unavailable');
    fail = false;
    fireEvent.click(await findButton('Retry', alert));
    await waitFor(() => expect(dataRows()).toHaveLength(1));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls.filter((c) => c.path === MY_PAGE)).toHaveLength(2);
  });
});
