import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n/index';
import { answerCalls } from '../../test/fake-server';
import { dataRows, fieldErrors, findButton, findToast, renderPage } from '../../test/user-centre-page';
import { MyContractsPage } from './my-contracts-page';
import { contractDetail, contractRow } from './test-fixtures';

beforeAll(async () => {
  await initI18n('en-US', ['contracts', 'trade', 'account', 'resource']);
});
afterEach(cleanup);

const PAGE = '/commtrade/ws/contract/page';
const DETAIL = '/commtrade/ws/contract/detail';
const SEND = '/commtrade/ws/contract/sendCode';
const SIGN = '/commtrade/ws/contract/sign';
const DECLINE = '/commtrade/ws/contract/decline';
const counts = { toSign: 2, signedByMe: 1, completed: 5, declined: 0, expired: 1 };
const page = (rows = [contractRow('HT0001'), contractRow('HT0002', { mySide: 'seller' })]) => ({
  data: { items: rows, totalItem: rows.length, pageNo: 1, pageSize: 8, counts },
});
const drawer = () =>
  waitFor(() => {
    const found = document.querySelector<HTMLElement>('.cv-contract-drawer .ant-drawer-body [data-testid="contract-body"]');
    if (!found) throw new Error('no contract drawer');
    return found;
  });
const dialog = () =>
  waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-modal')].at(-1);
    if (!found) throw new Error('no dialog');
    return found;
  });

describe('my contracts', { timeout: 90_000 }, () => {
  it('opens on what waits for my signature, counts every tab, and asks only the tab chosen', async () => {
    const calls = answerCalls({ [PAGE]: page() });
    renderPage(<MyContractsPage />, '/trade/contracts');
    await waitFor(() => expect(dataRows()).toHaveLength(2));
    expect(calls[0]).toEqual({ path: PAGE, body: { pageNo: 1, pageSize: 8, filter: 'toSign' } });
    const tabs = ['toSign', 'signedByMe', 'completed', 'declined', 'expired'].map(
      (f) => screen.getByTestId(`contract-tab-${f}`).textContent,
    );
    expect(tabs).toEqual(['To sign 2', 'Signed by me 1', 'Completed 5', 'Declined 0', 'Expired 1']);
    // The counterpart is the other company: the seller to a buyer, the buyer to a seller.
    expect(dataRows()[0]!.textContent).toContain('Shaanxi Coal Chemicals');
    expect(dataRows()[1]!.textContent).toContain('Hebei Steel Trading');
    expect(dataRows()[0]!.textContent).toContain('￥85,000.00');
    expect(dataRows()[0]!.querySelector('[data-testid="contract-state"]')!.textContent).toBe('Awaiting signatures');
    expect(dataRows()[0]!.textContent).toContain('Sign');
    fireEvent.click(screen.getByTestId('contract-tab-completed'));
    await waitFor(() => expect(calls.at(-1)!.body).toEqual({ pageNo: 1, pageSize: 8, filter: 'completed' }));
  });

  it('signs only with the SMS code, naming the field when it is missing, and sends the code to my own mobile', async () => {
    const calls = answerCalls({
      [PAGE]: page([contractRow('HT0001')]),
      [DETAIL]: { data: contractDetail('HT0001') },
      [SEND]: { data: { mobile: '138****8000', resendSeconds: 60 } },
      [SIGN]: { data: contractDetail('HT0001', { state: 2, actions: [] }) },
    });
    renderPage(<MyContractsPage />, '/trade/contracts?contractNo=HT0001');
    const body = await drawer();
    // The PDF is shown by the browser, with a download link for phones.
    expect(body.querySelector('iframe')!.getAttribute('src')).toBe('/commtrade/ws/contract/pdf?contractNo=HT0001');
    expect(body.querySelector('[data-testid="contract-download"]')!.getAttribute('href')).toBe(
      '/commtrade/ws/contract/pdf?contractNo=HT0001',
    );
    expect(body.querySelector('[data-testid="contract-party-seller"]')!.textContent).toContain('Signed at');
    expect(body.querySelector('[data-testid="contract-party-buyer"]')!.textContent).toContain('Not signed yet');
    fireEvent.click(screen.getByTestId('contract-sign'));
    const sign = await dialog();
    fireEvent.click(await findButton('Sign', sign.querySelector('.ant-modal-footer')!));
    await waitFor(() => expect(fieldErrors('SMS code')).toEqual(['Please enter the SMS code']));
    expect(calls.some((c) => c.path === SIGN)).toBe(false);

    fireEvent.click(screen.getByTestId('sms-send-contract-sign'));
    await waitFor(() => expect(sign.textContent).toContain('138****8000'));
    expect(calls.find((c) => c.path === SEND)!.body).toEqual({ contractNo: 'HT0001' });
    await waitFor(() => expect(screen.getByTestId('sms-send-contract-sign').textContent).toMatch(/\d+/));
    expect((screen.getByTestId('sms-send-contract-sign') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('SMS code'), { target: { value: '123456' } });
    fireEvent.click(await findButton('Sign', sign.querySelector('.ant-modal-footer')!));
    await waitFor(() => expect(calls.find((c) => c.path === SIGN)?.body).toEqual({ contractNo: 'HT0001', code: '123456' }));
    await findToast('Signed; the contract is now in force');
  });

  it('declines only with a reason, naming the field when it is missing', async () => {
    const calls = answerCalls({
      [PAGE]: page([contractRow('HT0001')]),
      [DETAIL]: { data: contractDetail('HT0001') },
      [DECLINE]: { data: contractDetail('HT0001', { state: 3, actions: [] }) },
    });
    renderPage(<MyContractsPage />, '/trade/contracts?contractNo=HT0001');
    await drawer();
    fireEvent.click(screen.getByTestId('contract-decline'));
    const decline = await dialog();
    const ok = await findButton('Decline', decline.querySelector('.ant-modal-footer')!);
    fireEvent.click(ok);
    await waitFor(() => expect(fieldErrors('Reason for declining')).toEqual(['Reason for declining is required']));
    expect(calls.some((c) => c.path === DECLINE)).toBe(false);
    fireEvent.change(decline.querySelector('textarea')!, { target: { value: '  Price changed  ' } });
    fireEvent.click(ok);
    await waitFor(() => expect(calls.find((c) => c.path === DECLINE)?.body).toEqual({ contractNo: 'HT0001', reason: 'Price changed' }));
    await findToast('Declined; the other party will be told');
  });

  it('offers no signing to a party that has signed, nor once the contract is over', async () => {
    answerCalls({
      [PAGE]: page([contractRow('HT0001')]),
      [DETAIL]: { data: contractDetail('HT0001', { state: 4, myPartyState: 1, actions: [] }) },
    });
    renderPage(<MyContractsPage />, '/trade/contracts?contractNo=HT0001');
    const body = await drawer();
    expect(body.textContent).toContain('The contract expired at');
    expect(screen.queryByTestId('contract-sign')).toBeNull();
    expect(screen.queryByTestId('contract-decline')).toBeNull();
  });

  it('says a contract whose file is still being made will be ready to sign, and shows no file yet', async () => {
    answerCalls({ [PAGE]: page([contractRow('HT0001')]), [DETAIL]: { data: contractDetail('HT0001', { actions: [] }) } });
    renderPage(<MyContractsPage />, '/trade/contracts?contractNo=HT0001');
    const body = await drawer();
    expect(body.querySelector('[data-testid="contract-preparing"]')!.textContent).toContain('The contract is being prepared');
    expect(body.querySelector('iframe')).toBeNull();
    expect(screen.queryByTestId('contract-sign')).toBeNull();
  });
});
