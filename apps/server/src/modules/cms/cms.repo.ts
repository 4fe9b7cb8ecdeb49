import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type {
  CmsArticleTable,
  CmsBannerTable,
  CmsEnterpriseTable,
  CmsFriendLinkTable,
  CmsNewsTypeTable,
  CmsPriceIndexTable,
} from '../../db/schema';

/** Storage of the portal's content. */
export function createCmsRepo(db: Db) {
  const articleColumns = [
    'cms_articles.id',
    'cms_articles.sub_type',
    'cms_articles.title',
    'cms_articles.remark',
    'cms_articles.publish_date',
    'cms_news_types.name as sub_type_name',
  ] as const;

  const articlesOf = (subTypes: readonly string[]) =>
    db
      .selectFrom('cms_articles')
      .innerJoin('cms_news_types', 'cms_news_types.code', 'cms_articles.sub_type')
      .where('cms_articles.sub_type', 'in', subTypes);

  return {
    newsTypes(onlyNewsList: boolean) {
      let query = db.selectFrom('cms_news_types').selectAll();
      if (onlyNewsList) query = query.where('in_news_list', '=', 1);
      return query.orderBy('sort').orderBy('code').execute();
    },

    /** One page of articles of the given types, ordered by pin order, then newest first. */
    articlePage(subTypes: readonly string[], offset: number, limit: number) {
      return articlesOf(subTypes)
        .select(articleColumns)
        .orderBy('cms_articles.sort')
        .orderBy('cms_articles.publish_date', 'desc')
        .orderBy('cms_articles.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute();
    },

    async countArticles(subTypes: readonly string[]): Promise<number> {
      const row = await articlesOf(subTypes)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    findArticle(id: number) {
      return db
        .selectFrom('cms_articles')
        .innerJoin('cms_news_types', 'cms_news_types.code', 'cms_articles.sub_type')
        .select([...articleColumns, 'cms_articles.body_html'])
        .where('cms_articles.id', '=', id)
        .executeTakeFirst();
    },

    banners(positionCode: string) {
      return db
        .selectFrom('cms_banners')
        .selectAll()
        .where('position_code', '=', positionCode)
        .where('enabled', '=', 1)
        .orderBy('sort')
        .orderBy('id')
        .execute();
    },

    friendLinks() {
      return db.selectFrom('cms_friend_links').selectAll().orderBy('sort').orderBy('id').execute();
    },

    enterprisePage(offset: number, limit: number) {
      return db
        .selectFrom('cms_enterprises')
        .select(['id', 'name', 'logo', 'main_business'])
        .orderBy('sort')
        .orderBy('id')
        .offset(offset)
        .limit(limit)
        .execute();
    },

    async countEnterprises(): Promise<number> {
      const row = await db
        .selectFrom('cms_enterprises')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    findEnterprise(id: number) {
      return db.selectFrom('cms_enterprises').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Each commodity's most recent index row. */
    latestPriceIndices() {
      return db
        .selectFrom('cms_price_indices as p')
        .selectAll('p')
        .where('p.index_date', '=', (eb) =>
          eb
            .selectFrom('cms_price_indices as q')
            .select((q) => q.fn.max('q.index_date').as('d'))
            .whereRef('q.goods_name', '=', 'p.goods_name'),
        )
        .orderBy('p.sort')
        .orderBy('p.id')
        .execute();
    },

    findPage(code: string) {
      return db.selectFrom('cms_pages').selectAll().where('code', '=', code).executeTakeFirst();
    },

    async insertNewsType(row: Insertable<CmsNewsTypeTable>): Promise<void> {
      await db.insertInto('cms_news_types').values(row).execute();
    },

    async insertArticle(row: Insertable<CmsArticleTable>): Promise<number> {
      const { id } = await db.insertInto('cms_articles').values(row).returning('id').executeTakeFirstOrThrow();
      return id;
    },

    async insertBanner(row: Insertable<CmsBannerTable>): Promise<void> {
      await db.insertInto('cms_banners').values(row).execute();
    },

    async insertFriendLink(row: Insertable<CmsFriendLinkTable>): Promise<void> {
      await db.insertInto('cms_friend_links').values(row).execute();
    },

    async insertEnterprise(row: Insertable<CmsEnterpriseTable>): Promise<number> {
      const { id } = await db.insertInto('cms_enterprises').values(row).returning('id').executeTakeFirstOrThrow();
      return id;
    },

    async insertPriceIndex(row: Insertable<CmsPriceIndexTable>): Promise<void> {
      await db.insertInto('cms_price_indices').values(row).execute();
    },

    /** Writes a single document (about-us, footer, page config), replacing the stored one. */
    async upsertPage(row: { code: string; content: string; image_url: string; updated_at: string }): Promise<void> {
      await db
        .insertInto('cms_pages')
        .values(row)
        .onConflict((oc) => oc.column('code').doUpdateSet({ content: row.content, image_url: row.image_url, updated_at: row.updated_at }))
        .execute();
    },
  };
}
export type CmsRepo = ReturnType<typeof createCmsRepo>;
