import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DepositAdminRow, DepositEntry } from '@portal/contracts/deposits';
import { initI18n } from '../../i18n/index';
import { answerCalls } from '../../test/fake-server';
import { dataRows, fieldErrors, findButton, findConfirm, pickOption, renderPage, selectOf } from '../../test/user-centre-page';
import { AdminDepositsPage } from './admin-deposits-page';

beforeAll(async () => {
  await initI18n('en-US', ['trade']);
});
afterEach(cleanup);

const row = (companyUserId: string, companyName: string, currency = 'CNY'): DepositAdminRow => ({
  companyUserId,
  companyName,
  account: `acct${companyUserId}`,
  currency,
  balance: 1_000_000,
  frozen: 250_000,
  available: 750_000,
  updatedAt: '2026-11-25T10:00:00.000Z',
});
const entry = (id: string, kind: DepositEntry['kind'], amount: number): DepositEntry => ({
  id,
  time: '2026-11-25T10:00:00.000Z',
  kind,
  amount,
  currency: 'CNY',
  reference: `BANK-${id}`,
  balanceAfter: 1_000_000,
  frozenAfter: 250_000,
  balanceChange: 0,
  frozenChange: 0,
});
const pageOf = <T,>(items: T[]) => ({ data: { items, totalItem: items.length, pageNo: 1, pageSize: 16 } });
const ADMIN_PAGE = '/commtrade/ws/deposit/adminPage';
const rows = [row('11', 'Shaanxi Coal Chemicals'), row('12', 'Shandong Fertiliser', 'USD')];

describe('deposit management', { timeout: 90_000 }, () => {
  it('lists every account and filters by keyword and currency', async () => {
    const calls = answerCalls({ [ADMIN_PAGE]: pageOf(rows) });
    renderPage(<AdminDepositsPage />);
    await waitFor(() => expect(dataRows()).toHaveLength(2));
    expect(dataRows()[0]!.textContent).toContain('￥10,000.00');
    expect(dataRows()[0]!.textContent).toContain('￥7,500.00');
    expect(calls[0]!.body).toEqual({ pageNo: 1, pageSize: 16 });
    const search = screen.getByLabelText('Company name or account');
    fireEvent.change(search, { target: { value: ' Shaanxi ' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(calls.at(-1)!.body).toEqual({ pageNo: 1, pageSize: 16, keyword: 'Shaanxi' }));
    await pickOption(document.querySelector('.tc-toolbar .ant-select')!, 'USD');
    await waitFor(() => expect(calls.at(-1)!.body).toEqual({ pageNo: 1, pageSize: 16, keyword: 'Shaanxi', currency: 'USD' }));
  });

  it('records a credit for a row: the company and currency are preset, the amount is sent in cents after a confirmation', async () => {
    const calls = answerCalls({
      [ADMIN_PAGE]: pageOf(rows),
      '/commtrade/ws/deposit/credit': { data: { currency: 'CNY', balance: 1_123_456, frozen: 250_000, available: 873_456 } },
    });
    renderPage(<AdminDepositsPage />);
    await waitFor(() => expect(dataRows()).toHaveLength(2));
    fireEvent.click(await findButton('Credit', dataRows()[0]!));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Record money received');
    fireEvent.change(within(dialog).getByLabelText('Amount'), { target: { value: '1234.56' } });
    fireEvent.change(within(dialog).getByLabelText('Voucher no.'), { target: { value: 'ICBC-20261125-01' } });
    fireEvent.click(await findButton('Credit', dialog.closest('.ant-modal')!));
    const confirm = await findConfirm();
    expect(confirm.textContent).toContain('Record this credit?');
    expect(confirm.textContent).toContain(
      'Credit ￥1,234.56 to the deposit account of Shaanxi Coal Chemicals (acct11), voucher ICBC-20261125-01.',
    );
    expect(calls.some((c) => c.path.endsWith('/credit'))).toBe(false);
    fireEvent.click(await findButton('Confirm', confirm));
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith('/credit'))?.body).toEqual({
        companyUserId: '11',
        currency: 'CNY',
        amount: 123_456,
        reference: 'ICBC-20261125-01',
      }),
    );
    expect(await screen.findByText('Credit recorded')).toBeTruthy();
  });

  it('names every missing field of a debit and sends nothing', async () => {
    const calls = answerCalls({ [ADMIN_PAGE]: pageOf(rows) });
    renderPage(<AdminDepositsPage />);
    await waitFor(() => expect(dataRows()).toHaveLength(2));
    fireEvent.click(await findButton('Debit', document.querySelector('.tc-toolbar')!));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Record money paid out');
    fireEvent.click(await findButton('Debit', dialog.closest('.ant-modal')!));
    await waitFor(() => expect(fieldErrors('Company')).toEqual(['Please fill this in']));
    await waitFor(() => expect(fieldErrors('Amount')).toContain('Please fill this in'));
    expect(fieldErrors('Voucher no.')).toEqual(['Please fill this in']);
    expect(fieldErrors('Currency')).toEqual([]);
    expect(calls.some((c) => c.path.endsWith('/debit'))).toBe(false);
  });

  it("picks the company from the server's search and shows the server's refusal", async () => {
    const calls = answerCalls({
      [ADMIN_PAGE]: (body) =>
        (body as { keyword?: string }).keyword === 'Shandong' ? pageOf([rows[1]!, row('12', 'Shandong Fertiliser')]) : pageOf(rows),
      '/commtrade/ws/deposit/debit': {
        error: { code: '10422', message: 'The available balance is not enough', status: 422 },
      },
    });
    renderPage(<AdminDepositsPage />);
    await waitFor(() => expect(dataRows()).toHaveLength(2));
    fireEvent.click(await findButton('Debit', document.querySelector('.tc-toolbar')!));
    const dialog = await screen.findByRole('dialog');
    const company = selectOf('Company');
    fireEvent.change(company.querySelector('input')!, { target: { value: 'Shandong' } });
    await waitFor(() => expect(calls.some((c) => (c.body as { keyword?: string }).keyword === 'Shandong')).toBe(true));
    await pickOption(company, 'Shandong Fertiliser (acct12)');
    await pickOption(selectOf('Currency'), 'USD');
    fireEvent.change(within(dialog).getByLabelText('Amount'), { target: { value: '50' } });
    fireEvent.change(within(dialog).getByLabelText('Voucher no.'), { target: { value: 'REFUND-7' } });
    fireEvent.click(await findButton('Debit', dialog.closest('.ant-modal')!));
    fireEvent.click(await findButton('Confirm', await findConfirm()));
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith('/debit'))?.body).toEqual({
        companyUserId: '12',
        currency: 'USD',
        amount: 5000,
        reference: 'REFUND-7',
      }),
    );
    expect(await screen.findByText('The available balance is not enough')).toBeTruthy();
    expect(screen.queryByText('Debit recorded')).toBeNull();
  });

  it("opens a row's ledger with signed amounts per kind", async () => {
    const calls = answerCalls({
      [ADMIN_PAGE]: pageOf(rows),
      '/commtrade/ws/deposit/adminEntries': pageOf([entry('1', 'credit', 1_000_000), entry('2', 'freeze', 250_000)]),
    });
    renderPage(<AdminDepositsPage />);
    await waitFor(() => expect(dataRows()).toHaveLength(2));
    fireEvent.click(await findButton('Ledger', dataRows()[1]!));
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith('/adminEntries'))?.body).toEqual({
        companyUserId: '12',
        currency: 'USD',
        pageNo: 1,
        pageSize: 16,
      }),
    );
    const drawer = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.ant-drawer');
      if (!found?.querySelector('[data-testid="deposit-ledger"] tr.ant-table-row')) throw new Error('no ledger yet');
      return found;
    });
    expect(drawer.textContent).toContain('Shandong Fertiliser · USD · Ledger');
    const ledgerRows = [...drawer.querySelectorAll('tr.ant-table-row')];
    expect(ledgerRows[0]!.textContent).toContain('Credit');
    expect(ledgerRows[0]!.textContent).toContain('+￥10,000.00');
    expect(ledgerRows[1]!.textContent).toContain('Freeze');
    expect(ledgerRows[1]!.textContent).toContain('-￥2,500.00');
  });
});
