import { useQuery } from '@tanstack/react-query';
import { newsTypesResource, type NewsTypeRow } from '@portal/contracts/admin-content';
import { NEWS_TYPE } from '@portal/contracts/cms-constants';
import { call } from '../../api/client';

/** Which news types each article page manages. */
export type ArticleGroup = 'news' | 'notice' | 'help';
const NOTICE_TYPES: readonly string[] = [NEWS_TYPE.bidNotice, NEWS_TYPE.dealNotice];
const HELP_TYPES: readonly string[] = [NEWS_TYPE.help];

/** The news type codes of a page: notices, help, or every other type (news columns). */
export function typesOfGroup(group: ArticleGroup, all: readonly NewsTypeRow[]): NewsTypeRow[] {
  if (group === 'notice') return all.filter((t) => NOTICE_TYPES.includes(t.code));
  if (group === 'help') return all.filter((t) => HELP_TYPES.includes(t.code));
  return all.filter((t) => !NOTICE_TYPES.includes(t.code) && !HELP_TYPES.includes(t.code));
}

/** Every news type (there are few), shared by the article pages. */
export function useNewsTypeRows() {
  return useQuery({
    queryKey: ['resource', newsTypesResource.name, 'all'],
    queryFn: () => call(newsTypesResource.endpoints.list, { body: { pageNo: 1, pageSize: 100 } }),
  });
}
