import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n/index';
import { FeedbackProvider } from '../../shared/feedback';
import { answerCalls } from '../../test/fake-server';
import { auctionPiece, auctionSpace } from '../../test/trading-fixtures';
import { AuctionSpaceDetail, roomHref } from './auction-space-detail';

beforeAll(async () => {
  await initI18n('zh-CN', ['auction', 'trade']);
});
afterEach(cleanup);

/** The shared lot fixture, named and placed in Chinese as this page's texts are. */
const piece = (id: string, tradeStatus: number, reservePrice: number | null) => ({
  ...auctionPiece(id, tradeStatus, reservePrice),
  pieceName: `标的 ${id}`,
  varietyName: '动力煤',
  statUnit: '吨',
  deliveryPlace: '秦皇岛港',
});

/** A finished space whose first lot was sold and whose second waits for the seller's decision on its reserve. */
const space = auctionSpace('41', 7, {
  spaceName: '第 12 期动力煤',
  name: '动力煤',
  auctionBeginTime: '2026-05-01T08:00:00.000Z',
  auctionEndTime: '2026-05-01T09:00:00.000Z',
  registrationEndTime: '2026-05-01T08:00:00.000Z',
  spaceInfoUser: '山西晋煤能源有限公司',
  registrationCount: 2,
  createdAt: '2026-04-30T08:00:00.000Z',
  updatedAt: '2026-04-30T08:00:00.000Z',
  itemList: [piece('8', 1, null), piece('9', 4, 60_000)],
});

function show(owner: boolean) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <FeedbackProvider>
        <AuctionSpaceDetail space={space} owner={owner} />
      </FeedbackProvider>
    </QueryClientProvider>,
  );
}

describe('a space in the owner’s and the operator’s drawer', { timeout: 30_000 }, () => {
  it('shows the owner its reserve and the decision only on the piece that missed it', () => {
    answerCalls({});
    show(true);
    expect(screen.getByText('￥600.00')).toBeTruthy();
    expect(screen.getAllByTestId('reserve-accept')).toHaveLength(1);
  });

  it('shows the operator no reserve and no decision', () => {
    answerCalls({});
    show(false);
    expect(screen.queryByText('￥600.00')).toBeNull();
    expect(screen.queryByText('保留价')).toBeNull();
    expect(screen.queryByTestId('reserve-accept')).toBeNull();
  });

  it('declines only after asking, naming the piece', async () => {
    const calls = answerCalls({ '/auction/ws/auctionSpaceInfo/decideReserve': { data: piece('9', 2, 60_000) } });
    show(true);
    fireEvent.click(screen.getByTestId('reserve-decline'));
    await waitFor(() => expect(document.querySelector('.ant-modal-confirm-content')?.textContent).toContain('“标的 9”将以流拍结束'));
    expect(calls).toHaveLength(0);
    fireEvent.click(document.querySelector('.ant-modal-confirm .ant-btn-primary') as HTMLElement);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({ path: '/auction/ws/auctionSpaceInfo/decideReserve', body: { pieceId: '9', accept: false } });
  });

  it('leads to the room while it runs and to the result once closed', () => {
    expect(roomHref({ spaceId: '41', spaceStatus: 4 }, 1)).toBe('/auctionBuyerDetail?openType=1&spaceId=41');
    expect(roomHref({ spaceId: '41', spaceStatus: 2 })).toBe('/auctionBuyerDetail?openType=2&spaceId=41');
    expect(roomHref({ spaceId: '41', spaceStatus: 7 }, 1)).toBe('/auctionBuyerDetail?openType=3&spaceId=41');
  });
});
