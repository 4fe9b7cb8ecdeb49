import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ManagedTender, TenderBid } from '@portal/contracts/tender-trade';
import { initI18n } from '../../i18n/index';
import { FeedbackProvider } from '../../shared/feedback';
import { answerCalls } from '../../test/fake-server';
import { TenderDetail } from './tender-detail';
import { at, managedTender, openedBid } from './test-fixtures';

beforeAll(async () => {
  await initI18n('zh-CN', ['tender', 'trade']);
});
afterEach(cleanup);

function show(t: ManagedTender, bids: TenderBid[]) {
  const calls = answerCalls({
    '/purchase/ws/tender/detail': { data: t },
    '/purchase/ws/tender/bids': { data: { bidCount: bids.length, opened: t.opening !== null, items: t.opening ? bids : [] } },
  });
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <FeedbackProvider>
          <TenderDetail id="7" onBack={() => undefined} />
        </FeedbackProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return calls;
}

describe('the buyer’s tender', { timeout: 40_000 }, () => {
  it('before the opening shows the count and asks for no bid', async () => {
    const calls = show(managedTender({}), [openedBid('1', '甲公司', 250_000), openedBid('2', '乙公司', 248_000)]);
    expect((await screen.findByTestId('bid-count', {}, { timeout: 15_000 })).textContent).toBe('已收到 2 份投标');
    expect(screen.queryByText('￥250,000.00')).toBeNull();
    expect(calls.some((c) => c.path.endsWith('/tender/bids'))).toBe(false);
  });

  it('shows its description formatted, not as markup', async () => {
    show(managedTender({ description: '<p>含税含运费，<strong>分两批交货</strong>。</p>' }), []);
    const strong = await screen.findByText('分两批交货', {}, { timeout: 15_000 });
    expect(strong.tagName).toBe('STRONG');
    expect(document.body.textContent).not.toContain('<p>');
  });

  it('after the opening shows the record with each digest, the bid table and the evaluation form', async () => {
    const opening = {
      time: at,
      digest: 'chain',
      bids: [
        { bidId: '1', supplierName: '甲公司', version: 2, digest: 'digest-1' },
        { bidId: '2', supplierName: '乙公司', version: 1, digest: 'digest-2' },
      ],
    };
    show(managedTender({ objState: 3, opening }), [openedBid('1', '甲公司', 2_500), openedBid('2', '乙公司', 2_480)]);
    await screen.findByTestId('evaluation-form', {}, { timeout: 15_000 });
    expect(screen.getAllByTestId('opening-digest').map((e) => e.textContent)).toEqual(['digest-1', 'digest-2']);
    expect(screen.getAllByTestId('bid-row')).toHaveLength(2);
    expect(screen.getAllByText('￥2,500.00').length).toBeGreaterThan(0);
  });
});
