import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TenderDetail } from '@portal/contracts/tenders';
import { initI18n } from '../../i18n/index';
import { answerCalls } from '../../test/fake-server';
import { findButton, renderPage } from '../../test/user-centre-page';
import { TenderDetailPage } from './tender-detail-page';

beforeAll(async () => {
  await initI18n('en-US', ['trading', 'browse', 'tender', 'trade']);
});
afterEach(cleanup);

const DETAIL = '/purchase/ws/tender/tenderDetailForCommon';
const at = '2026-11-25T10:00:00.000Z';
const tender: TenderDetail = {
  id: '7',
  userId: '50',
  tenderNo: 'ZB202611250007',
  tenderName: 'Urea purchase for December',
  userName: 'North China Chemicals',
  bidBeginTime: at,
  bidEndTime: '2026-11-30T10:00:00.000Z',
  objState: 2,
  overdueFlag: 'N',
  tenderType: 'bidding',
  currency: 'CNY',
  paymentType: 1,
  contactName: 'Li Ming',
  contactPhone: '',
  description: '<p>Granular urea, nitrogen <strong>at least 46%</strong>.</p>',
  publishTime: at,
  openTime: '2026-11-30T10:00:00.000Z',
  evaluationMethod: 'lowest',
  priceWeight: null,
  minValidBids: 2,
  deposit: 0,
  documentFileIds: [],
  lines: [
    {
      lineNo: 1,
      goodsName: 'Urea',
      specification: 'Granular',
      quantity: 500,
      unit: 't',
      deliveryPlace: 'Tianjin',
      deliveryDate: '2026-12-20',
    },
  ],
  serverTime: at,
};
const signedOut = { error: { code: '401', message: 'Not signed in', status: 401 } };

describe('a tender in the hall', { timeout: 90_000 }, () => {
  it('shows its terms and lines, read-only, and asks a visitor to sign in to bid', async () => {
    const calls = answerCalls({ [DETAIL]: { data: tender }, '/omc/api/user/getCurrUser': signedOut });
    renderPage(<TenderDetailPage />, '/bidTenderManager?id=7');
    const title = await screen.findByRole('heading', { level: 1 });
    expect(title.textContent).toBe('Urea purchase for December');
    expect(calls.find((c) => c.path === DETAIL)?.body).toEqual({ id: '7' });
    await waitFor(() => expect(document.title).toContain('Urea purchase for December'));
    const page = document.body.textContent!;
    expect(page).toContain('Bidding');
    expect(page).toContain('North China Chemicals');
    expect(page).toContain('Acceptance');
    expect(page).toContain('Li Ming');
    expect(page).toContain('500.000 t');
    // The description is the tender's rich text, shown formatted and never as its markup.
    expect(page).toContain('Granular urea, nitrogen at least 46%.');
    expect(page).not.toContain('<p>');
    expect(screen.getByText('at least 46%').tagName).toBe('STRONG');
    expect(await screen.findByText('Sign in with a supplier company account to bid.')).toBeTruthy();
  });

  it('marks a tender whose bidding closed by time', async () => {
    answerCalls({ [DETAIL]: { data: { ...tender, overdueFlag: 'Y' } }, '/omc/api/user/getCurrUser': signedOut });
    renderPage(<TenderDetailPage />, '/bidTenderManager?id=7');
    await screen.findByRole('heading', { level: 1 });
    expect(document.querySelector('.trade-tags')!.textContent).toContain('Closed');
  });

  it('says the tender does not exist without an id or when the server does not know it', async () => {
    const calls = answerCalls({ [DETAIL]: { error: { code: '10404', message: 'Not found', status: 404 } } });
    renderPage(<TenderDetailPage />, '/bidTenderManager');
    expect(await screen.findByText('The tender does not exist')).toBeTruthy();
    expect(calls).toHaveLength(0);
    cleanup();
    renderPage(<TenderDetailPage />, '/bidTenderManager?id=404');
    expect(await screen.findByText('The tender does not exist')).toBeTruthy();
  });

  it('offers a retry when the tender cannot be read', async () => {
    let fail = true;
    answerCalls({
      [DETAIL]: () => (fail ? { error: { code: '500', message: 'Upstream timeout', status: 500 } } : { data: tender }),
      '/omc/api/user/getCurrUser': signedOut,
    });
    renderPage(<TenderDetailPage />, '/bidTenderManager?id=7');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Upstream timeout');
    fail = false;
    fireEvent.click(await findButton('Retry', alert));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Urea purchase for December');
  });
});
