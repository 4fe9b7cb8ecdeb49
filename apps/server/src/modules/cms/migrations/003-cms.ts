import type { Kysely } from 'kysely';
import { blobType, withIdColumn, type Dialect } from '../../../db/database';

/** Stored files and the portal's content: news types, articles, banners, links, enterprises, price indices, pages. */
export function cms(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('files')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('name', 'varchar(200)', (c) => c.notNull())
        .addColumn('content_type', 'varchar(100)', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('etag', 'varchar(80)', (c) => c.notNull())
        .addColumn('data', blobType(dialect), (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('cms_news_types')
        .addColumn('code', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        /** 0 for types that are not news columns (help centre), so the news list does not offer them. */
        .addColumn('in_news_list', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();

      await withIdColumn(db.schema.createTable('cms_articles'), dialect)
        .addColumn('sub_type', 'varchar(40)', (c) => c.notNull().references('cms_news_types.code'))
        .addColumn('title', 'varchar(200)', (c) => c.notNull())
        .addColumn('remark', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .addColumn('body_html', 'text', (c) => c.notNull())
        .addColumn('publish_date', 'varchar(32)', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('cms_articles_type_date')
        .on('cms_articles')
        .columns(['sub_type', 'sort', 'publish_date', 'id'])
        .execute();
      await db.schema.createIndex('cms_articles_date').on('cms_articles').columns(['publish_date', 'id']).execute();

      await withIdColumn(db.schema.createTable('cms_banners'), dialect)
        .addColumn('position_code', 'varchar(40)', (c) => c.notNull())
        .addColumn('title', 'varchar(200)', (c) => c.notNull().defaultTo(''))
        .addColumn('image_url', 'varchar(500)', (c) => c.notNull())
        .addColumn('url', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .addColumn('hyperlink', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .addColumn('ad_type', 'varchar(20)', (c) => c.notNull().defaultTo('1'))
        .addColumn('attachment', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.createIndex('cms_banners_position').on('cms_banners').columns(['position_code', 'sort']).execute();

      await withIdColumn(db.schema.createTable('cms_friend_links'), dialect)
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('url', 'varchar(500)', (c) => c.notNull())
        .addColumn('logo', 'varchar(500)', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await withIdColumn(db.schema.createTable('cms_enterprises'), dialect)
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('logo', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .addColumn('main_business', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .addColumn('introduce_html', 'text', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();

      await withIdColumn(db.schema.createTable('cms_price_indices'), dialect)
        .addColumn('goods_name', 'varchar(100)', (c) => c.notNull())
        /** Hundredths of the index value (two decimals kept exact). */
        .addColumn('index_value', 'integer', (c) => c.notNull())
        .addColumn('index_date', 'varchar(10)', (c) => c.notNull())
        /** Changes in hundredths of a percent (basis points). */
        .addColumn('day_change_bp', 'integer', (c) => c.notNull())
        .addColumn('month_change_bp', 'integer', (c) => c.notNull())
        .addColumn('year_change_bp', 'integer', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      // Single documents: about-us, footer, page config.
      await db.schema
        .createTable('cms_pages')
        .addColumn('code', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('image_url', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
    },
  };
}
