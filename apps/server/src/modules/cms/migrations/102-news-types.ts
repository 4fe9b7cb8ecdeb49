import type { Kysely } from 'kysely';
import { NEWS_TYPE } from '@portal/contracts/cms-constants';
import type { Database } from '../../../db/schema';

/**
 * The news types (news columns) whose codes the portal's pages ask for: reference data, not demo
 * content, so an installation without demo data has them and operators can write news, notices and
 * help articles at once. Only a missing code is added; a type an operator renamed keeps its name.
 */
const NEWS_TYPES = [
  { code: NEWS_TYPE.news, name: '行业资讯', in_news_list: 1 },
  { code: NEWS_TYPE.bidNotice, name: '招标竞价公告', in_news_list: 1 },
  { code: NEWS_TYPE.dealNotice, name: '成交公告', in_news_list: 1 },
  { code: NEWS_TYPE.policy, name: '政策法规', in_news_list: 1 },
  { code: NEWS_TYPE.platform, name: '平台公告', in_news_list: 1 },
  { code: NEWS_TYPE.help, name: '帮助中心', in_news_list: 0 },
];

export function newsTypes() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const kdb = db as unknown as Kysely<Database>;
      const existing = new Set((await kdb.selectFrom('cms_news_types').select('code').execute()).map((r) => r.code));
      for (const [sort, type] of NEWS_TYPES.entries()) {
        if (!existing.has(type.code))
          await kdb
            .insertInto('cms_news_types')
            .values({ ...type, sort })
            .execute();
      }
    },
  };
}
