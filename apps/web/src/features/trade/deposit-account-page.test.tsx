import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DepositEntry } from '@portal/contracts/deposits';
import { initI18n } from '../../i18n/index';
import { answerCalls } from '../../test/fake-server';
import { findButton, pickOption, renderPage } from '../../test/user-centre-page';
import { DepositAccountPage } from './deposit-account-page';

beforeAll(async () => {
  await initI18n('en-US', ['trade']);
});
afterEach(cleanup);

const ACCOUNT = '/commtrade/ws/deposit/account';
const ENTRIES = '/commtrade/ws/deposit/entries';
const accounts = [
  { currency: 'CNY', balance: 5_000_000, frozen: 1_250_000, available: 3_750_000 },
  { currency: 'USD', balance: 200_000, frozen: 0, available: 200_000 },
];
const entry = (id: string, kind: DepositEntry['kind'], amount: number, currency = 'CNY'): DepositEntry => ({
  id,
  time: '2026-11-25T10:00:00.000Z',
  kind,
  amount,
  currency,
  reference: `Order 20261125000000${id}`,
  balanceAfter: 5_000_000,
  frozenAfter: 1_250_000,
  balanceChange: 0,
  frozenChange: 0,
});
const entriesOf = (items: DepositEntry[]) => ({ data: { items, totalItem: items.length, pageNo: 1, pageSize: 16 } });
const ledgerRows = () => [...document.querySelectorAll('[data-testid="deposit-ledger"] tr.ant-table-row')];

describe('deposit account', { timeout: 90_000 }, () => {
  it('shows each currency with what is available, the balance and what is frozen', async () => {
    answerCalls({ [ACCOUNT]: { data: accounts }, [ENTRIES]: entriesOf([]) });
    renderPage(<DepositAccountPage />);
    const cny = await screen.findByTestId('deposit-account-CNY');
    expect(within(cny).getByTestId('deposit-available').textContent).toBe('￥37,500.00');
    expect(within(cny).getByTestId('deposit-balance').textContent).toBe('￥50,000.00');
    expect(within(cny).getByTestId('deposit-frozen').textContent).toBe('￥12,500.00');
    const usd = screen.getByTestId('deposit-account-USD');
    expect(within(usd).getByTestId('deposit-available').textContent).toBe('$2,000.00');
  });

  it('lists every kind of movement with the sign of its direction', async () => {
    const calls = answerCalls({
      [ACCOUNT]: { data: accounts },
      [ENTRIES]: entriesOf([
        entry('1', 'credit', 5_000_000),
        entry('2', 'freeze', 1_250_000),
        entry('3', 'release', 250_000),
        entry('4', 'forfeit', 100_000),
        entry('5', 'debit', 300_000),
      ]),
    });
    renderPage(<DepositAccountPage />);
    await waitFor(() => expect(ledgerRows()).toHaveLength(5));
    expect(calls.find((c) => c.path === ENTRIES)?.body).toEqual({ pageNo: 1, pageSize: 16 });
    const cells = ledgerRows().map((r) => [r.children[1]!.textContent, r.children[2]!.textContent]);
    expect(cells).toEqual([
      ['Credit', '+￥50,000.00'],
      ['Freeze', '-￥12,500.00'],
      ['Release', '+￥2,500.00'],
      ['Forfeit', '-￥1,000.00'],
      ['Debit', '-￥3,000.00'],
    ]);
    expect(ledgerRows()[0]!.textContent).toContain('Order 202611250000001');
  });

  it('filters the ledger by one of the currencies held', async () => {
    const calls = answerCalls({ [ACCOUNT]: { data: accounts }, [ENTRIES]: entriesOf([]) });
    renderPage(<DepositAccountPage />);
    await screen.findByTestId('deposit-account-USD');
    await pickOption(document.querySelector('#ledger-currency')!.closest('.ant-select')!, 'USD');
    await waitFor(() => expect(calls.at(-1)).toEqual({ path: ENTRIES, body: { pageNo: 1, pageSize: 16, currency: 'USD' } }));
    // Only the currencies the company holds are offered.
    const options = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
    expect(options).toEqual(['CNY', 'USD']);
  });

  it('opens on the currency a message links to', async () => {
    const calls = answerCalls({ [ACCOUNT]: { data: accounts }, [ENTRIES]: entriesOf([entry('1', 'credit', 100, 'USD')]) });
    renderPage(<DepositAccountPage />, '/trade/deposit?currency=USD');
    await waitFor(() => expect(ledgerRows()).toHaveLength(1));
    expect(calls.find((c) => c.path === ENTRIES)?.body).toEqual({ pageNo: 1, pageSize: 16, currency: 'USD' });
  });

  it('ignores a linked currency it does not know', async () => {
    const calls = answerCalls({ [ACCOUNT]: { data: accounts }, [ENTRIES]: entriesOf([]) });
    renderPage(<DepositAccountPage />, '/trade/deposit?currency=EUR');
    await waitFor(() => expect(calls.some((c) => c.path === ENTRIES)).toBe(true));
    expect(calls.find((c) => c.path === ENTRIES)?.body).toEqual({ pageNo: 1, pageSize: 16 });
  });

  it('tells a company without an account how it gets one', async () => {
    answerCalls({ [ACCOUNT]: { data: [] }, [ENTRIES]: entriesOf([]) });
    renderPage(<DepositAccountPage />);
    expect(await screen.findByText('No deposit account yet; ask the platform to record your first payment')).toBeTruthy();
  });

  it('shows a failed ledger with a retry, apart from the accounts', async () => {
    let fail = true;
    answerCalls({
      [ACCOUNT]: { data: accounts },
      [ENTRIES]: () =>
        fail ? { error: { code: '500', message: 'Ledger unavailable', status: 500 } } : entriesOf([entry('1', 'credit', 100)]),
    });
    renderPage(<DepositAccountPage />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Ledger unavailable');
    expect(screen.getByTestId('deposit-account-CNY')).toBeTruthy();
    fail = false;
    (await findButton('Retry', alert)).click();
    await waitFor(() => expect(ledgerRows()).toHaveLength(1));
  });
});
