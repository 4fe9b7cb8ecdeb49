import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TenderItem } from '@portal/contracts/tenders';
import { initI18n } from '../../i18n/index';
import { takeLoginUrl } from '../../shared/session-storage';
import { answerCalls } from '../../test/fake-server';
import { LocationProbe, buttonsNamed, renderPage } from '../../test/user-centre-page';
import { BiddingTenderPage } from './bidding-tender-page';

beforeAll(async () => {
  await initI18n('en-US', ['trading', 'browse']);
});
afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const PAGE = '/purchase/ws/tender/biddingPageForCommon';
const ME = '/omc/api/user/getCurrUser';
const RELATION = '/purchase/ws/purCustomerRelation/checkRelation';
const item = (id: string, objState: number, overdueFlag: 'Y' | 'N' = 'N'): TenderItem => ({
  id,
  userId: '50',
  tenderNo: `ZB20261125000${id}`,
  tenderName: `Urea purchase ${id}`,
  userName: 'North China Chemicals',
  bidBeginTime: '2026-11-25T08:00:00.000Z',
  bidEndTime: '2026-11-30T08:00:00.000Z',
  objState,
  overdueFlag,
});
const pageOf = (items: TenderItem[], totalItem = items.length) => ({ data: { items, totalItem, pageNo: 1, pageSize: 10 } });
const signedIn = { data: { currUserId: '61', userId: '61', userName: 'supplier1', companyName: 'Shandong Fertiliser' } };
const signedOut = { error: { code: '401', message: 'Not signed in', status: 401 } };
const rows = () => screen.queryAllByTestId('tender-row');

function show(path = '/biddingTender') {
  return renderPage(
    <>
      <BiddingTenderPage />
      <LocationProbe />
    </>,
    path,
  );
}

describe('tender hall', { timeout: 90_000 }, () => {
  it('lists the tenders with their state; closed ones only to view, open ones to a visitor to sign in and bid', async () => {
    const calls = answerCalls({ [PAGE]: pageOf([item('1', 2), item('2', 2, 'Y'), item('3', 4), item('4', 6)]), [ME]: signedOut });
    show();
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(calls.find((c) => c.path === PAGE)?.body).toEqual({ pageNo: 1, pageSize: 10 });
    expect(document.title).toContain('Tender hall');
    const [open, overdue, evaluated, completed] = rows();
    expect(within(open!).getByTestId('tender-sign-in').textContent).toBe('Sign in to bid');
    // Bidding closed by time: the state still says published, the row says closed and only views.
    expect(overdue!.textContent).toContain('Published');
    expect(overdue!.textContent).toContain('Closed');
    expect(within(overdue!).getByTestId('tender-view')).toBeTruthy();
    expect(within(evaluated!).getByTestId('tender-view')).toBeTruthy();
    expect(completed!.textContent).toContain('Completed');
    expect(open!.textContent).toContain('North China Chemicals');
    expect(screen.getByText('Tenders: 4')).toBeTruthy();
    expect(screen.queryByTestId('tender-bid')).toBeNull();
  });

  it('opens a tender to view in step two, in the address, and back again', async () => {
    answerCalls({ [PAGE]: pageOf([item('3', 4)]), [ME]: signedOut });
    show();
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(screen.getByTestId('tender-view'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/biddingTender?id=3'));
    const frame = await screen.findByTitle('Tender details page');
    expect(frame.getAttribute('src')).toBe('/bidTenderManager?id=3');
    expect(document.title).toContain('Tender details');
    fireEvent.click(screen.getByText('Back to the tender list'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/biddingTender'));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('sends a visitor who wants to bid to sign in, and back here afterwards', async () => {
    const calls = answerCalls({ [PAGE]: pageOf([item('1', 2)]), [ME]: signedOut });
    show();
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(await screen.findByTestId('tender-sign-in'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    expect(takeLoginUrl()).toBe('/biddingTender');
    expect(calls.some((c) => c.path === RELATION)).toBe(false);
  });

  it("offers bidding to a company on the tenderer's list, asking once per tenderer", async () => {
    const calls = answerCalls({
      [PAGE]: pageOf([item('1', 2), item('2', 2), item('3', 4)]),
      [ME]: signedIn,
      [RELATION]: { data: { flag: 'Y' } },
    });
    show();
    await waitFor(() => expect(screen.getAllByTestId('tender-bid')).toHaveLength(2));
    expect(calls.filter((c) => c.path === RELATION).map((c) => c.body)).toEqual([{ buyerUserId: '50', currUserNo: '61' }]);
    // A closed tender is only viewed, also by a company on the list.
    expect(within(rows()[2]!).getByTestId('tender-view')).toBeTruthy();
    fireEvent.click(screen.getAllByTestId('tender-bid')[0]!);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/biddingTender?id=1'));
  });

  it('offers a company off the list, or one whose relation cannot be read, only to view, saying why', async () => {
    answerCalls({ [PAGE]: pageOf([item('1', 2)]), [ME]: signedIn, [RELATION]: { data: { flag: 'N' } } });
    show();
    await waitFor(() => expect(rows()).toHaveLength(1));
    const view = await screen.findByTestId('tender-view');
    expect(screen.queryByTestId('tender-bid')).toBeNull();
    // The spec's words for a missing relationship; the tender's page offers to apply to the list.
    expect(view.getAttribute('title')).toBe(
      'You have no supply relationship with the tenderer. Please contact the tenderer to set one up.',
    );
    fireEvent.click(view);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/biddingTender?id=1'));
    cleanup();
    answerCalls({
      [PAGE]: pageOf([item('1', 2)]),
      [ME]: signedIn,
      [RELATION]: { error: { code: '500', message: 'Relation service down', status: 500 } },
    });
    show();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(await screen.findByTestId('tender-view')).toBeTruthy();
    expect(screen.queryByTestId('tender-bid')).toBeNull();
  });

  it('offers the tenderer to manage its own tenders, in every state, and never to bid on them', async () => {
    const calls = answerCalls({
      [PAGE]: pageOf([item('1', 2), item('3', 4)]),
      [ME]: { data: { ...signedIn.data, currUserId: '50', userId: '50' } },
    });
    show();
    await waitFor(() => expect(screen.getAllByTestId('tender-manage')).toHaveLength(2));
    expect(screen.getAllByTestId('tender-manage').map((a) => a.getAttribute('href'))).toEqual([
      '/trade/tenders?id=1',
      '/trade/tenders?id=3',
    ]);
    expect(screen.queryByTestId('tender-bid')).toBeNull();
    expect(calls.some((c) => c.path === RELATION)).toBe(false);
  });

  it('opens straight on step two from a link, and shows a load failure with a retry on step one', async () => {
    answerCalls({ [PAGE]: 'network', [ME]: signedOut });
    show('/biddingTender?id=9');
    expect((await screen.findByTitle('Tender details page')).getAttribute('src')).toBe('/bidTenderManager?id=9');
    cleanup();
    show();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Network communication failed!');
    expect(buttonsNamed('Retry', alert)).toHaveLength(1);
  });
});
