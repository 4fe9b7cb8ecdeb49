import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArticlePage, Article, Banner, Enterprise, EnterprisePage, FriendLink, NewsType, PriceIndex } from '@portal/contracts/cms';
import { NEWS_TYPE } from '@portal/contracts/cms-constants';
import { createTestApp, envelope, type TestApp } from '../../test/test-app';
import { createCmsRepo } from './cms.repo';
import { createCmsService } from './cms.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload?: unknown, cookies?: Record<string, string>) =>
  t.app.inject({ method: 'POST', url, ...(payload === undefined ? {} : { payload: payload as object }), ...(cookies ? { cookies } : {}) });
const get = (url: string) => t.app.inject({ method: 'GET', url });

const SEARCH = '/cms/api/portal/cms/content/news/search';
const search = async (payload: Record<string, unknown>) => {
  const res = await post(SEARCH, payload);
  expect(res.statusCode).toBe(200);
  return envelope(res).data as ArticlePage;
};

const countRows = async (table: 'cms_articles' | 'cms_enterprises' | 'cms_banners' | 'files') =>
  Number(
    (
      await t.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('news types', () => {
  it('answers the news-list columns as dictValue/dictText, without the help centre', async () => {
    const body = envelope(await post('/cms/api/portal/cms/get_newstype_by_page', {}));
    expect(body.return_code).toBe('0');
    const rows = (body.data as { rows: NewsType[] }).rows;
    expect(rows.map((r) => r.dictValue)).toEqual(['NEWS', 'BID_NOTICE', 'DEAL_NOTICE', 'POLICY', 'PLATFORM']);
    expect(rows[0]).toEqual({ dictValue: 'NEWS', dictText: '行业资讯' });
  });

  it('refuses an unknown field with 400 naming it', async () => {
    const res = await post('/cms/api/portal/cms/get_newstype_by_page', { evil: 1 });
    expect(res.statusCode).toBe(400);
    expect(envelope(res).error_info).toContain('evil');
  });
});

describe('article search', () => {
  it.each([
    [NEWS_TYPE.news, 3],
    [NEWS_TYPE.bidNotice, 6],
    [NEWS_TYPE.dealNotice, 6],
  ])('answers the home page size for %s, newest first, only of that type', async (type, size) => {
    const page = await search({ page_no: 1, page_size: size, artical_sub_type: type });
    expect(page.rows).toHaveLength(size);
    expect(page.rows.every((r) => r.articalSubType === type)).toBe(true);
    const dates = page.rows.map((r) => r.publishDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(page.total).toBeGreaterThan(size);
  });

  it('pages through every news-list article: rows agree with the total, no repeats, no help articles', async () => {
    const first = await search({ page_no: 1, page_size: 10 });
    expect(first.total).toBeGreaterThanOrEqual(30);
    const seen = new Set<string>();
    const pages = Math.ceil(first.total / 10);
    for (let n = 1; n <= pages; n += 1) {
      const page = await search({ page_no: n, page_size: 10 });
      expect(page.total).toBe(first.total);
      expect(page.rows.length).toBe(n < pages ? 10 : first.total - 10 * (pages - 1));
      for (const row of page.rows) {
        expect(seen.has(row.id)).toBe(false);
        seen.add(row.id);
        expect(row.articalSubType).not.toBe(NEWS_TYPE.help);
      }
    }
    expect(seen.size).toBe(first.total);
    expect((await search({ page_no: pages + 1, page_size: 10 })).rows).toEqual([]);
  });

  it('agrees with the database count for a type', async () => {
    const page = await search({ page_no: 1, page_size: 99, artical_sub_type: NEWS_TYPE.policy });
    const n = await t.database.db
      .selectFrom('cms_articles')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('sub_type', '=', NEWS_TYPE.policy)
      .executeTakeFirstOrThrow();
    expect(page.total).toBe(Number(n.n));
    expect(page.rows).toHaveLength(page.total);
  });

  it('lists the help centre with page size 99 in guide order', async () => {
    const page = await search({ page_no: 1, page_size: 99, artical_sub_type: NEWS_TYPE.help });
    expect(page.total).toBeGreaterThanOrEqual(5);
    expect(page.rows[0]!.articleName).toBe('企业用户注册指南');
  });

  it('answers an empty page for a type that has no articles', async () => {
    expect(await search({ page_no: 1, page_size: 10, artical_sub_type: 'NOPE' })).toEqual({ rows: [], total: 0 });
  });

  it('defaults to page 1 of 10', async () => {
    const page = await search({});
    expect(page.rows).toHaveLength(10);
  });

  it.each([
    ['page_size 0', { page_no: 1, page_size: 0 }, 'page_size'],
    ['page_size 100', { page_no: 1, page_size: 100 }, 'page_size'],
    ['page_no 0', { page_no: 0, page_size: 10 }, 'page_no'],
    ['a text page_no', { page_no: 'x', page_size: 10 }, 'page_no'],
    ['a fractional page size', { page_no: 1, page_size: 2.5 }, 'page_size'],
    ['a type with markup', { page_no: 1, page_size: 10, artical_sub_type: '<b>' }, 'artical_sub_type'],
    ['an unknown field', { page_no: 1, page_size: 10, order: 'id' }, 'order'],
  ])('answers 400 naming the field for %s', async (_label, payload, field) => {
    const res = await post(SEARCH, payload);
    expect(res.statusCode).toBe(400);
    const body = envelope(res);
    expect(body.error_no).toBe('100001');
    expect(body.error_info).toContain(field);
  });

  it('answers 400 for broken JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: SEARCH,
      payload: '{"page_no":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(envelope(res).error_no).toBe('100002');
  });
});

describe('article detail', () => {
  it('answers the article with its rich-text body', async () => {
    const [first] = (await search({ page_no: 1, page_size: 1, artical_sub_type: NEWS_TYPE.news })).rows;
    const res = await get(`/cms/api/portal/cms/content/news/get?news_id=${first!.id}`);
    expect(res.statusCode).toBe(200);
    const article = envelope(res).data as Article;
    expect(article).toMatchObject({
      id: first!.id,
      articleName: first!.articleName,
      articalSubType: 'NEWS',
      articalSubTypeName: '行业资讯',
    });
    expect(article.articleText).toContain('<p>');
  });

  it('answers 404 with the envelope when absent', async () => {
    const res = await get('/cms/api/portal/cms/content/news/get?news_id=999999');
    expect(res.statusCode).toBe(404);
    expect(envelope(res)).toMatchObject({ return_code: '100004', error_no: '100004', data: null });
  });

  it.each(['', 'abc', '0', '1;drop', '1'.repeat(20)])('answers 400 for news_id=%s', async (id) => {
    const res = await get(`/cms/api/portal/cms/content/news/get?news_id=${encodeURIComponent(id)}`);
    expect(res.statusCode).toBe(400);
    expect(envelope(res).error_info).toContain('news_id');
  });

  it('answers 400 when news_id is missing', async () => {
    const res = await get('/cms/api/portal/cms/content/news/get');
    expect(res.statusCode).toBe(400);
    expect(envelope(res).error_info).toContain('news_id');
  });
});

describe('page config, footer, banners, price indices', () => {
  it('answers the page config with the menu logo served from /file/download', async () => {
    const data = envelope(await get('/cms/api/portal/cms/sys/get_system_page_config')).data as { pageLogo: { menuLogo: string } };
    expect(data.pageLogo.menuLogo).toMatch(/^\/file\/download\?fileId=/);
    const logo = await get(data.pageLogo.menuLogo);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toContain('image/svg+xml');
  });

  it('answers an empty footer on the demo data, so the portal shows its own links in the reader’s language', async () => {
    // Cleaning an operator's footer of scripts is checked with the other rich texts below.
    const data = envelope(await get('/cms/api/portal/cms/content/page/footer/get')).data as { footerText: string };
    expect(data.footerText).toBe('');
  });

  it('answers the web_index banners with images that load', async () => {
    const banners = envelope(await post('/cms/api/portal/cms/site/query_by_site_position_code', { ad_position_code: 'web_index' }))
      .data as Banner[];
    expect(banners.length).toBeGreaterThanOrEqual(3);
    for (const b of banners) {
      expect(Object.keys(b).sort()).toEqual(['adAttachment', 'adHyperlinks', 'adImageUrl', 'adTitle', 'adType', 'url']);
      expect((await get(b.adImageUrl)).statusCode).toBe(200);
    }
  });

  it('answers no banners for an unused position, and 400 for a missing or malformed code', async () => {
    expect(envelope(await post('/cms/api/portal/cms/site/query_by_site_position_code', { ad_position_code: 'nowhere' })).data).toEqual([]);
    for (const payload of [{}, { ad_position_code: '' }, { ad_position_code: 'x'.repeat(41) }, { ad_position_code: 5 }]) {
      const res = await post('/cms/api/portal/cms/site/query_by_site_position_code', payload);
      expect(res.statusCode).toBe(400);
      expect(envelope(res).error_info).toContain('ad_position_code');
    }
  });

  it('answers the latest index of each commodity with its comparisons', async () => {
    const rows = envelope(await get('/cms/admin/content/price_index/getPriceIndexList')).data as PriceIndex[];
    const names = rows.map((r) => r.goodsName);
    expect(new Set(names).size).toBe(names.length);
    for (const word of ['动力煤', '尿素', '甲醇', '液氨', '复合肥']) expect(names.some((n) => n.includes(word))).toBe(true);
    const dates = new Set(rows.map((r) => r.indexDate));
    expect(dates.size).toBe(1);
    const methanol = rows.find((r) => r.goodsName === '甲醇')!;
    expect(methanol).toMatchObject({ priceIndex: 2590, comparedWithYesterday: 2.98, comparedWithLastMonth: 3.6, yearOnYear: 4.23 });
  });
});

describe('enterprises', () => {
  const LIST = '/cms/admin/content/enterprise_info/getEnterpriseInfoList';
  it('pages through the enterprises: rows agree with the total', async () => {
    const first = envelope(await get(`${LIST}?page_no=1&page_size=6`)).data as EnterprisePage;
    expect(first.total).toBeGreaterThanOrEqual(8);
    expect(first.rows).toHaveLength(6);
    const second = envelope(await get(`${LIST}?page_no=2&page_size=6`)).data as EnterprisePage;
    expect(second.rows).toHaveLength(Math.min(6, first.total - 6));
    const ids = [...first.rows, ...second.rows].map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(first.rows[0]).not.toHaveProperty('enterpriseIntroduce');
  });

  it('defaults to the home page size', async () => {
    expect((envelope(await get(LIST)).data as EnterprisePage).rows).toHaveLength(6);
  });

  it.each(['page_size=0', 'page_size=51', 'page_no=0', 'page_no=abc'])('answers 400 for %s', async (qs) => {
    const res = await get(`${LIST}?${qs}`);
    expect(res.statusCode).toBe(400);
    expect(envelope(res).error_info).toContain(qs.split('=')[0]!);
  });

  it('answers one enterprise by id (number or text) with its introduction', async () => {
    const [first] = (envelope(await get(LIST)).data as EnterprisePage).rows;
    for (const id of [first!.id, Number(first!.id)]) {
      const res = await post('/cms/admin/content/enterprise_info/get', { id });
      expect(res.statusCode).toBe(200);
      const e = envelope(res).data as Enterprise;
      expect(e.enterpriseName).toBe(first!.enterpriseName);
      expect(e.enterpriseIntroduce).toContain('<p>');
      expect(e.mainBusiness).not.toBe('');
    }
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const missing = await post('/cms/admin/content/enterprise_info/get', { id: 987654 });
    expect(missing.statusCode).toBe(404);
    expect(envelope(missing).error_no).toBe('100004');
    for (const payload of [{}, { id: 'x' }, { id: -1 }, { id: 1.5 }, { id: '01' }, { id: 1, extra: true }]) {
      const res = await post('/cms/admin/content/enterprise_info/get', payload);
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('about us and friend links', () => {
  it('answers the about-us text and logo', async () => {
    const data = envelope(await post('/cms/api/portal/cms/content/about_us/get', {})).data as { logoImageUrl: string; articleText: string };
    expect(data.articleText).toContain('平台简介');
    expect(data.logoImageUrl).toMatch(/^\/file\/download\?fileId=/);
  });

  it('answers null, an empty footer and the default config when nothing is configured', async () => {
    const db = t.database.db;
    const saved = await db.selectFrom('cms_pages').selectAll().execute();
    await db.deleteFrom('cms_pages').execute();
    try {
      expect(envelope(await post('/cms/api/portal/cms/content/about_us/get', {}))).toMatchObject({ return_code: '0', data: null });
      expect(envelope(await get('/cms/api/portal/cms/content/page/footer/get')).data).toEqual({ footerText: '' });
      const config = envelope(await get('/cms/api/portal/cms/sys/get_system_page_config')).data as { siteName: string };
      expect(config.siteName).toBe('大宗商品交易平台');
    } finally {
      await db.insertInto('cms_pages').values(saved).execute();
    }
  });

  it('answers the friend links with logos', async () => {
    const rows = (envelope(await post('/cms/api/portal/cms/content/friend_link/query', {})).data as { rows: FriendLink[] }).rows;
    expect(rows.length).toBeGreaterThanOrEqual(4);
    for (const r of rows) {
      expect(r.url).toMatch(/^https:\/\//);
      expect(r.logo).toMatch(/^\/file\/download\?fileId=/);
    }
  });
});

describe('rich text is sanitised on write', () => {
  const hostile =
    '<p onclick="steal()">Hello <b>world</b><script>alert(1)</script></p>' +
    '<a href="javascript:alert(2)">bad</a><a href="https://example.com" target="_blank">ok</a>' +
    '<img src="x" onerror="alert(3)"><img src="https://example.com/a.png" onload="x()">' +
    '<iframe src="https://evil.example"></iframe><style>p{}</style><svg onload="alert(4)"></svg>' +
    '<a href="JaVaScRiPt:alert(5)">x</a><a href="data:text/html;base64,PHNjcmlwdD4=">d</a>';

  it('removes scripts, event handlers, javascript: and data: URLs from articles', async () => {
    const cms = createCmsService({ repo: createCmsRepo(t.database.db), now: () => new Date() });
    const before = await countRows('cms_articles');
    const id = await cms.saveArticle({ subType: NEWS_TYPE.news, title: '测试', html: hostile, publishDate: '2000-01-01T00:00:00.000Z' });
    expect(await countRows('cms_articles')).toBe(before + 1);
    const text = (envelope(await get(`/cms/api/portal/cms/content/news/get?news_id=${id}`)).data as Article).articleText;
    expect(text).not.toMatch(/<script|<iframe|<style|<svg|on\w+\s*=|javascript:|data:/i);
    expect(text).toContain('<b>world</b>');
    expect(text).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">ok</a>');
    expect(text).toContain('<img src="https://example.com/a.png"');
  });

  it('removes them from enterprise introductions, about-us and the footer too', async () => {
    const cms = createCmsService({ repo: createCmsRepo(t.database.db), now: () => new Date() });
    const id = await cms.saveEnterprise({ name: '测试企业', logo: 'javascript:alert(1)', mainBusiness: '测试', html: hostile });
    const e = envelope(await post('/cms/admin/content/enterprise_info/get', { id })).data as Enterprise;
    expect(e.enterpriseIntroduce).not.toMatch(/<script|on\w+\s*=|javascript:/i);
    expect(e.logo).toBe('');
    await cms.saveAboutUs({ html: hostile, logoImageUrl: '/file/download?fileId=x' });
    await cms.saveFooter(hostile);
    const about = envelope(await post('/cms/api/portal/cms/content/about_us/get', {})).data as { articleText: string };
    const footer = envelope(await get('/cms/api/portal/cms/content/page/footer/get')).data as { footerText: string };
    for (const html of [about.articleText, footer.footerText]) expect(html).not.toMatch(/<script|on\w+\s*=|javascript:/i);
  });
});
