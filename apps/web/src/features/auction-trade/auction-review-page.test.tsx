import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n/index';
import { answerCalls } from '../../test/fake-server';
import { buttonsNamed, dataRows, fieldErrors, findButton, findConfirm, findToast, renderPage } from '../../test/user-centre-page';
import { auctionPiece, auctionSpace } from '../../test/trading-fixtures';
import { AuctionReviewPage } from './auction-review-page';

beforeAll(async () => {
  await initI18n('en-US', ['auction', 'trade']);
});
afterEach(cleanup);

const REVIEW_PAGE = '/auction/ws/auctionSpaceInfo/reviewPage';
const pageOf = <T,>(items: T[]) => ({ data: { items, totalItem: items.length, pageNo: 1, pageSize: 8 } });
const rowButtons = (row: HTMLElement) => [...row.querySelectorAll('button')].map((b) => b.textContent);
const REASON = 'Reason (the publisher and the bidders see it)';
const reasonDialog = async () => (await screen.findByRole('dialog')).closest<HTMLElement>('.ant-modal')!;

describe('auction review', { timeout: 90_000 }, () => {
  it('opens on the submitted spaces and asks the status chosen', async () => {
    const calls = answerCalls({ [REVIEW_PAGE]: pageOf([auctionSpace('1', 1)]) });
    renderPage(<AuctionReviewPage />);
    await waitFor(() => expect(dataRows()).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ pageNo: 1, pageSize: 8, spaceStatus: 1 });
    const tabs = [...document.querySelectorAll('.state-filter .ant-radio-button-wrapper')].map((t) => t.textContent);
    expect(tabs).not.toContain('All');
    expect(tabs).not.toContain('Not submitted');
    fireEvent.click(screen.getByText('Auctioning'));
    await waitFor(() => expect(calls.at(-1)!.body).toEqual({ pageNo: 1, pageSize: 8, spaceStatus: 4 }));
    expect(dataRows()[0]!.textContent).toContain('Shanxi Coal Energy');
    expect(dataRows()[0]!.textContent).toContain('￥1,000.00');
  });

  it('offers review to a submitted space, suspension to a live one, resume or end to a suspended one', async () => {
    answerCalls({
      [REVIEW_PAGE]: pageOf([
        auctionSpace('1', 1),
        auctionSpace('2', 2),
        auctionSpace('3', 4),
        auctionSpace('4', 4, { suspended: true }),
        auctionSpace('5', 8),
      ]),
    });
    renderPage(<AuctionReviewPage />);
    await waitFor(() => expect(dataRows()).toHaveLength(5));
    const [submitted, approved, running, suspended, done] = dataRows();
    expect(rowButtons(submitted!)).toEqual(['View', 'Approve', 'Reject']);
    expect(rowButtons(approved!)).toEqual(['View', 'Suspend']);
    expect(rowButtons(running!)).toEqual(['View', 'Suspend']);
    expect(rowButtons(suspended!)).toEqual(['View', 'Resume', 'End for cause']);
    expect(within(suspended!).getAllByText('Suspended').length).toBeGreaterThan(0);
    expect(rowButtons(done!)).toEqual(['View']);
    expect(within(done!).getByText('Result')).toBeTruthy();
    expect(submitted!.querySelector('a')).toBeNull();
  });

  it('approves after saying when it starts', async () => {
    const calls = answerCalls({
      [REVIEW_PAGE]: pageOf([auctionSpace('1', 1)]),
      '/auction/ws/auctionSpaceInfo/review': { data: auctionSpace('1', 2) },
    });
    renderPage(<AuctionReviewPage />);
    await waitFor(() => expect(dataRows()).toHaveLength(1));
    fireEvent.click(buttonsNamed('Approve', dataRows()[0])[0]!);
    const confirm = await findConfirm();
    expect(confirm.textContent).toContain(
      'Once approved, “Coal auction 1” is public in the auction centre and starts by itself at 2026-12-01 08:00.',
    );
    fireEvent.click(await findButton('Approve', confirm));
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith('/review'))?.body).toEqual({ spaceId: '1', pass: true, reviewRemark: '' }),
    );
    await findToast('Approved');
  });

  it('rejects only with a reason', async () => {
    const calls = answerCalls({
      [REVIEW_PAGE]: pageOf([auctionSpace('1', 1)]),
      '/auction/ws/auctionSpaceInfo/review': { data: auctionSpace('1', 3) },
    });
    renderPage(<AuctionReviewPage />);
    await waitFor(() => expect(dataRows()).toHaveLength(1));
    fireEvent.click(buttonsNamed('Reject', dataRows()[0])[0]!);
    const dialog = await reasonDialog();
    expect(dialog.textContent).toContain('Reject “Coal auction 1”');
    fireEvent.click(await findButton('Reject', dialog.querySelector('.ant-modal-footer')!));
    await waitFor(() => expect(fieldErrors(REASON)).toEqual(['Please fill this in']));
    expect(calls.some((c) => c.path.endsWith('/review'))).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(REASON), { target: { value: 'No quality report' } });
    fireEvent.click(await findButton('Reject', dialog.querySelector('.ant-modal-footer')!));
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith('/review'))?.body).toEqual({ spaceId: '1', pass: false, reviewRemark: 'No quality report' }),
    );
    await findToast('Rejected');
  });

  it('ends a suspended space for cause through the operator withdrawal, with a danger button', async () => {
    const calls = answerCalls({
      [REVIEW_PAGE]: pageOf([auctionSpace('4', 4, { suspended: true })]),
      '/auction/ws/auctionSpaceInfo/adminWithdraw': { data: auctionSpace('4', 5) },
    });
    renderPage(<AuctionReviewPage />);
    await waitFor(() => expect(dataRows()).toHaveLength(1));
    fireEvent.click(buttonsNamed('End for cause', dataRows()[0])[0]!);
    const dialog = await reasonDialog();
    expect(dialog.textContent).toContain('End “Coal auction 4” for cause (no result; every deposit is released)');
    const ok = await findButton('End for cause', dialog.querySelector('.ant-modal-footer')!);
    expect(ok.className).toContain('dangerous');
    fireEvent.change(within(dialog).getByLabelText(REASON), { target: { value: 'Collusion found' } });
    fireEvent.click(ok);
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith('/adminWithdraw'))?.body).toEqual({ spaceId: '4', reason: 'Collusion found' }),
    );
    await findToast('Ended');
  });

  it('suspends a running space and resumes it, each with its reason', async () => {
    const calls = answerCalls({
      [REVIEW_PAGE]: pageOf([auctionSpace('3', 4), auctionSpace('4', 4, { suspended: true })]),
      '/auction/ws/auctionSpaceInfo/suspend': { data: auctionSpace('3', 4, { suspended: true }) },
      '/auction/ws/auctionSpaceInfo/resume': { data: auctionSpace('4', 4) },
    });
    renderPage(<AuctionReviewPage />);
    await waitFor(() => expect(dataRows()).toHaveLength(2));
    fireEvent.click(buttonsNamed('Suspend', dataRows()[0])[0]!);
    let dialog = await reasonDialog();
    fireEvent.change(within(dialog).getByLabelText(REASON), { target: { value: 'Price feed outage' } });
    fireEvent.click(await findButton('Suspend', dialog.querySelector('.ant-modal-footer')!));
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith('/suspend'))?.body).toEqual({ spaceId: '3', reason: 'Price feed outage' }),
    );
    await waitFor(() => expect(document.querySelector('.ant-modal-wrap .ant-modal')).toBeNull());
    fireEvent.click(buttonsNamed('Resume', dataRows()[1])[0]!);
    dialog = await reasonDialog();
    const ok = await findButton('Resume', dialog.querySelector('.ant-modal-footer')!);
    expect(ok.className).not.toContain('dangerous');
    fireEvent.change(within(dialog).getByLabelText(REASON), { target: { value: 'Feed restored' } });
    fireEvent.click(ok);
    await waitFor(() => expect(calls.find((c) => c.path.endsWith('/resume'))?.body).toEqual({ spaceId: '4', reason: 'Feed restored' }));
  });

  it('shows the operator the space without reserve prices', async () => {
    answerCalls({ [REVIEW_PAGE]: pageOf([auctionSpace('1', 1, { itemList: [auctionPiece('11', 0, 60_000)] })]) });
    renderPage(<AuctionReviewPage />);
    await waitFor(() => expect(dataRows()).toHaveLength(1));
    fireEvent.click(buttonsNamed('View', dataRows()[0])[0]!);
    const drawer = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.ant-drawer');
      if (!found?.textContent?.includes('Lot 11')) throw new Error('no drawer');
      return found;
    });
    expect(drawer.textContent).not.toContain('￥600.00');
    expect(buttonsNamed('Approve', drawer)).toHaveLength(1);
    expect(buttonsNamed('View', drawer)).toHaveLength(0);
  });

  it('says when nothing waits', async () => {
    answerCalls({ [REVIEW_PAGE]: pageOf([]) });
    renderPage(<AuctionReviewPage />);
    expect(await screen.findByText('No auctions to handle')).toBeTruthy();
  });
});
