import type { ArticleRow, NewsTypeRow } from '@portal/contracts/admin-content';
import type { Db } from '../../db/database';
import { contains, type ResourceRepo } from '../../platform/resource';
import { pageAndTotal } from '../../platform/table-repo';

const numericId = (id: string) => (/^\d{1,12}$/.test(id) ? Number(id) : undefined);

export interface NewsTypeValues {
  name: string;
  sort: number;
  inNewsList: boolean;
}

/** The news types (columns of the news list, notices, the help centre) with their article counts. */
export function createNewsTypesAdminRepo(db: Db): ResourceRepo<NewsTypeRow, object, NewsTypeValues & { code: string }, NewsTypeValues> {
  const counts = db
    .selectFrom('cms_articles')
    .select((eb) => ['sub_type', eb.fn.countAll<number>().as('n')])
    .groupBy('sub_type')
    .as('ac');
  const base = () =>
    db
      .selectFrom('cms_news_types')
      .leftJoin(counts, 'ac.sub_type', 'cms_news_types.code')
      .select(['cms_news_types.code', 'cms_news_types.name', 'cms_news_types.sort', 'cms_news_types.in_news_list', 'ac.n']);
  const toRow = (r: { code: string; name: string; sort: number; in_news_list: number; n: number | string | null }): NewsTypeRow => ({
    id: r.code,
    code: r.code,
    name: r.name,
    sort: r.sort,
    inNewsList: r.in_news_list === 1,
    articleCount: Number(r.n ?? 0),
  });
  return {
    page(_f, pageNo, pageSize) {
      const rows = base().orderBy('cms_news_types.sort').orderBy('cms_news_types.code');
      return pageAndTotal(rows, db.selectFrom('cms_news_types'), pageNo, pageSize, toRow);
    },
    async get(id) {
      const row = await base().where('cms_news_types.code', '=', id).executeTakeFirst();
      return row ? toRow(row) : undefined;
    },
    async insert(v) {
      await db
        .insertInto('cms_news_types')
        .values({ code: v.code, name: v.name, sort: v.sort, in_news_list: v.inNewsList ? 1 : 0 })
        .execute();
      return v.code;
    },
    async update(id, v) {
      await db
        .updateTable('cms_news_types')
        .set({ name: v.name, sort: v.sort, in_news_list: v.inNewsList ? 1 : 0 })
        .where('code', '=', id)
        .execute();
    },
    async remove(id) {
      await db.deleteFrom('cms_news_types').where('code', '=', id).execute();
    },
  };
}

export interface ArticleFilters {
  keyword?: string;
  subType?: string;
  subTypes?: string[];
}
/** An article as the service hands it over: the HTML already sanitised, the remark already derived. */
export interface ArticleValues {
  subType: string;
  title: string;
  remark?: string;
  html: string;
  publishDate: string;
  coverUrl?: string;
  sort: number;
}

/** Articles of every type: news, notices, help articles. */
export function createArticlesAdminRepo(db: Db, now: () => Date): ResourceRepo<ArticleRow, ArticleFilters, ArticleValues, ArticleValues> {
  const filtered = (f: ArticleFilters) => {
    let q = db.selectFrom('cms_articles').leftJoin('cms_news_types', 'cms_news_types.code', 'cms_articles.sub_type');
    if (f.keyword) q = q.where(contains('cms_articles.title', f.keyword));
    if (f.subType) q = q.where('cms_articles.sub_type', '=', f.subType);
    if (f.subTypes) q = f.subTypes.length ? q.where('cms_articles.sub_type', 'in', f.subTypes) : q.where('cms_articles.id', '<', 0);
    return q;
  };
  const columns = [
    'cms_articles.id',
    'cms_articles.sub_type',
    'cms_articles.title',
    'cms_articles.remark',
    'cms_articles.body_html',
    'cms_articles.publish_date',
    'cms_articles.cover_url',
    'cms_articles.sort',
    'cms_articles.updated_at',
    'cms_news_types.name as type_name',
  ] as const;
  type Raw = {
    id: number;
    sub_type: string;
    title: string;
    remark: string;
    body_html: string;
    publish_date: string;
    cover_url: string;
    sort: number;
    updated_at: string;
    type_name: string | null;
  };
  const toRow = (r: Raw): ArticleRow => ({
    id: String(r.id),
    subType: r.sub_type,
    subTypeName: r.type_name ?? '',
    title: r.title,
    remark: r.remark,
    html: r.body_html,
    publishDate: r.publish_date,
    coverUrl: r.cover_url,
    sort: r.sort,
    updatedAt: r.updated_at,
  });
  const columnsOf = (v: ArticleValues) => ({
    sub_type: v.subType,
    title: v.title,
    remark: v.remark ?? '',
    body_html: v.html,
    publish_date: v.publishDate,
    cover_url: v.coverUrl ?? '',
    sort: v.sort,
  });
  return {
    page(f, pageNo, pageSize) {
      const rows = filtered(f).select(columns).orderBy('cms_articles.publish_date', 'desc').orderBy('cms_articles.id', 'desc');
      return pageAndTotal(rows, filtered(f), pageNo, pageSize, toRow);
    },
    async get(id) {
      const key = numericId(id);
      if (key === undefined) return undefined;
      const row = await filtered({}).select(columns).where('cms_articles.id', '=', key).executeTakeFirst();
      return row ? toRow(row) : undefined;
    },
    async insert(v) {
      const at = now().toISOString();
      const { id } = await db
        .insertInto('cms_articles')
        .values({ ...columnsOf(v), created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      return String(id);
    },
    async update(id, v) {
      await db
        .updateTable('cms_articles')
        .set({ ...columnsOf(v), updated_at: now().toISOString() })
        .where('id', '=', Number(id))
        .execute();
    },
    async remove(id) {
      await db.deleteFrom('cms_articles').where('id', '=', Number(id)).execute();
    },
  };
}

/** Whether a news type exists (an article names one). */
export async function newsTypeExists(db: Db, code: string): Promise<boolean> {
  return (await db.selectFrom('cms_news_types').select('code').where('code', '=', code).executeTakeFirst()) !== undefined;
}
