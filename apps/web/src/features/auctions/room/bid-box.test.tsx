import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuctionRoomPiece } from '@portal/contracts/auction-trade';
import { initI18n } from '../../../i18n/index';
import { FeedbackProvider } from '../../../shared/feedback';
import { answerCalls } from '../../../test/fake-server';
import { BidBox } from './bid-box';
import { testRoom } from './test-room';

beforeAll(async () => {
  await initI18n('zh-CN', ['auction']);
});
afterEach(cleanup);

function show(mode: number, piece: Partial<AuctionRoomPiece> = {}, onPlaced = vi.fn()) {
  const room = testRoom(mode, piece);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <FeedbackProvider>
        <BidBox spaceId="41" mode={mode} priceStep={5_000} currency="CNY" piece={room.itemList[0]!} onPlaced={onPlaced} />
      </FeedbackProvider>
    </QueryClientProvider>,
  );
  return onPlaced;
}

const limit = () => screen.getByTestId('bid-limit').textContent?.replace(/\s/g, '');
const priceField = () => screen.getByLabelText('出价（单价）') as HTMLInputElement;
const submit = () => screen.getByTestId('bid-submit') as HTMLButtonElement;

/** The confirmation asked before a bid: its title, then its OK button pressed. */
async function confirmDialog() {
  await waitFor(() => expect(document.querySelector('.ant-modal-confirm-title')?.textContent).toBe('确认出价？'));
  fireEvent.click(document.querySelector('.ant-modal-confirm .ant-btn-primary') as HTMLElement);
}

// Each test renders antd's form and a confirmation in jsdom: slower than a unit test on a busy machine.
describe('the bid box', { timeout: 30_000 }, () => {
  it('public ascending: offers the best price plus one step, the lowest acceptable now', () => {
    show(1, { currentPrice: 320_000 });
    expect(limit()).toBe('当前最低可出价￥3,250.00（幅度￥50.00）');
    expect(priceField().value).toBe('3250.00');
  });

  it('public descending: the highest acceptable now, one step under the best', () => {
    show(4, { currentPrice: 280_000 });
    expect(limit()).toBe('当前最高可出价￥2,750.00（幅度￥50.00）');
  });

  it('says why a typed price would be refused, and does not send it', () => {
    show(1, { currentPrice: 320_000 });
    fireEvent.change(priceField(), { target: { value: '3200' } });
    expect(screen.getByText('出价不能低于 ￥3,250.00')).toBeTruthy();
    expect(submit().disabled).toBe(true);
    fireEvent.change(priceField(), { target: { value: '3260' } });
    expect(screen.getByText('出价须为起拍价加减整数个幅度（幅度 ￥50.00）')).toBeTruthy();
    expect(submit().disabled).toBe(true);
  });

  it('moves the price by whole steps', () => {
    show(1);
    fireEvent.click(screen.getByRole('button', { name: '加一个幅度' }));
    fireEvent.click(screen.getByRole('button', { name: '加一个幅度' }));
    expect(priceField().value).toBe('3100.00');
  });

  it('asks before bidding, sends cents with a request id, and tells the seq', async () => {
    const calls = answerCalls({
      '/auction/ws/bid/place': {
        data: {
          bidId: '1',
          spaceId: '41',
          pieceId: '9',
          seq: 7,
          price: 300_000,
          quantity: 5000,
          time: '2026-05-01T08:30:00.000Z',
          state: 'valid',
          endTime: '2026-05-01T09:00:00.000Z',
        },
      },
    });
    const onPlaced = show(1);
    fireEvent.click(submit());
    await waitFor(() => expect(document.querySelector('.ant-modal-confirm')).not.toBeNull());
    expect(calls).toHaveLength(0);
    await confirmDialog();
    await waitFor(() => expect(onPlaced).toHaveBeenCalledTimes(1));
    expect(calls[0]!.body).toMatchObject({ spaceId: '41', pieceId: '9', price: 300_000 });
    expect((calls[0]!.body as { requestId: string }).requestId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect((calls[0]!.body as { quantity?: number }).quantity).toBeUndefined();
  });

  it('shows the server’s refusal in its own words', async () => {
    answerCalls({ '/auction/ws/bid/place': { error: { code: '140006', message: '出价过低，当前最低可出 ￥3,050.00', status: 409 } } });
    show(1);
    fireEvent.click(submit());
    await confirmDialog();
    expect((await screen.findByTestId('bid-refusal')).textContent).toContain('出价过低，当前最低可出 ￥3,050.00');
  });

  it('volume-price: asks for a quantity on the minimum-plus-steps grid and sends it', async () => {
    const calls = answerCalls({
      '/auction/ws/bid/place': {
        data: {
          bidId: '1',
          spaceId: '41',
          pieceId: '9',
          seq: 1,
          price: 300_000,
          quantity: 150,
          time: '2026-05-01T08:30:00.000Z',
          state: 'valid',
          endTime: '2026-05-01T09:00:00.000Z',
        },
      },
    });
    show(6);
    const quantity = screen.getByLabelText('申报数量（吨）');
    fireEvent.change(quantity, { target: { value: '120' } });
    expect(screen.getByText('数量须为 100.000 吨 加整数个 50.000 吨')).toBeTruthy();
    expect(submit().disabled).toBe(true);
    fireEvent.change(quantity, { target: { value: '150' } });
    fireEvent.click(submit());
    await confirmDialog();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toMatchObject({ price: 300_000, quantity: 150 });
  });
});
