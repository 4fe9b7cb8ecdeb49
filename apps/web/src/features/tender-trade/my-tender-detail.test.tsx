import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ManagedTender, TenderBid } from '@portal/contracts/tender-trade';
import { initI18n } from '../../i18n/index';
import { answerCalls } from '../../test/fake-server';
import { buttonsNamed, findButton, findConfirm, findToast, renderPage } from '../../test/user-centre-page';
import { MyTendersPage } from './my-tenders-page';
import { at, managedTender, openedBid } from './test-fixtures';

beforeAll(async () => {
  await initI18n('en-US', ['tender', 'trade']);
});
afterEach(cleanup);

// The buyer's detail of one tender, reached as the user reaches it: the list page with ?id=.
const DETAIL = '/purchase/ws/tender/detail';
const BIDS = '/purchase/ws/tender/bids';
const opening = {
  time: at,
  digest: 'chain-digest',
  bids: [
    { bidId: '1', supplierName: 'Shaanxi Qinchuan', version: 1, digest: 'digest-1' },
    { bidId: '2', supplierName: 'Shandong Lurun', version: 2, digest: 'digest-2' },
  ],
};
const bids = [openedBid('1', 'Shaanxi Qinchuan', 2_500), openedBid('2', 'Shandong Lurun', 2_480)];

function show(tender: ManagedTender, bidRows: TenderBid[] = [], extra: Record<string, Parameters<typeof answerCalls>[0][string]> = {}) {
  const calls = answerCalls({
    [DETAIL]: { data: tender },
    [BIDS]: { data: { bidCount: bidRows.length, opened: tender.opening !== null, items: tender.opening ? bidRows : [] } },
    '/purchase/ws/tender/myPage': { data: { items: [], totalItem: 0, pageNo: 1, pageSize: 8 } },
    ...extra,
  });
  renderPage(<MyTendersPage />, '/trade/tenders?id=7');
  return calls;
}
const detail = () => screen.findByTestId('tender-detail');

describe("the buyer's tender page", { timeout: 90_000 }, () => {
  it('shows the terms of a draft with its review refusal, and edits or publishes it from there', async () => {
    const calls = show(managedTender({ objState: 0, reviewRemark: 'Add the quality standard', publishTime: '' }));
    const page = await detail();
    expect(page.textContent).toContain('Review rejected it: Add the quality standard');
    expect(page.textContent).toContain('ZB202611250007');
    expect(page.textContent).toContain('Suppliers can bid once it is published.');
    expect(buttonsNamed('Edit', page)).toHaveLength(1);
    expect(buttonsNamed('Cancel tender', page)).toHaveLength(1);
    fireEvent.click(await findButton('Publish', page));
    const confirm = await findConfirm();
    expect(confirm.textContent).toContain('Publish the tender?');
    fireEvent.click(await findButton('Edit', page));
    await waitFor(() => expect(document.body.textContent).toContain('Edit tender ZB202611250007'));
    expect(calls.some((c) => c.path.endsWith('/publish'))).toBe(false);
  });

  it('shows why an ended tender ended, and offers nothing more', async () => {
    show(managedTender({ objState: 7, closeReason: 'Fewer than 2 valid bids' }));
    const page = await detail();
    expect(page.textContent).toContain('The tender has ended: Fewer than 2 valid bids');
    expect(buttonsNamed('Cancel tender', page)).toHaveLength(0);
    expect(buttonsNamed('Edit', page)).toHaveLength(0);
    expect(screen.queryByTestId('evaluation-form')).toBeNull();
  });

  it('needs a reason for an invalid bid, warns when too few valid bids would fail the tender, and sends the decisions', async () => {
    const calls = show(managedTender({ objState: 3, opening, evaluationMethod: 'lowest', minValidBids: 2 }), bids, {
      '/purchase/ws/tender/evaluate': { data: managedTender({ objState: 7 }) },
    });
    const form = await screen.findByTestId('evaluation-form');
    // Under the lowest-price method no technical score is asked.
    expect(within(form).queryByLabelText('Technical score of Shaanxi Qinchuan')).toBeNull();
    expect(screen.getAllByTestId('preview-rank').map((r) => r.textContent)).toEqual(['2', '1']);
    fireEvent.click(within(within(form).getByLabelText('Is the bid of Shaanxi Qinchuan valid')).getByText('Invalid'));
    await waitFor(() => expect(form.textContent).toContain('Fewer than 2 valid bids: submitting fails the tender.'));
    expect(screen.getAllByTestId('preview-rank').map((r) => r.textContent)).toEqual(['-', '1']);
    fireEvent.click(screen.getByTestId('evaluation-submit'));
    expect(await within(form).findByText('An invalid bid needs a reason')).toBeTruthy();
    expect(document.querySelector('.ant-modal-confirm')).toBeNull();
    fireEvent.change(within(form).getByLabelText('Why the bid of Shaanxi Qinchuan is invalid'), {
      target: { value: ' Licence expired ' },
    });
    fireEvent.click(screen.getByTestId('evaluation-submit'));
    const confirm = await findConfirm();
    expect(confirm.textContent).toContain('Fewer than 2 valid bids: submitting fails the tender.');
    const ok = await findButton('Submit evaluation', confirm);
    expect(ok.className).toContain('dangerous');
    expect(calls.some((c) => c.path.endsWith('/evaluate'))).toBe(false);
    fireEvent.click(ok);
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith('/evaluate'))?.body).toEqual({
        id: '7',
        bids: [
          { bidId: '1', valid: false, reason: 'Licence expired' },
          { bidId: '2', valid: true },
        ],
      }),
    );
    await findToast('Too few valid bids: the tender failed');
  });

  it('opens the one round of final quotes of an inquiry only with a question', async () => {
    const calls = show(managedTender({ objState: 4, opening, evaluation: null, tenderType: 'inquiry' }), bids, {
      '/purchase/ws/tender/negotiate': { data: managedTender({ objState: 4 }) },
    });
    fireEvent.click(await screen.findByTestId('negotiate-open'));
    const dialog = (await screen.findByRole('dialog')).closest<HTMLElement>('.ant-modal')!;
    expect(dialog.textContent).toContain('Final quotes');
    expect(dialog.textContent).toContain('no unit price above its first');
    fireEvent.click(await findButton('Send', dialog));
    await waitFor(() => expect(dialog.textContent).toContain('Please fill this in'));
    expect(calls.some((c) => c.path.endsWith('/negotiate'))).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('Question'), { target: { value: '  Your best final price, please  ' } });
    fireEvent.click(await findButton('Send', dialog));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/negotiate'))).toBe(true));
    const body = calls.find((c) => c.path.endsWith('/negotiate'))!.body as { id: string; deadline: string; question: string };
    expect(body.id).toBe('7');
    expect(body.question).toBe('Your best final price, please');
    // The deadline defaults to a day ahead.
    expect(Date.parse(body.deadline)).toBeGreaterThan(Date.now());
    await findToast('The bidders were told');
  });

  it('asks a bidding tender only for clarification', async () => {
    show(managedTender({ objState: 4, opening, tenderType: 'bidding' }), bids);
    expect((await screen.findByTestId('negotiate-open')).textContent).toBe('Ask for clarification');
  });

  it('keeps final quotes sealed while the round runs, and shows the answers once it closed', async () => {
    const round = {
      kind: 'finalQuote' as const,
      question: 'Best final price',
      deadline: '2026-11-26T10:00:00.000Z',
      time: at,
      answerCount: 1,
      closed: false,
      answers: [],
    };
    show(managedTender({ objState: 4, opening, negotiation: round }), bids);
    let section = await screen.findByTestId('negotiation');
    expect(section.textContent).toContain('Running; 1 answered');
    expect(section.textContent).toContain('Final quotes stay sealed until the deadline, then open together.');
    expect(screen.queryByTestId('negotiate-open')).toBeNull();
    cleanup();
    show(
      managedTender({
        objState: 5,
        opening,
        negotiation: {
          ...round,
          closed: true,
          answers: [
            {
              bidId: '2',
              supplierName: 'Shandong Lurun',
              answer: 'Final offer',
              time: at,
              lines: [{ lineNo: 1, unitPrice: 2_400, quantity: 100, deliveryDate: '2026-12-01' }],
            },
          ],
        } as ManagedTender['negotiation'],
      }),
      bids,
    );
    section = await screen.findByTestId('negotiation');
    expect(section.textContent).toContain('Closed');
    expect(section.textContent).toContain('Final offer');
    expect(section.textContent).toContain('￥2,400.00');
  });

  it('lists the awards with a link to each order made', async () => {
    show(
      managedTender({
        objState: 6,
        opening,
        awards: [
          {
            lineNo: 1,
            bidId: '2',
            supplierUserId: '2',
            supplierName: 'Shandong Lurun',
            quantity: 100,
            unitPrice: 2_480,
            orderNo: '2026112500000009',
          },
        ],
      }),
      bids,
    );
    const awards = await screen.findByTestId('awards');
    expect(awards.textContent).toContain('1. 尿素');
    expect(awards.textContent).toContain('Shandong Lurun');
    expect(within(awards).getByTestId('award-order').getAttribute('href')).toBe('/trade/purchase-orders?orderNo=2026112500000009');
  });
});
