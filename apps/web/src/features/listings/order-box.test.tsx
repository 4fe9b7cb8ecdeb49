import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '@portal/contracts/account';
import type { ListingDetail } from '@portal/contracts/listings';
import { initI18n } from '../../i18n/index';
import { answerCalls } from '../../test/fake-server';
import { CURRENT_USER_KEY } from '../../shared/use-current-user';
import { OrderBox, orderAmount } from './order-box';

beforeAll(async () => {
  await initI18n('zh-CN', ['trade']);
});
afterEach(cleanup);

const listing = {
  tradeListingCode: 'L2026000001',
  objState: 1,
  holdBs: 2,
  listingType: 'D',
  singlePrice: 250_000,
  currency: 'CNY',
  objMinNum: 10,
  objStepNum: 2.5,
  depositRatio: 10,
  surplusListingNum: 100,
  skuList: [{ goodsSkuName: '尿素', varietyUnit: '吨', specs: [] }],
} as unknown as ListingDetail;

const buyer = { currUserId: '7', userId: '7', realName: '张三', nickName: 'buyer01', mobilePhone: '13800000001' } as CurrentUser;

function show(user: CurrentUser | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(CURRENT_USER_KEY, user);
  return render(
    <QueryClientProvider client={client}>
      <OrderBox listing={listing} />
    </QueryClientProvider>,
  );
}

const quantityField = () => screen.getByRole('spinbutton');
async function fillAndSend(quantity: string) {
  fireEvent.change(quantityField(), { target: { value: quantity } });
  fireEvent.change(screen.getByLabelText('收货地址'), { target: { value: '天津港 3 号库' } });
  fireEvent.click(screen.getByTestId('order-submit'));
}
/** The confirmation beside the button, once the form's values passed their checks. */
const confirmation = () => screen.findByTestId('order-confirm-text', {}, { timeout: 5_000 });
async function confirmOrder() {
  await confirmation();
  fireEvent.click(document.getElementById('order-confirm')!);
}
async function sendAndConfirm(quantity: string) {
  await fillAndSend(quantity);
  await confirmOrder();
}

describe('the order box', { timeout: 30_000 }, () => {
  it('asks a visitor to sign in instead of showing the form', () => {
    show(null);
    expect(screen.getByRole('button', { name: /登录后下单/ })).toBeTruthy();
    expect(screen.queryByRole('spinbutton')).toBeNull();
  });

  it('explains the minimum, the step and what is left, and starts at the minimum', () => {
    show(buyer);
    expect(screen.getByText('起订 10.000 吨，按 2.500 吨 递增，剩余 100.000 吨')).toBeTruthy();
    expect((quantityField() as HTMLInputElement).value).toBe('10.000');
  });

  it('refuses an off-step quantity with the nearest valid ones, and sends nothing', async () => {
    const calls = answerCalls({});
    show(buyer);
    await fillAndSend('11');
    expect(await screen.findByText('须为起订量加整数个 2.500 吨，如 10.000 吨 或 12.500 吨')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('refuses more than is left', async () => {
    const calls = answerCalls({});
    show(buyer);
    await fillAndSend('102.5');
    expect(await screen.findByText('库存不足，当前仅剩 100.000 吨')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('shows the amount and the deposit a margin order freezes', async () => {
    show(buyer);
    fireEvent.change(quantityField(), { target: { value: '12.5' } });
    await waitFor(() => expect(screen.getByTestId('order-estimate').textContent).toContain('￥31,250.00'));
    expect(screen.getByTestId('order-estimate').textContent).toContain('￥3,125.00');
    expect(orderAmount(1, 0.5)).toBe(1);
  });

  it('asks first with the amount and the deposit to be frozen, and the success says what was frozen', async () => {
    const calls = answerCalls({
      '/commtrade/ws/order/place': { data: { orderNo: 'O3', amount: 3_125_000, currency: 'CNY', depositFrozen: 312_500 } },
    });
    show(buyer);
    await fillAndSend('12.5');
    const question = await confirmation();
    expect(question.textContent).toContain('订货 12.500 吨，货款 ￥31,250.00。');
    expect(question.textContent).toContain('冻结 ￥3,125.00（货款的 10%）');
    // Nothing is sent until the buyer confirms; "not yet" sends nothing at all.
    expect(calls).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: '再看看' }));
    await waitFor(() => expect(document.querySelector('.ant-popover-hidden')).not.toBeNull());
    expect(calls).toHaveLength(0);
    fireEvent.click(screen.getByTestId('order-submit'));
    await confirmOrder();
    expect(await screen.findByText('下单成功，订单号 O3')).toBeTruthy();
    expect(calls).toHaveLength(1);
    expect(screen.getByTestId('order-frozen').textContent).toBe('已从保证金账户冻结 ￥3,125.00。');
  });

  it('sends the same request id again when the answer was lost, so a retry is one order', async () => {
    let attempt = 0;
    const calls = answerCalls({
      '/commtrade/ws/order/place': () => (++attempt === 1 ? 'network' : { data: { orderNo: 'O1', amount: 3_125_000, currency: 'CNY' } }),
    });
    show(buyer);
    await sendAndConfirm('12.5');
    expect(await screen.findByTestId('order-refusal')).toBeTruthy();
    fireEvent.click(screen.getByTestId('order-submit'));
    await confirmOrder();
    expect(await screen.findByText('下单成功，订单号 O1')).toBeTruthy();
    expect(calls).toHaveLength(2);
    const [first, second] = calls.map((c) => c.body as { requestId: string; quantity: number });
    expect(first!.quantity).toBe(12.5);
    expect(second!.requestId).toBe(first!.requestId);
  });

  it('shows a refusal and makes the next attempt a new one', async () => {
    let attempt = 0;
    const calls = answerCalls({
      '/commtrade/ws/order/place': () =>
        ++attempt === 1
          ? { error: { code: '120003', message: '可用保证金不足，还差 ￥125.00', status: 400 } }
          : { data: { orderNo: 'O2', amount: 2_500_000, currency: 'CNY' } },
    });
    show(buyer);
    await sendAndConfirm('10');
    expect(await screen.findByText('可用保证金不足，还差 ￥125.00')).toBeTruthy();
    fireEvent.click(screen.getByTestId('order-submit'));
    await confirmOrder();
    await screen.findByText('下单成功，订单号 O2');
    const [first, second] = calls.map((c) => c.body as { requestId: string });
    expect(second!.requestId).not.toBe(first!.requestId);
  });
});
