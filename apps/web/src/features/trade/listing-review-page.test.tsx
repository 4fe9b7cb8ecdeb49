import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ManagedListing } from '@portal/contracts/listing-manage';
import { initI18n } from '../../i18n/index';
import { answerCalls } from '../../test/fake-server';
import { buttonsNamed, dataRows, fieldErrors, findButton, findConfirm, findToast, renderPage } from '../../test/user-centre-page';
import { managedListing } from '../../test/trading-fixtures';
import { ListingReviewPage } from './listing-review-page';

beforeAll(async () => {
  await initI18n('en-US', ['trade', 'resource']);
});
afterEach(cleanup);

const REVIEW_PAGE = '/listing/ws/listing/reviewPage';
const pageOf = (items: ManagedListing[]) => ({ data: { items, totalItem: items.length, pageNo: 1, pageSize: 8 } });
const rowButtons = (row: HTMLElement) => [...row.querySelectorAll('button')].map((b) => b.textContent);
const reasonDialog = async () => {
  const dialog = await screen.findByRole('dialog');
  return dialog.closest<HTMLElement>('.ant-modal')!;
};

describe('listing review', { timeout: 90_000 }, () => {
  it('opens on the pending queue, and asks the tab and the keyword chosen', async () => {
    const calls = answerCalls({ [REVIEW_PAGE]: pageOf([managedListing('1', 4)]) });
    renderPage(<ListingReviewPage />);
    await waitFor(() => expect(dataRows()).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ pageNo: 1, pageSize: 8, objState: 4 });
    // Drafts never reach the operator: no tab for them.
    const tabs = [...document.querySelectorAll('.state-filter .ant-radio-button-wrapper')].map((t) => t.textContent);
    expect(tabs).toEqual(['Pending review', 'On sale', 'Sold out', 'Suspended', 'Rejected', 'Withdrawn', 'Expired']);
    fireEvent.click(screen.getByText('Suspended'));
    await waitFor(() => expect(calls.at(-1)!.body).toEqual({ pageNo: 1, pageSize: 8, objState: 7 }));
    const search = screen.getByLabelText('Listing code, goods or variety');
    fireEvent.change(search, { target: { value: 'GP2026' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(calls.at(-1)!.body).toEqual({ pageNo: 1, pageSize: 8, objState: 7, keyword: 'GP2026' }));
  });

  it('offers each state its own decisions', async () => {
    answerCalls({
      [REVIEW_PAGE]: pageOf([
        managedListing('1', 4),
        managedListing('2', 1),
        managedListing('3', 2),
        managedListing('4', 7),
        managedListing('5', 3),
      ]),
    });
    renderPage(<ListingReviewPage />);
    await waitFor(() => expect(dataRows()).toHaveLength(5));
    const [pending, onSale, soldOut, suspended, withdrawn] = dataRows();
    expect(rowButtons(pending!)).toEqual(['Details', 'Approve', 'Reject']);
    expect(rowButtons(onSale!)).toEqual(['Details', 'Suspend']);
    expect(rowButtons(soldOut!)).toEqual(['Details', 'Suspend']);
    expect(rowButtons(suspended!)).toEqual(['Details', 'Reinstate']);
    expect(rowButtons(withdrawn!)).toEqual(['Details']);
  });

  it('approves after a confirmation that says how long it stays on sale', async () => {
    const calls = answerCalls({
      [REVIEW_PAGE]: pageOf([managedListing('1', 4)]),
      '/listing/ws/listing/review': { data: managedListing('1', 1) },
    });
    renderPage(<ListingReviewPage />);
    await waitFor(() => expect(dataRows()).toHaveLength(1));
    fireEvent.click(buttonsNamed('Approve', dataRows()[0])[0]!);
    const confirm = await findConfirm();
    expect(confirm.textContent).toContain('Listing GP20261125001 goes on sale now and expires in 30 days.');
    expect(calls.some((c) => c.path.endsWith('/review'))).toBe(false);
    fireEvent.click(await findButton('Approve', confirm));
    await waitFor(() => expect(calls.find((c) => c.path.endsWith('/review'))?.body).toEqual({ id: '1', pass: true, reviewRemark: '' }));
    expect(await screen.findByText('Approved: the listing is on sale')).toBeTruthy();
  });

  it('rejects only with a reason, which is sent for the company to see', async () => {
    const calls = answerCalls({
      [REVIEW_PAGE]: pageOf([managedListing('1', 4)]),
      '/listing/ws/listing/review': { data: managedListing('1', 5) },
    });
    renderPage(<ListingReviewPage />);
    await waitFor(() => expect(dataRows()).toHaveLength(1));
    fireEvent.click(buttonsNamed('Reject', dataRows()[0])[0]!);
    const dialog = await reasonDialog();
    expect(dialog.textContent).toContain('Reject listing GP20261125001');
    const ok = await findButton('Reject', dialog.querySelector('.ant-modal-footer')!);
    expect(ok.className).toContain('dangerous');
    fireEvent.change(within(dialog).getByLabelText('Reason (the company sees it)'), { target: { value: '   ' } });
    fireEvent.click(ok);
    await waitFor(() => expect(fieldErrors('Reason (the company sees it)')).toEqual(['Please fill this in']));
    expect(calls.some((c) => c.path.endsWith('/review'))).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('Reason (the company sees it)'), { target: { value: '  No quality certificate  ' } });
    fireEvent.click(ok);
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith('/review'))?.body).toEqual({ id: '1', pass: false, reviewRemark: 'No quality certificate' }),
    );
    await findToast('Rejected');
  });

  it('suspends a listing on sale with a reason, and reinstates a suspended one without the danger colour', async () => {
    const calls = answerCalls({
      [REVIEW_PAGE]: pageOf([managedListing('2', 1), managedListing('4', 7)]),
      '/listing/ws/listing/suspend': { data: managedListing('2', 7) },
      '/listing/ws/listing/reinstate': { data: managedListing('4', 1) },
    });
    renderPage(<ListingReviewPage />);
    await waitFor(() => expect(dataRows()).toHaveLength(2));
    fireEvent.click(buttonsNamed('Suspend', dataRows()[0])[0]!);
    let dialog = await reasonDialog();
    expect(dialog.textContent).toContain('Suspend listing GP20261125002');
    fireEvent.change(within(dialog).getByLabelText('Reason (the company sees it)'), { target: { value: 'Quality complaint' } });
    fireEvent.click(await findButton('Suspend', dialog.querySelector('.ant-modal-footer')!));
    await waitFor(() => expect(calls.find((c) => c.path.endsWith('/suspend'))?.body).toEqual({ id: '2', reason: 'Quality complaint' }));
    expect(await screen.findByText('Suspended: the listing left the market')).toBeTruthy();
    await waitFor(() => expect(document.querySelector('.ant-modal-wrap .ant-modal')).toBeNull());
    fireEvent.click(buttonsNamed('Reinstate', dataRows()[1])[0]!);
    dialog = await reasonDialog();
    const ok = await findButton('Reinstate', dialog.querySelector('.ant-modal-footer')!);
    expect(ok.className).not.toContain('dangerous');
    fireEvent.change(within(dialog).getByLabelText('Reason (the company sees it)'), { target: { value: 'Complaint settled' } });
    fireEvent.click(ok);
    await waitFor(() => expect(calls.find((c) => c.path.endsWith('/reinstate'))?.body).toEqual({ id: '4', reason: 'Complaint settled' }));
  });

  it('shows the whole listing in a drawer, with the decisions at hand', async () => {
    answerCalls({
      [REVIEW_PAGE]: pageOf([
        managedListing('1', 4, {
          listingType: 'D',
          depositRatio: 20,
          objStepNum: 0,
          pictures: ['pic_1.png'],
          description: '<p>Moisture below 0.5%</p>',
        }),
      ]),
    });
    renderPage(<ListingReviewPage />);
    await waitFor(() => expect(dataRows()).toHaveLength(1));
    fireEvent.click(buttonsNamed('Details', dataRows()[0])[0]!);
    const drawer = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.ant-drawer');
      if (!found?.querySelector('.ant-descriptions')) throw new Error('no drawer');
      return found;
    });
    const text = drawer.textContent!;
    expect(text).toContain('Granular urea 1');
    expect(text).toContain('North China Chemicals');
    expect(text).toContain('Margin listing · 20%');
    expect(text).toContain('Any');
    expect(text).toContain('Truck');
    expect(text).toContain('Spot exchange');
    expect(text).toContain('Moisture below 0.5%');
    expect(within(drawer).getByAltText('Pictures 1')).toBeTruthy();
    expect(buttonsNamed('Approve', drawer)).toHaveLength(1);
    expect(buttonsNamed('Reject', drawer)).toHaveLength(1);
  });

  it('tells the operator when a decision is refused', async () => {
    answerCalls({
      [REVIEW_PAGE]: pageOf([managedListing('1', 4)]),
      '/listing/ws/listing/review': { error: { code: '10409', message: 'The listing was withdrawn meanwhile', status: 409 } },
    });
    renderPage(<ListingReviewPage />);
    await waitFor(() => expect(dataRows()).toHaveLength(1));
    fireEvent.click(buttonsNamed('Approve', dataRows()[0])[0]!);
    fireEvent.click(await findButton('Approve', await findConfirm()));
    expect(await screen.findByText('The listing was withdrawn meanwhile')).toBeTruthy();
  });

  it('says when nothing waits', async () => {
    answerCalls({ [REVIEW_PAGE]: pageOf([]) });
    renderPage(<ListingReviewPage />);
    expect(await screen.findByText('No listings to handle')).toBeTruthy();
  });
});
