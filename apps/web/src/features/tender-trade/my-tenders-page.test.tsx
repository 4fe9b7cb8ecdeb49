import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ManagedTender } from '@portal/contracts/tender-trade';
import { initI18n } from '../../i18n/index';
import { answerCalls } from '../../test/fake-server';
import {
  LocationProbe,
  buttonsNamed,
  clickTab,
  fieldErrors,
  findButton,
  findConfirm,
  findToast,
  renderPage,
} from '../../test/user-centre-page';
import { MyTendersPage } from './my-tenders-page';
import { managedTender } from './test-fixtures';

beforeAll(async () => {
  await initI18n('en-US', ['tender', 'trade']);
});
afterEach(cleanup);

const MY_PAGE = '/purchase/ws/tender/myPage';
const pageOf = (items: ManagedTender[]) => ({ data: { items, totalItem: items.length, pageNo: 1, pageSize: 8 } });
const tender = (id: string, objState: number, over: Partial<ManagedTender> = {}) =>
  managedTender({ id, tenderNo: `ZB20261125000${id}`, tenderName: `Urea inquiry ${id}`, objState, ...over });
const rows = () => screen.queryAllByTestId('tender-row');
const rowButtons = (row: HTMLElement) => [...row.querySelectorAll('button')].map((b) => b.textContent);

function show(path = '/trade/tenders') {
  return renderPage(
    <>
      <MyTendersPage />
      <LocationProbe />
    </>,
    path,
  );
}

describe('my tenders', { timeout: 90_000 }, () => {
  it('asks every state, then the state chosen', async () => {
    const calls = answerCalls({ [MY_PAGE]: pageOf([tender('1', 0)]) });
    show();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(calls[0]).toEqual({ path: MY_PAGE, body: { pageNo: 1, pageSize: 8 } });
    clickTab('Evaluated');
    await waitFor(() => expect(calls.at(-1)!.body).toEqual({ pageNo: 1, pageSize: 8, objState: 4 }));
    clickTab('All');
    await waitFor(() => expect(calls.at(-1)!.body).toEqual({ pageNo: 1, pageSize: 8 }));
  });

  it('offers a draft edit and publish, a running tender its cancellation, a finished one only a view', async () => {
    answerCalls({
      [MY_PAGE]: pageOf([
        tender('1', 0, { reviewRemark: 'The delivery date is missing' }),
        tender('2', 1),
        tender('3', 3),
        tender('4', 6),
        tender('5', 7, { closeReason: 'Fewer than 2 valid bids' }),
      ]),
    });
    show();
    await waitFor(() => expect(rows()).toHaveLength(5));
    const [draft, pending, closed, done, failed] = rows();
    expect(rowButtons(draft!)).toEqual(['ZB202611250001', 'View', 'Edit', 'Publish', 'Cancel tender']);
    expect(rowButtons(pending!)).toEqual(['ZB202611250002', 'View', 'Cancel tender']);
    expect(rowButtons(closed!)).toEqual(['ZB202611250003', 'View', 'Cancel tender']);
    expect(rowButtons(done!)).toEqual(['ZB202611250004', 'View']);
    // A rejected draft tells why; a failed tender tells why it ended.
    expect(draft!.textContent).toContain('The delivery date is missing');
    expect(failed!.textContent).toContain('Fewer than 2 valid bids');
    expect(within(failed!).getByTestId('tender-state').textContent).toBe('Failed');
    expect(draft!.textContent).toContain('Urea inquiry 1');
  });

  it('publishes a draft after saying what publishing means', async () => {
    const calls = answerCalls({
      [MY_PAGE]: pageOf([tender('1', 0)]),
      '/purchase/ws/tender/publish': { data: tender('1', 1) },
    });
    show();
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(buttonsNamed('Publish', rows()[0])[0]!);
    const confirm = await findConfirm();
    expect(confirm.textContent).toContain('It can no longer be changed, only cancelled.');
    expect(calls.some((c) => c.path.endsWith('/publish'))).toBe(false);
    fireEvent.click(await findButton('Publish', confirm));
    await waitFor(() => expect(calls.find((c) => c.path.endsWith('/publish'))?.body).toEqual({ id: '1' }));
    await findToast('Published');
  });

  it('cancels only with a reason the bidders will see', async () => {
    const calls = answerCalls({
      [MY_PAGE]: pageOf([tender('3', 2)]),
      '/purchase/ws/tender/cancel': { data: tender('3', 7) },
    });
    show();
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(buttonsNamed('Cancel tender', rows()[0])[0]!);
    const dialog = (await screen.findByRole('dialog')).closest<HTMLElement>('.ant-modal')!;
    expect(dialog.textContent).toContain('Cancel tender ZB202611250003');
    const ok = await findButton('Cancel tender', dialog.querySelector('.ant-modal-footer')!);
    expect(ok.className).toContain('dangerous');
    fireEvent.click(ok);
    await waitFor(() => expect(fieldErrors('Reason (the bidders see it)')).toEqual(['Please fill this in']));
    expect(calls.some((c) => c.path.endsWith('/cancel'))).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('Reason (the bidders see it)'), { target: { value: 'Budget withdrawn' } });
    fireEvent.click(ok);
    await waitFor(() => expect(calls.find((c) => c.path.endsWith('/cancel'))?.body).toEqual({ id: '3', reason: 'Budget withdrawn' }));
    await findToast('The tender was cancelled');
    await waitFor(() => expect(document.querySelector('.ant-modal-wrap .ant-modal')).toBeNull());
  });

  it('opens a tender by its number into the address, and goes back to the list', async () => {
    const calls = answerCalls({
      [MY_PAGE]: pageOf([tender('1', 2)]),
      '/purchase/ws/tender/detail': { data: tender('1', 2) },
    });
    show();
    fireEvent.click(await findButton('ZB202611250001'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/trade/tenders?id=1'));
    await waitFor(() => expect(calls.find((c) => c.path.endsWith('/detail'))?.body).toEqual({ id: '1' }));
    await waitFor(() => expect(rows()).toHaveLength(0));
    fireEvent.click(await findButton('Back to the list'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/trade/tenders'));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('says so when a linked tender is not the caller’s', async () => {
    answerCalls({
      [MY_PAGE]: pageOf([]),
      '/purchase/ws/tender/detail': { error: { code: '10404', message: 'Not found', status: 404 } },
    });
    show('/trade/tenders?id=99');
    expect(await screen.findByText('This tender does not exist or is not yours to see')).toBeTruthy();
  });

  it('opens the dialog for a new tender and invites the first one when there is none', async () => {
    answerCalls({ [MY_PAGE]: pageOf([]) });
    show();
    expect(await screen.findByText('No tenders yet. Choose “New tender” to publish a purchase.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('tender-create'));
    expect((await screen.findByRole('dialog')).textContent).toContain('New tender');
  });

  it('tells the buyer when the server refuses to publish', async () => {
    answerCalls({
      [MY_PAGE]: pageOf([tender('1', 0)]),
      '/purchase/ws/tender/publish': { error: { code: '10422', message: 'Bidding must open in the future', status: 422 } },
    });
    show();
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(buttonsNamed('Publish', rows()[0])[0]!);
    fireEvent.click(await findButton('Publish', await findConfirm()));
    await findToast('Bidding must open in the future');
  });
});
