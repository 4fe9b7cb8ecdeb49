import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n/index';
import { FeedbackProvider } from '../../shared/feedback';
import { answerCalls } from '../../test/fake-server';
import { OrderActions } from './order-actions';
import { shownActions } from './order-action-rules';

beforeAll(async () => {
  await initI18n('zh-CN', ['trade', 'resource']);
});
afterEach(cleanup);

const order = (actions: string[]) => ({
  orderNo: 'O20260001',
  amount: 125_000,
  currency: 'CNY',
  depositFrozen: 12_500,
  actions: actions as never,
});

function show(actions: string[]) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <FeedbackProvider>
        <OrderActions order={order(actions)} />
      </FeedbackProvider>
    </QueryClientProvider>,
  );
}

const buttonNames = () => screen.queryAllByRole('button').map((b) => b.textContent?.replace(/\s/g, ''));

describe('order actions', () => {
  it('keeps only the calls the server allows, in lifecycle order, ignoring unknown names', () => {
    expect(shownActions(['receive', 'explode', 'confirm'])).toEqual(['confirm', 'receive']);
    expect(shownActions([])).toEqual([]);
  });

  it('shows the seller in state 1 confirm and refuse, nothing else', () => {
    show(['confirm', 'refuse']);
    expect(buttonNames()).toEqual(['确认订单', '拒绝订单']);
  });

  it('shows the buyer awaiting payment only the voucher upload', () => {
    show(['pay']);
    expect(buttonNames()).toEqual(['上传付款凭证']);
  });

  it('shows no buttons when the caller may do nothing now', () => {
    const { container } = show([]);
    expect(container.querySelector('[data-testid="order-actions"]')).toBeNull();
  });

  it('does not refuse without a reason, and sends the reason when given', async () => {
    const calls = answerCalls({ '/commtrade/ws/order/refuse': { data: { ...order([]), state: 9, timeline: [] } } });
    show(['confirm', 'refuse']);
    fireEvent.click(screen.getByRole('button', { name: /拒\s?绝订单/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(dialog.querySelector('.ant-btn-dangerous') as HTMLElement);
    expect(await screen.findByText('请填写此项')).toBeTruthy();
    expect(calls).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('原因（对方可见）'), { target: { value: '库存已售罄' } });
    fireEvent.click(dialog.querySelector('.ant-btn-dangerous') as HTMLElement);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({ path: '/commtrade/ws/order/refuse', body: { orderNo: 'O20260001', note: '库存已售罄', fileIds: [] } });
  });

  it('does not report a payment without a voucher', async () => {
    const calls = answerCalls({});
    show(['pay']);
    fireEvent.click(screen.getByRole('button', { name: /上传付款凭证/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(dialog.querySelector('.ant-modal-footer .ant-btn-primary') as HTMLElement);
    expect(await screen.findByText('请至少上传一个文件')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});
