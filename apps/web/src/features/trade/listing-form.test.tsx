import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ManagedListing } from '@portal/contracts/listing-manage';
import { initI18n } from '../../i18n/index';
import { answerCalls } from '../../test/fake-server';
import { fieldErrors, findButton, pickOption, renderPage, selectOf } from '../../test/user-centre-page';
import { managedListing } from '../../test/trading-fixtures';
import { ListingFormDialog } from './listing-form';

beforeAll(async () => {
  await initI18n('en-US', ['trade', 'resource']);
});
afterEach(cleanup);

const SAVE = '/listing/ws/listing/save';
const SUBMIT = '/listing/ws/listing/submit';
const reference = {
  '/commtrade/ws/variety/portalQueryVarietyTree': {
    data: [
      {
        id: '1',
        code: 'FERT',
        parCode: '',
        shortName: 'Fertiliser',
        level: 1,
        children: [{ id: '2', code: 'UREA', parCode: 'FERT', shortName: 'Urea', level: 2, children: [] }],
      },
    ],
  },
  '/commtrade/ext/cb/queryMarketListByModeForCms': {
    data: [
      { marketId: 'SPOT', marketNameZh: 'Spot market', objMode: 1, currency: 'CNY' },
      { marketId: 'HKX', marketNameZh: 'Hong Kong market', objMode: 7, currency: 'HKD' },
    ],
  },
};

function show(listing: ManagedListing | null) {
  const onSaved = vi.fn();
  const onClose = vi.fn();
  renderPage(<ListingFormDialog listing={listing} onClose={onClose} onSaved={onSaved} />);
  return { onSaved, onClose };
}
const dialog = () => screen.findByRole('dialog');
const bodyOf = (calls: { path: string; body: unknown }[], path: string) => calls.find((c) => c.path === path)?.body;

describe('listing form', { timeout: 90_000 }, () => {
  it('names every required field of a new listing and sends nothing', async () => {
    const calls = answerCalls(reference);
    show(null);
    const box = await dialog();
    expect(box.textContent).toContain('New listing');
    fireEvent.click(await findButton('Save draft', box.closest('.ant-modal')!));
    await waitFor(() => expect(fieldErrors('Goods')).toEqual(['Please fill this in']));
    for (const label of ['Variety', 'Market', 'Quantity listed', 'Minimum order', 'Delivery place'])
      expect(fieldErrors(label)).toEqual(['Please fill this in']);
    expect(fieldErrors('Unit price')).toContain('Please fill this in');
    // The defaults of a new listing need nothing more.
    for (const label of ['Direction', 'Listing type', 'Days on sale', 'Delivery period (days)', 'Transport', 'Payment'])
      expect(fieldErrors(label)).toEqual([]);
    expect(calls.some((c) => c.path === SAVE)).toBe(false);
  });

  it('refuses a minimum order above the quantity listed', async () => {
    answerCalls(reference);
    show(managedListing('1', 0));
    const box = await dialog();
    fireEvent.change(within(box).getByLabelText('Minimum order'), { target: { value: '600' } });
    fireEvent.click(await findButton('Save draft', box.closest('.ant-modal')!));
    await waitFor(() => expect(fieldErrors('Minimum order')).toEqual(['The minimum order cannot exceed the quantity listed']));
  });

  it('saves an edited draft with its id and the price in cents, without a deposit ratio for a standard listing', async () => {
    const saved = managedListing('1', 0, { singlePrice: 240_050 });
    const calls = answerCalls({ ...reference, [SAVE]: { data: saved } });
    const { onSaved } = show(managedListing('1', 0));
    const box = await dialog();
    expect(box.textContent).toContain('Edit listing GP20261125001');
    expect(within(box).getByLabelText<HTMLInputElement>('Unit price').value).toBe('2350.00');
    fireEvent.change(within(box).getByLabelText('Unit price'), { target: { value: '2400.5' } });
    fireEvent.click(await findButton('Save draft', box.closest('.ant-modal')!));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(bodyOf(calls, SAVE)).toEqual({
      id: '1',
      varietyCode: 'UREA',
      goodsSkuName: 'Granular urea 1',
      marketCode: 'SPOT',
      holdBs: 2,
      listingType: 'A',
      singlePrice: 240_050,
      currency: 'CNY',
      objListingNum: 500,
      objMinNum: 10,
      objStepNum: 0,
      objListingDay: 30,
      objPeriodDay: 15,
      transportWay: 'B',
      paymentType: 2,
      deliveryPlace: 'Tianjin port',
      pictures: [],
      description: '',
    });
    expect(calls.some((c) => c.path === SUBMIT)).toBe(false);
    expect(await screen.findByText('Draft saved')).toBeTruthy();
  });

  it('asks a deposit ratio of a margin listing and submits the saved listing for review', async () => {
    const calls = answerCalls({
      ...reference,
      [SAVE]: { data: managedListing('9', 0) },
      [SUBMIT]: { data: managedListing('9', 4) },
    });
    const { onSaved } = show(managedListing('9', 0));
    const box = await dialog();
    expect(within(box).queryByLabelText('Deposit ratio')).toBeNull();
    fireEvent.click(within(box).getByLabelText('Margin listing'));
    const ratio = await within(box).findByLabelText<HTMLInputElement>('Deposit ratio');
    expect(ratio.value).toBe('10');
    fireEvent.change(ratio, { target: { value: '15' } });
    fireEvent.click(await findButton('Save and submit for review', box.closest('.ant-modal')!));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: '9', objState: 4 })));
    expect(bodyOf(calls, SAVE)).toEqual(expect.objectContaining({ id: '9', listingType: 'D', depositRatio: 15 }));
    expect(bodyOf(calls, SUBMIT)).toEqual({ id: '9' });
    expect(await screen.findByText('Submitted for review')).toBeTruthy();
  });

  it('takes the currency from the market chosen and locks it', async () => {
    answerCalls(reference);
    show(null);
    await dialog();
    expect(selectOf('Currency').className).not.toContain('disabled');
    await pickOption(selectOf('Market'), 'Hong Kong market');
    await waitFor(() => expect(selectOf('Currency').textContent).toContain('HKD'));
    // The lock follows the watched market, a render after the currency is set.
    await waitFor(() => expect(selectOf('Currency').className).toContain('disabled'));
    expect(await screen.findByText('The market’s currency')).toBeTruthy();
  });

  it('warns that saving a listing on sale takes it off the market', async () => {
    answerCalls(reference);
    show(managedListing('4', 1));
    const box = await dialog();
    expect(box.textContent).toContain('saving a change takes it off the market until it is approved again');
  });

  it('shows a refusal that names no field as a message and keeps the dialog open', async () => {
    const calls = answerCalls({ ...reference, [SAVE]: { error: { code: '10409', message: 'The market is closed', status: 409 } } });
    const { onSaved } = show(managedListing('1', 0));
    const box = await dialog();
    fireEvent.click(await findButton('Save and submit for review', box.closest('.ant-modal')!));
    expect(await screen.findByText('The market is closed')).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
    expect(calls.some((c) => c.path === SUBMIT)).toBe(false);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
