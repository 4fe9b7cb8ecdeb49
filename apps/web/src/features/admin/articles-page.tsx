import { Image, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { articlesResource, type ArticleRow } from '@portal/contracts/admin-content';
import { QueryState } from '../../shared/query-state';
import { ResourcePage } from '../../shared/resource/resource-page';
import { typesOfGroup, useNewsTypeRows, type ArticleGroup } from './content-queries';
import { formatDate, formatTime } from './format';

/** Content · articles of one group (news, notices or help): rich text, publish date, cover image. */
export function ArticlesPage({ group }: { group: ArticleGroup }) {
  const { t } = useTranslation('admin');
  const types = useNewsTypeRows();
  return (
    <QueryState query={types}>
      {(data) => {
        const own = typesOfGroup(group, data.rows);
        const options = own.map((type) => ({ value: type.code, label: type.name }));
        return (
          <ResourcePage<ArticleRow>
            resource={articlesResource}
            noun={t(`articles.nouns.${group}`)}
            formColumns={2}
            fixedFilters={{ subTypes: own.map((type) => type.code) }}
            searchFields={[
              { name: 'keyword', label: t('articles.title') },
              ...(options.length > 1 ? [{ name: 'subType', label: t('articles.type'), kind: 'select' as const, options }] : []),
            ]}
            columns={[
              {
                title: t('articles.cover'),
                dataIndex: 'coverUrl',
                width: 96,
                render: (url: string) => (url ? <Image src={url} alt="" width={72} height={40} style={{ objectFit: 'cover' }} /> : null),
              },
              { title: t('articles.title'), dataIndex: 'title', ellipsis: true, width: 320 },
              { title: t('articles.type'), dataIndex: 'subTypeName', render: (v: string) => <Tag>{v}</Tag> },
              { title: t('articles.publishDate'), dataIndex: 'publishDate', className: 'tabular', render: (v: string) => formatDate(v) },
              { title: t('articles.sort'), dataIndex: 'sort', align: 'right' },
              { title: t('articles.updatedAt'), dataIndex: 'updatedAt', className: 'tabular', render: (v: string) => formatTime(v) },
            ]}
            createFields={[
              { name: 'title', label: t('articles.title'), wide: true },
              { name: 'subType', label: t('articles.type'), kind: 'select', options },
              { name: 'publishDate', label: t('articles.publishDate'), kind: 'date' },
              { name: 'coverUrl', label: t('articles.cover'), kind: 'image' },
              { name: 'sort', label: t('articles.sort'), kind: 'number', help: t('articles.sortHelp') },
              { name: 'remark', label: t('articles.remark'), kind: 'textarea', wide: true, help: t('articles.remarkHelp') },
              { name: 'html', label: t('articles.body'), kind: 'richText', wide: true },
            ]}
            createDefaults={{ subType: options[0]?.value, publishDate: new Date().toISOString(), sort: 0 }}
          />
        );
      }}
    </QueryState>
  );
}

export const NewsArticlesPage = () => <ArticlesPage group="news" />;
export const NoticesPage = () => <ArticlesPage group="notice" />;
export const HelpArticlesPage = () => <ArticlesPage group="help" />;
