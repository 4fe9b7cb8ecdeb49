import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { VarietyNode } from '@portal/contracts/commtrade';
import type { ListingSearchBody } from '@portal/contracts/listings';
import { initI18n } from '../../i18n/index';
import { FeedbackProvider } from '../../shared/feedback';
import { answerCalls, type RecordedCall } from '../../test/fake-server';
import { ListingMarketPage } from './listing-market-page';

beforeAll(async () => {
  await initI18n('zh-CN', ['trading']);
});
afterEach(cleanup);

const node = (code: string, shortName: string, children: VarietyNode[] = [], level = 1): VarietyNode => ({
  id: code,
  code,
  parCode: '',
  shortName,
  level,
  children,
});
const tree = [node('COAL', '煤炭', [node('COAL-STEAM', '动力煤', [], 2), node('COAL-COKING', '焦煤', [], 2)]), node('UREA', '尿素')];
const SEARCH = '/listing/ws/listing/portalSalePage';

function show(address = '/onListing'): RecordedCall[] {
  const calls = answerCalls({
    '/commtrade/ws/variety/portalQueryVarietyTree': { data: tree },
    '/commtrade/ext/cb/queryMarketListByModeForCms': { data: [{ marketId: 'M01', marketNameZh: '现货市场' }] },
    '/commtrade/comm/queryListingMoneyTypeList': { data: [] },
    '/commtrade/ws/shop/getRecommend': { data: [] },
    [SEARCH]: (body) => ({
      data: { items: [], totalItem: 0, totalCapped: false, pageNo: (body as ListingSearchBody).pageNo, pageSize: 8 },
    }),
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <FeedbackProvider>
        <MemoryRouter initialEntries={[address]}>
          <ListingMarketPage />
        </MemoryRouter>
      </FeedbackProvider>
    </QueryClientProvider>,
  );
  return calls;
}

const searches = (calls: RecordedCall[]) => calls.filter((c) => c.path === SEARCH).map((c) => c.body as ListingSearchBody);
const lastSearch = (calls: RecordedCall[]) => searches(calls).at(-1);
const tag = (name: string) => screen.getByRole('button', { name });
// antd renders slowly in jsdom on a busy machine.
const WAIT = { timeout: 4000 };

describe('the listing market page', { timeout: 30_000 }, () => {
  it('searches newest first on page 1 at once', async () => {
    const calls = show();
    await waitFor(() => expect(lastSearch(calls)).toEqual({ sortField: 2, sortAsc: 0, pageNo: 1, pageSize: 8 }));
  });

  it('follows the variety asked for in the address once the tree has arrived, down to its level', async () => {
    const calls = show('/onListing?varietyCode=COAL-STEAM');
    await waitFor(() => expect(lastSearch(calls)?.varietyCode).toBe('COAL-STEAM'), WAIT);
    expect(tag('煤炭').getAttribute('aria-pressed')).toBe('true');
    expect(tag('动力煤').getAttribute('aria-pressed')).toBe('true');
    // The person's own choice then wins over the address.
    fireEvent.click(tag('尿素'));
    await waitFor(() => expect(lastSearch(calls)?.varietyCode).toBe('UREA'));
    expect(screen.queryByRole('button', { name: '动力煤' })).toBeNull();
  });

  it('searches a chosen tag at once, and clears it when chosen again', async () => {
    const calls = show();
    fireEvent.click(await screen.findByRole('button', { name: '现货市场' }, WAIT));
    await waitFor(() => expect(lastSearch(calls)?.marketCode).toBe('M01'));
    expect(tag('现货市场').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(tag('现货市场'));
    // Back to the first search, whose answer is still fresh: shown again without asking.
    await waitFor(() => expect(tag('现货市场').getAttribute('aria-pressed')).toBe('false'));
    expect(searches(calls).map((b) => b.marketCode)).toEqual([undefined, 'M01']);
  });

  it('marks a minimum above its maximum and searches neither while it stands', async () => {
    const calls = show();
    await waitFor(() => expect(searches(calls)).toHaveLength(1));
    fireEvent.change(screen.getByLabelText('最低价（元）'), { target: { value: '9' } });
    fireEvent.change(screen.getByLabelText('最高价（元）'), { target: { value: '5' } });
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByLabelText('最低价（元）').getAttribute('aria-invalid')).toBe('true');
    // Longer than the pause after typing: the settled values would have been searched by now.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(searches(calls).some((b) => b.minSinglePrice !== undefined)).toBe(false);
    // Fixing the range searches it, in cents.
    fireEvent.change(screen.getByLabelText('最高价（元）'), { target: { value: '12' } });
    await waitFor(() => expect(lastSearch(calls)).toMatchObject({ minSinglePrice: 900, maxSinglePrice: 1200, pageNo: 1 }), {
      timeout: 3000,
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('puts every filter and the sort back with reset', async () => {
    const calls = show();
    fireEvent.click(await screen.findByRole('button', { name: '现货市场' }, WAIT));
    fireEvent.click(screen.getByRole('button', { name: /价格/ }));
    await waitFor(() => expect(lastSearch(calls)).toMatchObject({ marketCode: 'M01', sortField: 1, sortAsc: 1 }));
    const searched = searches(calls).length;
    fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(tag('现货市场').getAttribute('aria-pressed')).toBe('false'));
    expect(screen.getByRole('button', { name: /价格/ }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: /发布时间/ }).getAttribute('aria-pressed')).toBe('true');
    // The first search's answer is still fresh: shown again without asking.
    expect(searches(calls)).toHaveLength(searched);
  });
});
