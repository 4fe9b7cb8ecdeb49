import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Article, ArticleSummary } from '@portal/contracts/cms';
import { initI18n } from '../../i18n/index';
import { answerRequests, type SeenRequest } from '../../test/back-office-harness';
import { HelpPage } from './help-page';
import { NewsDetailPage } from './news-detail-page';
import { NewsListPage } from './news-list-page';

beforeAll(async () => {
  await initI18n('zh-CN', ['portal', 'content', 'common']);
});
afterEach(cleanup);

const TYPES = '/cms/api/portal/cms/get_newstype_by_page';
const SEARCH = '/cms/api/portal/cms/content/news/search';
const ARTICLE = '/cms/api/portal/cms/content/news/get';

const summary = (id: string, name: string, type = 'industry', typeName = '行业资讯'): ArticleSummary => ({
  id,
  articleName: name,
  articleRemark: `${name}的摘要`,
  publishDate: '2026-11-20T08:00:00.000Z',
  articalSubType: type,
  articalSubTypeName: typeName,
});
const article = (id: string, name: string, text = '<p>正文</p>'): Article => ({ ...summary(id, name), articleText: text });

/** Where the router is now, so a test can see the address a click led to. */
function Address() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

function visit(entry: string) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/newsList" element={<NewsListPage />} />
          <Route path="/newsList/detail" element={<NewsDetailPage />} />
          <Route path="/help" element={<HelpPage />} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
        <Address />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
const address = () => screen.getByTestId('address').textContent;
const searches = (seen: SeenRequest[]) => seen.filter((r) => r.path === SEARCH).map((r) => r.body);

function newsServer(rows: (body: Record<string, unknown>) => { rows: ArticleSummary[]; total: number }) {
  return answerRequests((request) => {
    if (request.path === TYPES)
      return {
        data: {
          rows: [
            { dictValue: 'industry', dictText: '行业资讯' },
            { dictValue: 'notice', dictText: '平台公告' },
          ],
        },
      };
    if (request.path === SEARCH) return { data: rows(request.body as Record<string, unknown>) };
    return undefined;
  });
}

describe('the news list', { timeout: 120_000 }, () => {
  it('lists every column’s news ten to a page, each marked with its column', async () => {
    const seen = newsServer(() => ({
      rows: [summary('1', '动力煤价格企稳'), summary('2', '平台春节安排', 'notice', '平台公告')],
      total: 2,
    }));
    visit('/newsList');
    const list = await screen.findByRole('region', { name: '全部资讯' });
    await within(list).findByText('动力煤价格企稳');
    expect(within(list).getByText('行业资讯')).toBeTruthy();
    expect(within(list).getByText('平台公告')).toBeTruthy();
    expect(within(list).getAllByText('2026-11-20')).toHaveLength(2);
    expect(within(list).getByText('共 2 条')).toBeTruthy();
    expect(searches(seen)).toEqual([{ page_no: 1, page_size: 10 }]);
    expect(within(list).getByRole('link', { name: '动力煤价格企稳' }).getAttribute('href')).toBe('/newsList/detail?id=1');
    const all = await screen.findByRole('link', { name: '全部资讯' });
    expect(all.getAttribute('aria-current')).toBe('page');
    expect(document.title).toContain('新闻中心');
  });

  it('narrows to a column from the side menu, naming it in the breadcrumb, without the column tags', async () => {
    const seen = newsServer((body) =>
      body.artical_sub_type === 'notice'
        ? { rows: [summary('2', '平台春节安排', 'notice', '平台公告')], total: 1 }
        : { rows: [summary('1', '动力煤价格企稳')], total: 1 },
    );
    visit('/newsList');
    await screen.findByText('动力煤价格企稳');
    fireEvent.click(screen.getByRole('link', { name: '平台公告' }));
    const list = await screen.findByRole('region', { name: '平台公告' });
    await within(list).findByText('平台春节安排');
    expect(address()).toBe('/newsList?type=notice');
    expect(searches(seen).at(-1)).toEqual({ page_no: 1, page_size: 10, artical_sub_type: 'notice' });
    expect(within(list).queryByText('平台公告', { selector: '.cms-article-type' })).toBeNull();
    expect(document.querySelector('.cms-breadcrumb')!.textContent).toContain('平台公告');
    expect(screen.getByRole('link', { name: '平台公告' }).getAttribute('aria-current')).toBe('page');
  });

  it('ignores a column code that is not one and a page number that is not a page', async () => {
    const seen = newsServer(() => ({ rows: [summary('1', '动力煤价格企稳')], total: 1 }));
    visit('/newsList?type=%3Cscript%3E&page=-4');
    await screen.findByText('动力煤价格企稳');
    expect(searches(seen)).toEqual([{ page_no: 1, page_size: 10 }]);
    expect(screen.getByRole('region', { name: '全部资讯' })).toBeTruthy();
  });

  it('reads the page from the address and writes the next page to it', async () => {
    const seen = newsServer((body) => ({
      rows: [summary(String(body.page_no), `第 ${String(body.page_no)} 页的新闻`)],
      total: 35,
    }));
    visit('/newsList?type=industry&page=3');
    await screen.findByText('第 3 页的新闻');
    expect(searches(seen)[0]).toEqual({ page_no: 3, page_size: 10, artical_sub_type: 'industry' });
    fireEvent.click(screen.getByTitle('4'));
    await screen.findByText('第 4 页的新闻');
    expect(address()).toBe('/newsList?type=industry&page=4');
    fireEvent.click(screen.getByTitle('1'));
    await screen.findByText('第 1 页的新闻');
    // The first page has no page number in the address.
    expect(address()).toBe('/newsList?type=industry');
  });

  it('says so when a column has no news yet', async () => {
    newsServer(() => ({ rows: [], total: 0 }));
    visit('/newsList?type=notice');
    const list = await screen.findByRole('region', { name: '平台公告' });
    expect(await within(list).findByText('暂无数据')).toBeTruthy();
  });

  it('shows a failed list with a retry', async () => {
    let fail = true;
    answerRequests((request) => {
      if (request.path === TYPES) return { data: { rows: [] } };
      if (request.path === SEARCH)
        return fail
          ? { error: { code: '100500', message: '内容服务不可用', status: 500 } }
          : { data: { rows: [summary('1', '恢复后的新闻')], total: 1 } };
      return undefined;
    });
    visit('/newsList');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('内容服务不可用');
    fail = false;
    fireEvent.click(within(alert).getByRole('button'));
    expect(await screen.findByText('恢复后的新闻')).toBeTruthy();
  });
});

describe('a news article', { timeout: 120_000 }, () => {
  it('shows its title, column, date and body', async () => {
    const seen = answerRequests((request) =>
      request.path === ARTICLE && request.query.get('news_id') === '12'
        ? { data: article('12', '焦煤期货大涨', '<p>今日焦煤主力合约<strong>上涨 5%</strong>。</p>') }
        : undefined,
    );
    visit('/newsList/detail?id=12');
    expect(await screen.findByRole('heading', { name: '焦煤期货大涨' })).toBeTruthy();
    expect(screen.getByText('上涨 5%').tagName).toBe('STRONG');
    const column = screen.getAllByRole('link', { name: '行业资讯' });
    expect(column.map((a) => a.getAttribute('href'))).toContain('/newsList?type=industry');
    expect(screen.getByText('2026-11-20', { exact: false })).toBeTruthy();
    expect(seen.filter((r) => r.path === ARTICLE)).toHaveLength(1);
    await waitFor(() => expect(document.title).toContain('焦煤期货大涨'));
  });

  it('says the article is gone for an id that is not one, without asking the server', async () => {
    const seen = answerRequests(() => undefined);
    visit('/newsList/detail?id=abc');
    expect(await screen.findByText('文章不存在或已被删除')).toBeTruthy();
    expect(seen).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: '返回新闻列表' }));
    await waitFor(() => expect(address()).toBe('/newsList'));
  });

  it('says the article is gone when the server does not know it', async () => {
    answerRequests((request) =>
      request.path === ARTICLE ? { error: { code: '100404', message: '文章不存在', status: 404 } } : { data: { rows: [] } },
    );
    visit('/newsList/detail?id=99');
    expect(await screen.findByText('文章不存在或已被删除')).toBeTruthy();
  });
});

describe('the help centre', { timeout: 120_000 }, () => {
  function helpServer(rows: ArticleSummary[]) {
    return answerRequests((request) => {
      if (request.path === SEARCH) return { data: { rows, total: rows.length } };
      if (request.path === ARTICLE) {
        const id = request.query.get('news_id')!;
        const row = rows.find((r) => r.id === id);
        return row ? { data: { ...row, articleText: `<p>${row.articleName}的说明</p>` } } : undefined;
      }
      return undefined;
    });
  }
  const help = [summary('5', '如何注册', 'helpCenter', '帮助中心'), summary('6', '如何挂牌', 'helpCenter', '帮助中心')];

  it('asks for the help column and opens its first article', async () => {
    const seen = helpServer(help);
    visit('/help');
    expect(await screen.findByText('如何注册的说明')).toBeTruthy();
    expect(seen.find((r) => r.path === SEARCH)?.body).toEqual({ page_no: 1, page_size: 99, artical_sub_type: 'helpCenter' });
    const menu = screen.getByRole('navigation', { name: '帮助目录' });
    expect(within(menu).getByRole('link', { name: '如何注册' }).getAttribute('aria-current')).toBe('page');
  });

  it('opens the article the address names, and another from the menu', async () => {
    helpServer(help);
    visit('/help?id=6');
    expect(await screen.findByText('如何挂牌的说明')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: '如何注册' }));
    expect(await screen.findByText('如何注册的说明')).toBeTruthy();
    expect(address()).toBe('/help?id=5');
  });

  it('falls back to the first article for an id not in the menu', async () => {
    const seen = helpServer(help);
    visit('/help?id=777');
    expect(await screen.findByText('如何注册的说明')).toBeTruthy();
    expect(seen.filter((r) => r.path === ARTICLE).map((r) => r.query.get('news_id'))).toEqual(['5']);
  });

  it('asks the visitor to contact the administrator when there is no help yet', async () => {
    const seen = helpServer([]);
    visit('/help');
    expect(await screen.findByText('请联系管理员配置')).toBeTruthy();
    expect(seen.some((r) => r.path === ARTICLE)).toBe(false);
  });
});
