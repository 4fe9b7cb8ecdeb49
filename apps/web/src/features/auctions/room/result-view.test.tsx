import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AuctionResult } from '@portal/contracts/auction-trade';
import { initI18n } from '../../../i18n/index';
import { answerCalls } from '../../../test/fake-server';
import { ResultView } from './result-view';

beforeAll(async () => {
  await initI18n('zh-CN', ['auction']);
});
afterEach(cleanup);

const bid = (seq: number, alias: string, price: number, quantity = 100) => ({
  seq,
  pieceId: '9',
  alias,
  companyName: '',
  price,
  quantity,
  time: '2026-05-01T08:30:00.000Z',
  state: 'valid' as const,
  mine: alias === '竞买人 2',
  digest: `${String(seq).repeat(8)}${'a'.repeat(56)}`,
});

const result = (mode: number): AuctionResult => ({
  spaceId: '41',
  spaceName: '第 12 期动力煤',
  spaceAuctionMode: mode,
  spaceStatus: 7,
  currency: 'CNY',
  itemList: [
    {
      pieceId: '9',
      pieceName: 'Q5500 动力煤',
      tradeStatus: mode === 6 ? 3 : 1,
      totalWeight: 100,
      statUnit: '吨',
      basePrice: 50_000,
      reservePrice: null,
      endTime: '2026-05-01T09:00:00.000Z',
      dealPrice: 52_000,
      dealQuantity: mode === 6 ? 80 : 100,
      winners:
        mode === 6
          ? [
              { alias: '竞买人 1', companyName: '', price: 53_000, quantity: 50, seq: 3 },
              { alias: '竞买人 2', companyName: '华东钢铁股份有限公司', price: 52_000, quantity: 30, seq: 2 },
            ]
          : [{ alias: '竞买人 1', companyName: '', price: 52_000, quantity: 100, seq: 3 }],
      reserveDecisionBy: '',
    },
  ],
  bids: [bid(1, '竞买人 1', 50_000, 40), bid(2, '竞买人 2', 52_000, 30), bid(3, '竞买人 1', 53_000, 50)],
  digest: 'f'.repeat(64),
});

function show() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <ResultView spaceId="41" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the result of a space', { timeout: 30_000 }, () => {
  it('lists every bid in the server’s order with its link digest, and the chain’s last digest in full', async () => {
    answerCalls({ '/auction/ws/auctionSpaceInfo/result': { data: result(1) } });
    show();
    expect((await screen.findByTestId('result-digest', {}, { timeout: 10_000 })).textContent).toContain('f'.repeat(64));
    const seqs = [...screen.getByTestId('result-history').querySelectorAll('tr.ant-table-row')].map(
      (tr) => tr.querySelector('td')?.textContent,
    );
    expect(seqs).toEqual(['1', '2', '3']);
    expect(screen.getByText('全部出价记录（按服务器序号，共 3 条）')).toBeTruthy();
    expect(screen.getByTestId('result-outcome').textContent).toBe('成交');
    expect(screen.getByText('竞买人 2 (我)')).toBeTruthy();
  });

  it('volume-price: every filled bidder with its price and quantity', async () => {
    answerCalls({ '/auction/ws/auctionSpaceInfo/result': { data: result(6) } });
    show();
    const winners = await screen.findByTestId('result-winners', {}, { timeout: 10_000 });
    expect(winners.querySelectorAll('li')).toHaveLength(2);
    expect(winners.textContent).toContain('华东钢铁股份有限公司');
    expect(winners.textContent).toContain('× 30.000 吨');
    expect(screen.getByTestId('result-outcome').textContent).toBe('部分成交');
  });

  it('says the result is not out before the close, with the server’s words and the way back to the room', async () => {
    answerCalls({ '/auction/ws/auctionSpaceInfo/result': { error: { code: '140020', message: '竞价尚未结束', status: 409 } } });
    show();
    expect(await screen.findByText('本场竞价尚未结束，结果暂未公布', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('竞价尚未结束')).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回竞价室' }).getAttribute('href')).toBe('/auctionBuyerDetail?openType=2&spaceId=41');
  });
});
