import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  agreementsResource,
  articlesResource,
  bannersResource,
  enterprisesResource,
  friendLinksResource,
  marketsResource,
  newsTypesResource,
  priceIndicesResource,
  recommendedShopsResource,
  shopOptionsEndpoint,
  sitePageEndpoints,
  uploadEndpoints,
  varietiesResource,
  type ArticleRow,
  type UploadedFile,
} from '@portal/contracts/admin-content';
import type { Endpoint } from '@portal/contracts/endpoint';
import { createTestApp, envelope, login, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
beforeEach(async () => {
  t = await createTestApp();
  admin = (await login(t.app, 'admin', 'Admin@2026')).token;
});
afterEach(async () => {
  await t.close();
});

const call = (endpoint: Endpoint, payload: unknown = {}, token: string | null = admin) =>
  t.app.inject({ method: endpoint.method, url: endpoint.path, payload: payload as object, headers: token ? { token } : {} });
const data = async <T>(endpoint: Endpoint, payload: unknown = {}, token: string | null = admin): Promise<T> => {
  const body = envelope(await call(endpoint, payload, token));
  expect(body.return_code, `${endpoint.path}: ${body.error_info}`).toBe('0');
  return body.data as T;
};
const portal = async <T>(method: 'GET' | 'POST', url: string, payload?: object): Promise<T> =>
  envelope(await t.app.inject({ method, url, ...(payload ? { payload } : {}) })).data as T;
const TABLES = [
  'cms_articles',
  'cms_news_types',
  'cms_banners',
  'cms_friend_links',
  'cms_enterprises',
  'cms_price_indices',
  'cms_pages',
  'agreements',
  'varieties',
  'markets',
  'files',
  'operation_log',
] as const;
const counts = async () => {
  const out: Record<string, number> = {};
  for (const table of TABLES) {
    const row = await t.database.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    out[table] = Number(row.n);
  }
  const shops = await t.database.db.selectFrom('shops').select(['user_id', 'recommended', 'recommend_sort']).orderBy('user_id').execute();
  return { ...out, shops: JSON.stringify(shops) };
};
const fieldOf = (res: Awaited<ReturnType<typeof call>>) => (envelope(res).data as { field?: string } | null)?.field;

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const DIRTY = [
  '<h2 onclick="steal()">行业动态</h2>',
  '<p>尿素价格<script>alert(1)</script>企稳回升。<img src="x" onerror="alert(2)"></p>',
  '<p><a href="javascript:alert(3)">点击</a> <a href="https://example.com/r" target="_blank">原文</a></p>',
  '<iframe src="https://evil.example"></iframe><style>body{display:none}</style>',
].join('');

const goodArticle = { subType: 'NEWS', title: '尿素市场周评', html: DIRTY, publishDate: '2026-03-02T08:00:00+08:00', sort: 0 };

/** Every content-management call with a body that passes validation. */
const WRITES: [Endpoint, unknown][] = [
  [newsTypesResource.endpoints.create, { code: 'MARKET', name: '市场' }],
  [articlesResource.endpoints.create, goodArticle],
  [bannersResource.endpoints.create, { positionCode: 'web_index', title: 'x', imageUrl: '/file/download?fileId=a' }],
  [friendLinksResource.endpoints.create, { name: 'x', url: 'https://example.com' }],
  [enterprisesResource.endpoints.create, { name: 'x', html: '<p>x</p>' }],
  [priceIndicesResource.endpoints.create, { goodsName: 'x', priceIndex: 1, indexDate: '2026-03-01' }],
  [agreementsResource.endpoints.create, { kind: 'register', title: 'x', body: 'x' }],
  [recommendedShopsResource.endpoints.create, { shopId: '1' }],
  [varietiesResource.endpoints.create, { code: 'X1', shortName: 'x', unit: '吨' }],
  [marketsResource.endpoints.create, { marketId: 'M77', marketNameZh: 'x', objMode: 1, currency: 'CNY' }],
  [articlesResource.endpoints.update, { id: '1', ...goodArticle }],
  [articlesResource.endpoints.remove, { id: '1' }],
  [bannersResource.endpoints.remove, { id: '1' }],
  [varietiesResource.endpoints.remove, { id: 'COAL' }],
  [marketsResource.endpoints.remove, { id: 'M01' }],
  [sitePageEndpoints.saveAboutUs, { html: '<p>x</p>' }],
  [sitePageEndpoints.saveFooter, { html: '<p>x</p>' }],
  [sitePageEndpoints.savePageConfig, { siteName: 'x' }],
];
const READS: [Endpoint, unknown][] = [
  ...[
    newsTypesResource,
    articlesResource,
    bannersResource,
    friendLinksResource,
    enterprisesResource,
    priceIndicesResource,
    agreementsResource,
    recommendedShopsResource,
    varietiesResource,
    marketsResource,
  ].map((r) => [r.endpoints.list, { pageNo: 1, pageSize: 10 }] as [Endpoint, unknown]),
  [shopOptionsEndpoint, {}],
  [sitePageEndpoints.get, {}],
];

describe('access to content management', () => {
  it('answers visitors 401 and company users 403 (-106) on every call, writing nothing', async () => {
    const buyer = (await login(t.app, 'buyer01', 'Buyer@2026')).token;
    const before = await counts();
    for (const [endpoint, payload] of [...WRITES, ...READS]) {
      const anon = await call(endpoint, payload, null);
      expect(anon.statusCode, endpoint.path).toBe(401);
      const company = await call(endpoint, payload, buyer);
      expect(company.statusCode, endpoint.path).toBe(403);
      expect(envelope(company).error_no, endpoint.path).toBe('-106');
    }
    expect(
      await call(uploadEndpoints.upload, { name: 'a.png', contentType: 'image/png', data: PNG.toString('base64') }, null),
    ).toMatchObject({
      statusCode: 401,
    });
    expect(await counts()).toEqual(before);
  });

  it('answers the operator on every read', async () => {
    for (const [endpoint, payload] of READS) expect((await call(endpoint, payload)).statusCode, endpoint.path).toBe(200);
  });
});

describe('articles', () => {
  it('stores rich text sanitised, and the portal shows the article on its news list and detail', async () => {
    const created = await data<ArticleRow>(articlesResource.endpoints.create, { ...goodArticle, coverUrl: 'javascript:alert(4)x' }).catch(
      () => undefined,
    );
    // A javascript: cover is refused by the contract itself.
    expect(created).toBeUndefined();
    const article = await data<ArticleRow>(articlesResource.endpoints.create, {
      ...goodArticle,
      coverUrl: '/file/download?fileId=demo-banner-1.svg',
    });
    for (const bad of ['<script', 'onclick', 'onerror', 'javascript:', '<iframe', '<style', 'alert(1)'])
      expect(article.html).not.toContain(bad);
    expect(article.html).toContain('<h2>行业动态</h2>');
    expect(article.html).toContain('rel="noopener noreferrer"');
    expect(article.remark).toContain('尿素价格');
    expect(article.subTypeName).not.toBe('');

    const stored = await t.database.db
      .selectFrom('cms_articles')
      .select('body_html')
      .where('id', '=', Number(article.id))
      .executeTakeFirstOrThrow();
    expect(stored.body_html).toBe(article.html);
    const list = await portal<{ rows: { id: string; articleName: string }[] }>('POST', '/cms/api/portal/cms/content/news/search', {
      page_no: 1,
      page_size: 99,
      artical_sub_type: 'NEWS',
    });
    expect(list.rows.find((r) => r.id === article.id)).toMatchObject({ articleName: '尿素市场周评' });
    const detail = await portal<{ articleText: string }>('GET', `/cms/api/portal/cms/content/news/get?news_id=${article.id}`);
    expect(detail.articleText).toBe(article.html);

    const updated = await data<ArticleRow>(articlesResource.endpoints.update, {
      ...goodArticle,
      id: article.id,
      title: '尿素市场周评（修订）',
      html: '<p onmouseover="x()">修订<a href="JaVaScRiPt:alert(1)">链接</a></p>',
    });
    expect(updated.html).toBe('<p>修订<a>链接</a></p>');
    const found = await data<{ rows: ArticleRow[]; total: number }>(articlesResource.endpoints.list, {
      keyword: '周评（修订',
      subTypes: ['NEWS', 'POLICY'],
      pageNo: 1,
      pageSize: 10,
    });
    expect(found.rows.map((r) => r.id)).toEqual([article.id]);
    await data(articlesResource.endpoints.remove, { id: article.id });
    expect((await t.app.inject({ method: 'GET', url: `/cms/api/portal/cms/content/news/get?news_id=${article.id}` })).statusCode).toBe(404);

    const log = await t.database.db.selectFrom('operation_log').select(['resource', 'action']).orderBy('id').execute();
    expect(log).toEqual([
      { resource: 'articles', action: 'create' },
      { resource: 'articles', action: 'update' },
      { resource: 'articles', action: 'delete' },
    ]);
  });

  it('refuses bad articles naming the field, writing nothing', async () => {
    const before = await counts();
    for (const [payload, field] of [
      [{ ...goodArticle, title: '' }, 'title'],
      [{ ...goodArticle, title: '题'.repeat(201) }, 'title'],
      [{ ...goodArticle, subType: 'NOPE' }, 'subType'],
      [{ ...goodArticle, subType: 'bad type' }, 'subType'],
      [{ ...goodArticle, publishDate: '明天' }, 'publishDate'],
      [{ ...goodArticle, html: '' }, 'html'],
      [{ ...goodArticle, html: '<script>alert(1)</script>' }, 'html'],
      [{ ...goodArticle, html: 'x'.repeat(200_001) }, 'html'],
      [{ ...goodArticle, sort: 'first' }, 'sort'],
      [{ ...goodArticle, author: 'me' }, 'author'],
    ] as const) {
      const res = await call(articlesResource.endpoints.create, payload);
      expect(res.statusCode, field).toBe(400);
      expect(fieldOf(res), field).toBe(field);
    }
    expect((await call(articlesResource.endpoints.update, { id: '999999', ...goodArticle })).statusCode).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it('keeps news types; one still holding articles is not deleted', async () => {
    await data(newsTypesResource.endpoints.create, { code: 'MARKET_WEEKLY', name: '市场周报', sort: 9, inNewsList: true });
    const types = await portal<{ rows: { dictValue: string }[] }>('POST', '/cms/api/portal/cms/get_newstype_by_page', {});
    expect(types.rows.map((r) => r.dictValue)).toContain('MARKET_WEEKLY');
    expect(envelope(await call(newsTypesResource.endpoints.create, { code: 'MARKET_WEEKLY', name: 'x' })).error_no).toBe('113003');
    const inUse = await call(newsTypesResource.endpoints.remove, { id: 'NEWS' });
    expect(inUse.statusCode).toBe(409);
    await data(newsTypesResource.endpoints.remove, { id: 'MARKET_WEEKLY' });
  });
});

describe('banners, links, enterprises, indices, agreements and pages', () => {
  it('adds a home banner the carousel shows, in order, with safe addresses only', async () => {
    const banner = await data<{ id: string }>(bannersResource.endpoints.create, {
      positionCode: 'web_index',
      title: '新春采购节',
      imageUrl: '/file/download?fileId=demo-banner-1.svg',
      url: '/onListing',
      sort: 0,
    });
    const shown = await portal<{ adTitle: string; url: string }[]>('POST', '/cms/api/portal/cms/site/query_by_site_position_code', {
      ad_position_code: 'web_index',
    });
    expect(shown.find((b) => b.adTitle === '新春采购节')).toMatchObject({ url: '/onListing' });
    await data(bannersResource.endpoints.update, {
      id: banner.id,
      positionCode: 'web_index',
      title: '新春采购节',
      imageUrl: '/file/download?fileId=demo-banner-1.svg',
      enabled: false,
    });
    const after = await portal<{ adTitle: string }[]>('POST', '/cms/api/portal/cms/site/query_by_site_position_code', {
      ad_position_code: 'web_index',
    });
    expect(after.map((b) => b.adTitle)).not.toContain('新春采购节');

    const before = await counts();
    for (const [payload, field] of [
      [{ positionCode: 'web_index', title: 'x', imageUrl: 'javascript:alert(1)' }, 'imageUrl'],
      [{ positionCode: 'web_index', title: 'x', imageUrl: '' }, 'imageUrl'],
      [{ positionCode: 'web_index', title: 'x', imageUrl: '/a.png', url: 'javascript:alert(1)' }, 'url'],
      [{ positionCode: 'web_index', title: 'x', imageUrl: '/a.png', hyperlink: '//evil.example' }, 'hyperlink'],
      [{ positionCode: 'web index', title: 'x', imageUrl: '/a.png' }, 'positionCode'],
      [{ positionCode: 'web_index', title: 'x', imageUrl: '/a.png', adType: '9' }, 'adType'],
    ] as const) {
      const res = await call(bannersResource.endpoints.create, payload);
      expect(res.statusCode, field).toBe(400);
      expect(fieldOf(res), field).toBe(field);
    }
    expect(await counts()).toEqual(before);
  });

  it('keeps friend links, enterprises, price indices and agreements, each visible where the portal reads it', async () => {
    await data(friendLinksResource.endpoints.create, {
      name: '上海期货交易所',
      url: 'https://www.shfe.com.cn',
      logo: '/file/download?fileId=x.png',
      sort: 0,
    });
    const links = await portal<{ rows: { name: string }[] }>('POST', '/cms/api/portal/cms/content/friend_link/query', {});
    expect(links.rows.map((l) => l.name)).toContain('上海期货交易所');
    expect(fieldOf(await call(friendLinksResource.endpoints.create, { name: 'x', url: 'ftp://x' }))).toBe('url');

    const ent = await data<{ id: string; html: string }>(enterprisesResource.endpoints.create, {
      name: '测试化工有限公司',
      mainBusiness: '甲醇',
      html: '<p>简介<img src="/file/download?fileId=x.png" onerror="alert(1)"></p><script>x()</script>',
    });
    expect(ent.html).not.toMatch(/onerror|script/);
    const detail = await portal<{ enterpriseIntroduce: string }>('POST', '/cms/admin/content/enterprise_info/get', { id: ent.id });
    expect(detail.enterpriseIntroduce).toBe(ent.html);

    await data(priceIndicesResource.endpoints.create, {
      goodsName: '测试指数',
      priceIndex: 1234.56,
      indexDate: '2030-01-01',
      dayChange: -1.25,
      monthChange: 2.5,
      yearChange: 10,
    });
    const indices = await portal<{ goodsName: string; priceIndex: number; comparedWithYesterday: number }[]>(
      'GET',
      '/cms/admin/content/price_index/getPriceIndexList',
    );
    expect(indices.find((i) => i.goodsName === '测试指数')).toMatchObject({ priceIndex: 1234.56, comparedWithYesterday: -1.25 });
    expect(fieldOf(await call(priceIndicesResource.endpoints.create, { goodsName: 'x', priceIndex: 1, indexDate: '2030-13-01' }))).toBe(
      'indexDate',
    );

    const agreement = await data<{ id: string }>(agreementsResource.endpoints.create, {
      kind: 'privacy',
      title: '数据安全承诺',
      body: '第一条\n\n第二条',
    });
    expect(agreement.id).toMatch(/^\d+$/);
    expect(fieldOf(await call(agreementsResource.endpoints.create, { kind: 'other', title: 'x', body: 'x' }))).toBe('kind');
  });

  it('saves about-us, footer and page config sanitised, visible to the portal and logged', async () => {
    const pages = await data<{ aboutUs: { html: string } }>(sitePageEndpoints.saveAboutUs, {
      html: '<p>平台简介<script>alert(1)</script><a href="javascript:x()">x</a></p>',
      logoImageUrl: '/file/download?fileId=logo.png',
    });
    expect(pages.aboutUs.html).toBe('<p>平台简介<a>x</a></p>');
    const about = await portal<{ articleText: string; logoImageUrl: string }>('POST', '/cms/api/portal/cms/content/about_us/get', {});
    expect(about).toEqual({ articleText: '<p>平台简介<a>x</a></p>', logoImageUrl: '/file/download?fileId=logo.png' });
    await data(sitePageEndpoints.saveFooter, { html: '<p onclick="x">© 2026 平台</p>' });
    expect((await portal<{ footerText: string }>('GET', '/cms/api/portal/cms/content/page/footer/get')).footerText).toBe(
      '<p>© 2026 平台</p>',
    );
    await data(sitePageEndpoints.savePageConfig, {
      siteName: '新平台名',
      menuLogo: '/file/download?fileId=logo.png',
      servicePhone: '400-800-0000',
    });
    const config = await portal<{ siteName: string; pageLogo: { menuLogo: string } }>(
      'GET',
      '/cms/api/portal/cms/sys/get_system_page_config',
    );
    expect(config).toMatchObject({ siteName: '新平台名', pageLogo: { menuLogo: '/file/download?fileId=logo.png' } });
    expect(fieldOf(await call(sitePageEndpoints.savePageConfig, { siteName: '' }))).toBe('siteName');
    expect(fieldOf(await call(sitePageEndpoints.savePageConfig, { siteName: 'x', serviceEmail: 'nope' }))).toBe('serviceEmail');
    const log = await t.database.db.selectFrom('operation_log').select(['resource', 'record_id', 'after_json']).orderBy('id').execute();
    expect(log.map((r) => [r.resource, r.record_id])).toEqual([
      ['site-pages', 'about_us'],
      ['site-pages', 'footer'],
      ['site-pages', 'page_config'],
    ]);
    expect(JSON.parse(log[2]!.after_json!).siteName).toBe('新平台名');
  });
});

describe('trading reference data', () => {
  it('recommends a shop and takes it off the list again', async () => {
    const recommended = await data<{ rows: { id: string }[] }>(recommendedShopsResource.endpoints.list, { pageNo: 1, pageSize: 10 });
    const shop = recommended.rows[0]!;
    await data(recommendedShopsResource.endpoints.remove, { id: shop.id });
    const after = await portal<{ userId: string }[]>('POST', '/commtrade/ws/shop/getRecommend');
    expect(after.map((s) => s.userId)).not.toContain(shop.id);
    // The shop itself stays and can be recommended again.
    const options = await data<{ id: string }[]>(shopOptionsEndpoint, {});
    expect(options.map((o) => o.id)).toContain(shop.id);
    await data(recommendedShopsResource.endpoints.create, { shopId: shop.id, sort: 0 });
    const shown = await portal<{ userId: string }[]>('POST', '/commtrade/ws/shop/getRecommend');
    expect(shown.map((s) => s.userId)).toContain(shop.id);
    expect(envelope(await call(recommendedShopsResource.endpoints.create, { shopId: shop.id })).error_no).toBe('113014');
    expect(fieldOf(await call(recommendedShopsResource.endpoints.create, { shopId: '999999' }))).toBe('shopId');
  });

  it('grows the 3-level variety tree and keeps varieties in use', async () => {
    const tree = await portal<{ code: string; children: { code: string; children: { code: string }[] }[] }[]>(
      'POST',
      '/commtrade/ws/variety/portalQueryVarietyTree',
    );
    const top = tree[0]!;
    const branch = top.children[0]!;
    const leaf = branch.children[0]!;
    const added = await data<{ level: number }>(varietiesResource.endpoints.create, {
      code: 'E2E_LEAF',
      parCode: branch.code,
      shortName: '测试品种',
      unit: '吨',
    });
    expect(added.level).toBe(3);
    const grown = await portal<typeof tree>('POST', '/commtrade/ws/variety/portalQueryVarietyTree');
    expect(grown[0]!.children[0]!.children.map((c) => c.code)).toContain('E2E_LEAF');
    expect(
      fieldOf(await call(varietiesResource.endpoints.create, { code: 'TOO_DEEP', parCode: leaf.code, shortName: 'x', unit: '吨' })),
    ).toBe('parCode');
    expect(
      fieldOf(await call(varietiesResource.endpoints.create, { code: 'ORPHAN', parCode: 'NO_SUCH', shortName: 'x', unit: '吨' })),
    ).toBe('parCode');
    expect(envelope(await call(varietiesResource.endpoints.remove, { id: top.code })).error_no).toBe('113009');
    expect(envelope(await call(varietiesResource.endpoints.remove, { id: leaf.code })).error_no).toBe('113004');
    await data(varietiesResource.endpoints.remove, { id: 'E2E_LEAF' });
  });

  it('keeps markets and their currency; a market with listings is not deleted', async () => {
    await data(marketsResource.endpoints.create, { marketId: 'M77', marketNameZh: '测试市场', objMode: 7, currency: 'USD', sort: 7 });
    const markets = await portal<{ marketId: string; currency: string }[]>('POST', '/commtrade/ext/cb/queryMarketListByModeForCms', {
      objMode: 7,
    });
    expect(markets.find((m) => m.marketId === 'M77')?.currency).toBe('USD');
    expect(fieldOf(await call(marketsResource.endpoints.create, { marketId: 'M78', marketNameZh: 'x', objMode: 1, currency: 'EUR' }))).toBe(
      'currency',
    );
    expect(
      envelope(await call(marketsResource.endpoints.create, { marketId: 'M77', marketNameZh: 'x', objMode: 1, currency: 'CNY' })).error_no,
    ).toBe('113003');
    expect(envelope(await call(marketsResource.endpoints.remove, { id: 'M01' })).error_no).toBe('113004');
    await data(marketsResource.endpoints.remove, { id: 'M77' });
  });
});

describe('uploads', () => {
  it('stores an image checked by its bytes and serves it from /file/download', async () => {
    const file = await data<UploadedFile>(uploadEndpoints.upload, {
      name: '封面/图.png',
      contentType: 'image/png',
      data: PNG.toString('base64'),
    });
    expect(file).toMatchObject({ contentType: 'image/png', size: PNG.length, name: '封面_图.png' });
    expect(file.url).toBe(`/file/download?fileId=${file.fileId}`);
    const served = await t.app.inject({ method: 'GET', url: file.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    // Company users upload their logos too.
    const buyer = (await login(t.app, 'buyer01', 'Buyer@2026')).token;
    expect(
      (await call(uploadEndpoints.upload, { name: 'logo.png', contentType: 'image/png', data: PNG.toString('base64') }, buyer)).statusCode,
    ).toBe(200);
  });

  it('refuses what is not a raster image of its claimed type, or too large, storing nothing', async () => {
    const before = await counts();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>').toString('base64');
    const refused = [
      await call(uploadEndpoints.upload, { name: 'a.svg', contentType: 'image/svg+xml', data: svg }),
      await call(uploadEndpoints.upload, { name: 'a.png', contentType: 'image/png', data: svg }),
      await call(uploadEndpoints.upload, { name: 'a.jpg', contentType: 'image/jpeg', data: PNG.toString('base64') }),
      await call(uploadEndpoints.upload, { name: 'a.png', contentType: 'image/png', data: 'not base64!' }),
      await call(uploadEndpoints.upload, { name: '', contentType: 'image/png', data: PNG.toString('base64') }),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([400, 400, 400, 400, 400]);
    expect(refused.map((r) => envelope(r).error_no)).toEqual(['100001', '113010', '113010', '100001', '100001']);
    expect(refused.map(fieldOf)).toEqual(['contentType', undefined, undefined, 'data', 'name']);
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]).toString('base64');
    const tooBig = await call(uploadEndpoints.upload, { name: 'big.png', contentType: 'image/png', data: big });
    expect(tooBig.statusCode).toBe(400);
    expect(fieldOf(tooBig)).toBe('data');
    expect(await counts()).toEqual(before);
  });
});
