import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ManagedAuctionSpace } from '@portal/contracts/auction-trade';
import { initI18n } from '../../i18n/index';
import { FeedbackProvider } from '../../shared/feedback';
import { answerCalls } from '../../test/fake-server';
import { toFormValues } from './auction-form-values';
import { AuctionSpaceFormDialog } from './auction-space-form';

beforeAll(async () => {
  await initI18n('zh-CN', ['auction', 'trade', 'resource']);
});
afterEach(cleanup);

const VARIETIES = { '/commtrade/ws/variety/portalQueryVarietyTree': { data: [] } };

/** A rejected space, as the owner edits it again. */
const rejected = {
  ...(toFormValues(null) as object),
  spaceId: '41',
  spaceName: '第 12 期尿素',
  name: '化肥',
  spaceStatus: 3,
  reviewRemark: '请补充交收地点',
  spaceAuctionMode: 1,
  auctionBeginTime: '2026-05-02T08:00:00.000Z',
  auctionEndTime: '2026-05-02T09:00:00.000Z',
  registrationEndTime: '2026-05-02T08:00:00.000Z',
  priceStep: 1_000,
  deposit: 0,
  itemList: [
    {
      id: '9',
      pieceName: '尿素 500 吨',
      varietyCode: 'Q5500',
      totalWeight: 500,
      statUnit: '吨',
      basePrice: 250_000,
      reservePrice: null,
      openBasePrice: 1,
      minBidNum: 0,
      bidStepNum: 0,
      paymentType: 2,
      transportWay: 'B',
      deliveryPlace: '天津港',
      pictures: [],
    },
  ],
} as unknown as ManagedAuctionSpace;

function show(space: ManagedAuctionSpace | null) {
  const onSaved = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <FeedbackProvider>
        <AuctionSpaceFormDialog space={space} onClose={() => undefined} onSaved={onSaved} />
      </FeedbackProvider>
    </QueryClientProvider>,
  );
  return onSaved;
}

// The whole form renders in jsdom: slower than a unit test on a busy machine.
describe('the auction form', { timeout: 30_000 }, () => {
  it('does not save a space without its name, step and piece', async () => {
    const calls = answerCalls(VARIETIES);
    show(null);
    fireEvent.click(screen.getByTestId('auction-save-draft'));
    await waitFor(() => expect(document.querySelectorAll('.ant-form-item-has-error').length).toBeGreaterThan(3));
    expect(calls.filter((c) => c.path.endsWith('/save'))).toHaveLength(0);
  });

  it('offers the sell modes when selling and the buy modes with a ceiling when buying', async () => {
    answerCalls(VARIETIES);
    show(null);
    expect(screen.getByLabelText('公开增价')).toBeTruthy();
    expect(screen.getByLabelText('量价组合')).toBeTruthy();
    expect(screen.queryByLabelText('公开降价')).toBeNull();
    expect(screen.getByText('起拍价（单价）')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('我要买（供应商降价）'));
    await screen.findByLabelText('公开降价');
    expect(screen.queryByLabelText('公开增价')).toBeNull();
    expect(screen.getByText('最高限价（单价）')).toBeTruthy();
  });

  it('asks the bid quantities only in volume-price mode, and anti-sniping only where it applies', async () => {
    answerCalls(VARIETIES);
    show(null);
    expect(screen.queryByText('最小申报量')).toBeNull();
    expect(screen.getByText('延时触发时段')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('量价组合'));
    expect(await screen.findByText('最小申报量')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('自由竞价'));
    await waitFor(() => expect(screen.queryByText('延时触发时段')).toBeNull());
  });

  it('saves an edited space with its piece ids, then submits it', async () => {
    const calls = answerCalls({
      ...VARIETIES,
      '/auction/ws/auctionSpaceInfo/save': { data: { ...rejected, spaceStatus: 3 } },
      '/auction/ws/auctionSpaceInfo/submit': { data: { ...rejected, spaceStatus: 1 } },
    });
    const onSaved = show(rejected);
    expect(screen.getByText('驳回意见：请补充交收地点')).toBeTruthy();
    fireEvent.click(screen.getByTestId('auction-save-submit'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(calls.filter((c) => c.path.startsWith('/auction')).map((c) => c.path)).toEqual([
      '/auction/ws/auctionSpaceInfo/save',
      '/auction/ws/auctionSpaceInfo/submit',
    ]);
    expect(calls.find((c) => c.path.endsWith('/save'))!.body).toMatchObject({ spaceId: '41', priceStep: 1_000 });
    expect((calls.find((c) => c.path.endsWith('/save'))!.body as { itemList: unknown[] }).itemList[0]).toMatchObject({
      id: '9',
      basePrice: 250_000,
    });
    expect(calls.find((c) => c.path.endsWith('/submit'))!.body).toEqual({ spaceId: '41' });
  });
});
