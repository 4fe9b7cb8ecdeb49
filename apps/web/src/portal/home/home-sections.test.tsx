import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ArticleSummary, PriceIndex } from '@portal/contracts/cms';
import { initI18n } from '../../i18n/index';
import { answerRequests, type SeenRequest } from '../../test/back-office-harness';
import { IndustryNews } from './industry-news';
import { NoticeTabs } from './notice-tabs';
import { PriceIndexStrip } from './price-index-strip';

beforeAll(async () => {
  await initI18n('zh-CN', ['portal', 'common']);
});
afterEach(cleanup);

const SEARCH = '/cms/api/portal/cms/content/news/search';
const INDICES = '/cms/admin/content/price_index/getPriceIndexList';

const notice = (id: string, name: string, type: string): ArticleSummary => ({
  id,
  articleName: name,
  articleRemark: '',
  publishDate: '2026-11-03T08:00:00.000Z',
  articalSubType: type,
  articalSubTypeName: '',
});

function show(ui: ReactNode) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}
const searched = (seen: SeenRequest[]) => seen.filter((r) => r.path === SEARCH).map((r) => r.body);

describe('the notice tabs of the home page', { timeout: 120_000 }, () => {
  const longTitle = '关于山西焦煤集团2026年第四季度主焦煤公开竞价销售的招标公告（第二批次）补充说明';
  function serve() {
    return answerRequests((request) => {
      if (request.path !== SEARCH) return undefined;
      const type = (request.body as { artical_sub_type: string }).artical_sub_type;
      return type === 'BID_NOTICE'
        ? { data: { rows: [notice('1', longTitle, type), notice('2', '尿素竞价公告', type)], total: 2 } }
        : { data: { rows: [notice('3', '动力煤成交公告', type)], total: 1 } };
    });
  }

  it('starts on the bidding notices, six at most, with long titles cut and kept whole in the tooltip', async () => {
    const seen = serve();
    show(<NoticeTabs />);
    const link = await screen.findByRole('link', { name: /关于山西焦煤集团/ });
    expect(link.textContent).toBe(`${Array.from(longTitle).slice(0, 32).join('')}…`);
    expect(link.getAttribute('title')).toBe(longTitle);
    expect(link.getAttribute('href')).toBe('/newsList/detail?id=1');
    expect(screen.getAllByText('11-03')).toHaveLength(2);
    expect(searched(seen)).toEqual([{ page_no: 1, page_size: 6, artical_sub_type: 'BID_NOTICE' }]);
    expect(screen.getByRole('tab', { name: '招标竞价公告' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('link', { name: '更多招标竞价公告' }).getAttribute('href')).toBe('/newsList?type=BID_NOTICE');
  });

  it('switches to the deal notices by click, with "more" following the tab', async () => {
    serve();
    show(<NoticeTabs />);
    await screen.findByText('尿素竞价公告');
    fireEvent.click(screen.getByRole('tab', { name: '成交公告' }));
    expect(await screen.findByText('动力煤成交公告')).toBeTruthy();
    expect(screen.queryByText('尿素竞价公告')).toBeNull();
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe('notice-tab-DEAL_NOTICE');
    expect(screen.getByRole('link', { name: '更多成交公告' }).getAttribute('href')).toBe('/newsList?type=DEAL_NOTICE');
  });

  it('moves between the tabs with the arrow keys, wrapping around, and moves the focus too', async () => {
    serve();
    show(<NoticeTabs />);
    const bid = screen.getByRole('tab', { name: '招标竞价公告' });
    const deal = screen.getByRole('tab', { name: '成交公告' });
    expect(bid.tabIndex).toBe(0);
    expect(deal.tabIndex).toBe(-1);
    fireEvent.keyDown(bid, { key: 'ArrowRight' });
    await waitFor(() => expect(deal.getAttribute('aria-selected')).toBe('true'));
    expect(document.activeElement).toBe(deal);
    fireEvent.keyDown(deal, { key: 'ArrowRight' });
    await waitFor(() => expect(bid.getAttribute('aria-selected')).toBe('true'));
    fireEvent.keyDown(bid, { key: 'ArrowLeft' });
    await waitFor(() => expect(deal.getAttribute('aria-selected')).toBe('true'));
    fireEvent.keyDown(deal, { key: 'Enter' });
    expect(deal.getAttribute('aria-selected')).toBe('true');
  });

  it('says there are no notices rather than leaving the card blank', async () => {
    answerRequests((request) => (request.path === SEARCH ? { data: { rows: [], total: 0 } } : undefined));
    show(<NoticeTabs />);
    expect(await screen.findByText('暂无数据')).toBeTruthy();
  });
});

describe('the industry news of the home page', { timeout: 120_000 }, () => {
  it('shows the newest items with summary and date, and links to the column', async () => {
    const seen = answerRequests((request) =>
      request.path === SEARCH
        ? { data: { rows: [{ ...notice('9', '煤价周评', 'NEWS'), articleRemark: '本周动力煤价格小幅上涨' }], total: 1 } }
        : undefined,
    );
    show(<IndustryNews />);
    expect((await screen.findByRole('link', { name: '煤价周评' })).getAttribute('href')).toBe('/newsList/detail?id=9');
    expect(screen.getByText('本周动力煤价格小幅上涨')).toBeTruthy();
    expect(screen.getByText('2026-11-03')).toBeTruthy();
    const more = screen.getByRole('link', { name: '更多行业资讯' });
    const type = (searched(seen)[0] as { artical_sub_type: string }).artical_sub_type;
    expect(more.getAttribute('href')).toBe(`/newsList?type=${type}`);
  });

  it('shows a failure with a retry', async () => {
    let fail = true;
    answerRequests((request) =>
      request.path === SEARCH
        ? fail
          ? { error: { code: '100500', message: '内容服务不可用', status: 500 } }
          : { data: { rows: [notice('9', '煤价周评', 'NEWS')], total: 1 } }
        : undefined,
    );
    show(<IndustryNews />);
    const alert = await screen.findByRole('alert');
    fail = false;
    fireEvent.click(within(alert).getByRole('button'));
    expect(await screen.findByText('煤价周评')).toBeTruthy();
  });
});

describe('the price index strip', { timeout: 120_000 }, () => {
  const index = (goodsName: string, priceIndex: number, day: number, month: number, year: number): PriceIndex => ({
    goodsName,
    priceIndex,
    indexDate: '2026-11-24',
    comparedWithYesterday: day,
    comparedWithLastMonth: month,
    yearOnYear: year,
    source: 'operator',
    varietyCode: '',
  });

  it('shows each index with its date and signed changes, the direction also in words', async () => {
    answerRequests((request) =>
      request.path === INDICES ? { data: [index('动力煤', 1234.5, 1.29, -2.16, 0), index('尿素', 2100, -0.5, 0, 3.1)] } : undefined,
    );
    show(<PriceIndexStrip />);
    const coal = (await screen.findByText('动力煤')).closest('li')!;
    expect(screen.getByText('指数日期 2026-11-24')).toBeTruthy();
    expect(within(coal).getByText('1,234.50')).toBeTruthy();
    const changes = [...coal.querySelectorAll('.price-change')].map((c) => c.textContent);
    expect(changes).toEqual(['日环比上涨+1.29%', '月环比下跌-2.16%', '同比持平0.00%']);
    expect(coal.querySelector('.price-index-value')!.className).toContain('trend-up');
    const urea = screen.getByText('尿素').closest('li')!;
    expect(urea.querySelector('.price-index-value')!.className).toContain('trend-down');
    expect(within(urea).getByText('2,100.00')).toBeTruthy();
  });

  it('holds the cards’ place while loading, and says when there are no indices', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { setTransport } = await import('../../api/client');
    setTransport(async () => {
      await gate;
      return new Response(JSON.stringify({ return_code: '0', error_no: '0', error_info: '', data: [] }), {
        headers: { 'content-type': 'application/json' },
      });
    });
    show(<PriceIndexStrip />);
    const placeholder = screen.getByRole('list', { name: '价格指数' });
    expect(placeholder.getAttribute('aria-busy')).toBe('true');
    expect(placeholder.querySelectorAll('li')).toHaveLength(6);
    release();
    expect(await screen.findByText('暂无数据')).toBeTruthy();
    expect(screen.queryByText(/指数日期/)).toBeNull();
  });
});
